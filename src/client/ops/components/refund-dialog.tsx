import { type FormEvent, useId, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { OpsTransaction } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from '../messages.ts'
import { errorText } from '../ops-errors.ts'
import { amountProblem, refundLimitText } from '../proposals.ts'
import { reasonProblem } from '../reason.ts'
import { TextAreaField } from './text-area-field.tsx'

const TEXT = OPS_TEXT.dispute

/**
 * "Propose refund": the amount, prefilled with the transaction's, at most its amount and fee,
 * and a note. The server moves the money at once under the four-eyes limit, or queues it for a
 * second operator; the page says which.
 */
export function RefundDialog({
  open,
  onOpenChange,
  transaction,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  transaction: OpsTransaction
  onConfirm: (body: { amount: string; note: string }) => Promise<unknown>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={OPS_TEXT.close} data-testid="ops-refund-dialog">
          <DialogTitle>{TEXT.refundTitle}</DialogTitle>
          <DialogDescription>{TEXT.refundText(refundLimitText(transaction))}</DialogDescription>
          <RefundForm
            transaction={transaction}
            onConfirm={onConfirm}
            onClose={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function RefundForm({
  transaction,
  onConfirm,
  onClose,
}: {
  transaction: OpsTransaction
  onConfirm: (body: { amount: string; note: string }) => Promise<unknown>
  onClose: () => void
}) {
  const ids = { amount: useId(), note: useId() }
  const [amount, setAmount] = useState(transaction.amount)
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (pending) return
    const found = {
      amount: amountProblem(amount, transaction.currency, transaction) ?? undefined,
      note: reasonProblem(note) ?? undefined,
    }
    setErrors(found)
    if (found.amount || found.note) return
    setPending(true)
    setFailure(null)
    try {
      await onConfirm({ amount: amount.trim(), note: note.trim() })
      onClose()
    } catch (error) {
      setFailure(errorText(error))
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 grid gap-4">
      <FormAlert message={failure} />
      <TextField
        id={ids.amount}
        label={TEXT.refundAmount(transaction.currency)}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        onChange={(event) => {
          setAmount(event.target.value)
          setErrors((current) => ({ ...current, amount: undefined }))
        }}
        className="[&_input]:amount"
      />
      <TextAreaField
        id={ids.note}
        label={TEXT.refundNote}
        value={note}
        maxLength={500}
        error={errors.note}
        onChange={(event) => {
          setNote(event.target.value)
          setErrors((current) => ({ ...current, note: undefined }))
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
          {TEXT.refundSubmit}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          {OPS_TEXT.cancel}
        </Button>
      </div>
    </form>
  )
}
