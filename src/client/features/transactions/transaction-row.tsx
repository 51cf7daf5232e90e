import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  Banknote,
  type LucideIcon,
  Plus,
  ShoppingCart,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { cn } from '#client/lib/cn.ts'
import { transactionDescription, transactionTypeName } from '#client/lib/server-texts.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { useTransactionMessages } from './messages.ts'
import {
  conversionDetail,
  transactionAmountDisplay,
  transactionDateLabel,
  walletSign,
} from './transaction-format.ts'

const TYPE_ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  send: {
    icon: ArrowUpRight,
    tone: 'bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300',
  },
  receive: {
    icon: ArrowDownLeft,
    tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
  },
  add_funds: {
    icon: Plus,
    tone: 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300',
  },
  purchase: {
    icon: ShoppingCart,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300',
  },
  withdraw: {
    icon: Banknote,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
}
// Any other type gets a generic icon (docs/screens.md "Display rules").
const GENERIC_ICON = { icon: ArrowLeftRight, tone: 'bg-muted text-muted-foreground' }

/** The icon and colours of a transaction type, shared by the lists and the details view. */
export function transactionTypeIcon(type: string): { icon: LucideIcon; tone: string } {
  return TYPE_ICONS[type] ?? GENERIC_ICON
}

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
  const row = (
    <div className="flex items-center gap-3 py-3" data-testid="transaction-row">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{description}</p>
        {transaction.counterparty ? (
          <p
            className="truncate text-xs text-muted-foreground"
            data-testid="transaction-counterparty"
          >
            {t('withParty', { name: transaction.counterparty })}
          </p>
        ) : null}
        <p className="truncate text-xs text-muted-foreground">
          <time dateTime={transaction.createdAt}>{dateText}</time>
        </p>
        {showReference ? (
          <p
            className="truncate font-mono text-[0.6875rem] text-muted-foreground"
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
            {conversion.kind === 'exchange'
              ? t('exchangeDetail', conversion)
              : t('purchaseDetail', conversion)}
          </p>
        ) : null}
        {amount.feeBreakdown ? (
          <p className="text-xs text-muted-foreground">{t('amountWithFee', amount.feeBreakdown)}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p
          className={cn(
            'text-sm font-semibold tabular-nums',
            sign === '+' ? 'text-success' : 'text-foreground',
          )}
        >
          {amount.text}
        </p>
        {trailing}
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
