import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { cn } from '#client/lib/cn.ts'
import { joinAmountCodes } from '#client/lib/join-amount-codes.ts'
import { transactionDescription, transactionTypeName } from '#client/lib/server-texts.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { useTransactionMessages } from './messages.ts'
import {
  conversionDetail,
  transactionAmountDisplay,
  transactionDateLabel,
  walletSign,
} from './transaction-format.ts'
import { transactionTypeIcon } from './transaction-icons.ts'

/** Where a row leads: the transaction's details, with its timeline and receipt. */
export function transactionDetailsPath(id: string): string {
  return `/transactions/${encodeURIComponent(id)}`
}

/**
 * One line of a transaction list: icon, description, date and signed amount. With `linked`,
 * the whole row is a link to the transaction's details, reachable by keyboard like any link.
 */
export function TransactionRow({
  transaction,
  nowMs,
  trailing,
  showReference = false,
  linked = false,
}: {
  transaction: Transaction
  nowMs: number
  linked?: boolean
  /** The detailed list shows the reference, the number to quote to support. */
  showReference?: boolean
  /** Extra content under the amount, such as the history page's status badge. */
  trailing?: ReactNode
}) {
  const t = useTransactionMessages()
  const { icon: Icon, tone } = transactionTypeIcon(transaction.type)
  const description =
    transactionDescription(transaction) ||
    t('defaultDescription', { type: transactionTypeName(transaction.type) })
  const date = transactionDateLabel(transaction.createdAt, nowMs)
  const dateText =
    date.kind === 'today'
      ? t('today', { time: date.time })
      : date.kind === 'yesterday'
        ? t('yesterday', { time: date.time })
        : date.text
  const amount = transactionAmountDisplay(transaction)
  const sign = walletSign(transaction)
  const conversion = conversionDetail(transaction, transaction.convertedCurrency?.code ?? null)
  // The amount sits beside the description and the details run under both, the whole width
  // of the row: beside a column of amount and status, a description had too little room at
  // 360 px and wrapped a word a line. The description is never narrower than its longest word
  // (a quantity and its coin, joined by a non-breaking space, count as one), so a long word moves
  // the amount under it rather than breaking; only a word wider than the whole row breaks
  // (max-w-full caps flex's automatic minimum width).
  const row = (
    <div className="flex items-start gap-3 py-3" data-testid="transaction-row">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className="max-w-full flex-1 basis-32 text-sm font-medium wrap-break-word">
            {description}
          </p>
          <div className="ml-auto flex flex-col items-end gap-1">
            <p
              className={cn(
                'amount text-sm font-semibold',
                sign === '+' ? 'text-success' : 'text-foreground',
              )}
            >
              {amount.text}
            </p>
            {trailing}
          </div>
        </div>
        {transaction.counterparty ? (
          <p
            className="text-xs text-muted-foreground wrap-break-word"
            data-testid="transaction-counterparty"
          >
            {t('withParty', { name: transaction.counterparty })}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={transaction.createdAt}>{dateText}</time>
        </p>
        {showReference ? (
          <p
            className="font-mono text-[0.6875rem] text-muted-foreground wrap-anywhere"
            data-testid="transaction-reference"
          >
            {t('reference', { reference: transaction.reference })}
          </p>
        ) : null}
        {conversion ? (
          <p
            className="text-xs break-words text-muted-foreground"
            data-testid="transaction-conversion"
          >
            {joinAmountCodes(
              conversion.kind === 'exchange'
                ? t('exchangeDetail', conversion)
                : t('purchaseDetail', conversion),
            )}
          </p>
        ) : null}
        {amount.feeBreakdown ? (
          <p className="text-xs text-muted-foreground">{t('amountWithFee', amount.feeBreakdown)}</p>
        ) : null}
      </div>
    </div>
  )
  if (!linked) return row
  return (
    <Link
      href={transactionDetailsPath(transaction.id)}
      className="-mx-2 block rounded-lg px-2 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {row}
    </Link>
  )
}
