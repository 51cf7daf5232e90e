import { useState } from 'react'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, useAmountMessages } from '#client/lib/amount-messages.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatMoney } from '#shared/money.ts'
import type { Pocket } from '#shared/schemas/pockets.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { usePocketMessages } from './messages.ts'

export type PocketMove = 'deposit' | 'withdraw'

/**
 * Money into a pocket from its wallet, or back out (docs/pockets.md): an amount, then the one
 * money-action flow with its Idempotency-Key, without a PIN, since the money stays the user's.
 */
export function MoveMoneyDialog({
  pocket,
  move,
  onClose,
}: {
  pocket: Pocket
  move: PocketMove
  onClose: () => void
}) {
  const t = usePocketMessages()
  const a = useAmountMessages()
  const wallets = useWallets({ enabled: true })
  const wallet = wallets.data?.find((candidate) => candidate.id === pocket.walletId)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const currency = { code: pocket.currency, symbol: pocket.symbol }
  const action = useMoneyAction({
    pin: false,
    parse: (data) => transactionSchema.parse(data),
    transactionIdOf: () => null,
    failure: { title: t('moveFailed'), message: t('moveFailed') },
    success: {
      title: t('moved'),
      description: move === 'deposit' ? t('movedAdd', { pocket: pocket.name }) : t('movedTake'),
    },
    onReceiptClosed: onClose,
  })

  function review() {
    const amount = readAmountInput(text, pocket.currency)
    if (!amount.ok) {
      setProblem(describeAmountProblem(amount.problem, pocket.currency, a))
      return
    }
    setProblem(undefined)
    const shown = formatAmount(amount.value, currency)
    action.review({
      path: `/api/pockets/${encodeURIComponent(pocket.id)}/${move}`,
      body: { amount: formatMoney(amount.value) },
      review: {
        title:
          move === 'deposit'
            ? t('reviewAddTitle', { pocket: pocket.name })
            : t('reviewTakeTitle', { pocket: pocket.name }),
        rows: [
          { label: t('summaryAmount'), value: shown, strong: true },
          { label: t('summaryFee'), value: t('summaryFeeFree') },
        ],
        note: t('reviewFree'),
        ...(move === 'deposit' && wallet ? { spend: { wallet, total: amount.value } } : {}),
      },
    })
  }

  const title =
    move === 'deposit'
      ? t('addTitle', { pocket: pocket.name })
      : t('takeTitle', { pocket: pocket.name })
  const available =
    move === 'deposit'
      ? t('fromWallet', {
          currency: pocket.currency,
          balance: wallet ? formatWalletBalance(wallet) : '…',
        })
      : t('toWallet', {
          currency: pocket.currency,
          balance: formatAmount(pocket.balance, currency),
        })
  return (
    <>
      {/* The amount, until the review opens; back again if the review is cancelled. */}
      <Dialog
        open={action.step.kind === 'closed'}
        onOpenChange={(open) => (open ? undefined : onClose())}
      >
        <DialogContent closeLabel={t('cancel')}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              review()
            }}
          >
            <DialogTitle className="pr-8 wrap-break-word">{title}</DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              {available}
            </DialogDescription>
            <TextField
              id="pocket-amount"
              label={t('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder()}
              value={text}
              error={problem}
              onChange={(event) => setText(event.target.value)}
            />
            <Button type="submit">{t('review')}</Button>
          </form>
        </DialogContent>
      </Dialog>
      <MoneyActionSheet action={action} />
    </>
  )
}
