import { type FormEvent, useId, useState } from 'react'
import type { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ChoiceSelect } from '#client/components/ui/choice-select.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { adjustmentRequestSchema, type CustomerRecord } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from '../messages.ts'
import { errorText } from '../ops-errors.ts'
import { formatOpsAmount } from '../ops-format.ts'
import { amountProblem } from '../proposals.ts'
import { reasonProblem } from '../reason.ts'
import { TextAreaField } from './text-area-field.tsx'

const TEXT = OPS_TEXT.record
const NO_TRANSACTION = 'none'

type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>

/**
 * "Propose adjustment" on a customer's record (support): a credit or debit of one wallet with
 * a reason, tied to a transaction or not. The server moves it at once or queues it for a
 * second operator; the record page says which.
 */
export function AdjustmentDialog({
  open,
  onOpenChange,
  record,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  record: CustomerRecord
  onConfirm: (body: AdjustmentRequest) => Promise<unknown>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={OPS_TEXT.close} data-testid="ops-adjust-dialog">
          <DialogTitle>{TEXT.adjustTitle}</DialogTitle>
          <DialogDescription>{TEXT.adjustText}</DialogDescription>
          <AdjustmentForm
            record={record}
            onConfirm={onConfirm}
            onClose={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

type Errors = { wallet?: string; amount?: string; reason?: string }

function AdjustmentForm({
  record,
  onConfirm,
  onClose,
}: {
  record: CustomerRecord
  onConfirm: (body: AdjustmentRequest) => Promise<unknown>
  onClose: () => void
}) {
  const ids = {
    wallet: useId(),
    direction: useId(),
    amount: useId(),
    transaction: useId(),
    reason: useId(),
  }
  const primary = record.wallets.find((wallet) => wallet.isPrimary) ?? record.wallets[0]
  const [walletId, setWalletId] = useState(primary?.id ?? '')
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit')
  const [amount, setAmount] = useState('')
  const [transactionId, setTransactionId] = useState(NO_TRANSACTION)
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const wallet = record.wallets.find((candidate) => candidate.id === walletId)

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (pending) return
    const found: Errors = {
      wallet: wallet ? undefined : TEXT.walletRequired,
      amount: wallet ? (amountProblem(amount, wallet.currency) ?? undefined) : undefined,
      reason: reasonProblem(reason) ?? undefined,
    }
    setErrors(found)
    if (found.wallet || found.amount || found.reason) return
    const parsed = adjustmentRequestSchema.safeParse({
      customerId: record.customer.id,
      walletId,
      amount: amount.trim(),
      direction,
      reason: reason.trim(),
      ...(transactionId === NO_TRANSACTION ? {} : { transactionId }),
    })
    if (!parsed.success) {
      setFailure(OPS_TEXT.actionFailed)
      return
    }
    setPending(true)
    setFailure(null)
    try {
      await onConfirm(parsed.data)
      onClose()
    } catch (error) {
      setFailure(errorText(error))
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 grid gap-4">
      <FormAlert message={failure} />
      <ChoiceSelect
        id={ids.wallet}
        label={TEXT.wallet}
        value={walletId}
        error={errors.wallet}
        options={record.wallets.map((candidate) => ({
          value: candidate.id,
          label: `${candidate.currency} · ${formatOpsAmount(candidate.balance, candidate.currency)}`,
        }))}
        onChange={setWalletId}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{TEXT.direction}</legend>
        {(['credit', 'debit'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={ids.direction}
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
              className="size-4 accent-[var(--primary)]"
            />
            {value === 'credit' ? TEXT.creditHint : TEXT.debitHint}
          </label>
        ))}
      </fieldset>
      <TextField
        id={ids.amount}
        label={wallet ? `${TEXT.amount} (${wallet.currency})` : TEXT.amount}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        onChange={(event) => {
          setAmount(event.target.value)
          setErrors((current) => ({ ...current, amount: undefined }))
        }}
      />
      <ChoiceSelect
        id={ids.transaction}
        label={TEXT.transaction}
        value={transactionId}
        options={[
          { value: NO_TRANSACTION, label: TEXT.noTransaction },
          ...record.transactions.map((transaction) => ({
            value: transaction.id,
            label: `${transaction.reference} · ${formatOpsAmount(transaction.amount, transaction.currency)}`,
          })),
        ]}
        onChange={setTransactionId}
      />
      <TextAreaField
        id={ids.reason}
        label={TEXT.reason}
        value={reason}
        maxLength={500}
        error={errors.reason}
        onChange={(event) => {
          setReason(event.target.value)
          setErrors((current) => ({ ...current, reason: undefined }))
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            void submit()
          }
        }}
      />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" disabled={pending}>
          {TEXT.adjustSubmit}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          {OPS_TEXT.cancel}
        </Button>
      </div>
    </form>
  )
}
