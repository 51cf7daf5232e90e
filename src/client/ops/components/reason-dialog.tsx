import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import { errorText } from '../ops-errors.ts'
import { reasonProblem } from '../reason.ts'
import { TextAreaField } from './text-area-field.tsx'

/**
 * A confirmation that asks why: freeze, decline, reject, mark failed, open a record. The reason
 * is checked as the contract checks it; the action runs on submit (Enter in a field, or the
 * button) and the dialog closes when it succeeds, or shows the server's refusal and stays.
 * Focus stays inside while it is open and goes back to the button that opened it.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  submitLabel,
  pendingLabel,
  destructive,
  onConfirm,
  children,
  testId,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  label: string
  submitLabel: string
  pendingLabel?: string
  destructive?: boolean
  /** Runs the action with the trimmed reason; a rejection is shown in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>
  /** More to read before confirming (what is approved, how much). */
  children?: ReactNode
  testId?: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={OPS_TEXT.close} data-testid={testId}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <ReasonForm
            label={label}
            submitLabel={submitLabel}
            pendingLabel={pendingLabel ?? submitLabel}
            destructive={destructive ?? false}
            onConfirm={onConfirm}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          >
            {children}
          </ReasonForm>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function ReasonForm({
  label,
  submitLabel,
  pendingLabel,
  destructive,
  onConfirm,
  onDone,
  onCancel,
  children,
}: {
  label: string
  submitLabel: string
  pendingLabel: string
  destructive: boolean
  onConfirm: (reason: string) => Promise<unknown>
  onDone: () => void
  onCancel: () => void
  children?: ReactNode
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event?: FormEvent) {
    event?.preventDefault()
    if (pending) return
    const found = reasonProblem(reason)
    setProblem(found)
    if (found) return
    setPending(true)
    setFailure(null)
    try {
      await onConfirm(reason.trim())
      onDone()
    } catch (error) {
      setFailure(errorText(error))
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 grid gap-4">
      {children}
      <FormAlert message={failure} />
      <TextAreaField
        id={id}
        label={label}
        value={reason}
        maxLength={500}
        error={problem ?? undefined}
        onChange={(event) => {
          setReason(event.target.value)
          setProblem(null)
        }}
        onKeyDown={(event) => {
          // Enter sends, as in a one-line field; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            void submit()
          }
        }}
      />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {OPS_TEXT.cancel}
        </Button>
      </div>
    </form>
  )
}
