import { useState } from 'react'
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

/**
 * A yes-or-no before an action that moves money (approving a proposal): the action runs on
 * the confirm button, the dialog closes when it succeeds or shows the server's refusal.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  testId,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  testId?: string
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={OPS_TEXT.close} data-testid={testId}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          <Confirm
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
            onClose={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function Confirm({
  confirmLabel,
  onConfirm,
  onClose,
}: {
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  onClose: () => void
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function confirm() {
    if (pending) return
    setPending(true)
    setFailure(null)
    try {
      await onConfirm()
      onClose()
    } catch (error) {
      setFailure(errorText(error))
      setPending(false)
    }
  }

  return (
    <div className="mt-5 grid gap-4">
      <FormAlert message={failure} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="button" needsNetwork disabled={pending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          {OPS_TEXT.cancel}
        </Button>
      </div>
    </div>
  )
}
