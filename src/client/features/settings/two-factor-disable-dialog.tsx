import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { toast } from '#client/lib/toast.ts'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useSettingsMessages } from './messages.ts'
import { useDialogError } from './use-dialog-error.ts'

function DisableForm({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const queryClient = useQueryClient()
  const stepUp = useStepUp('always')
  const failure = useDialogError({
    title: t('twoFactorFailedTitle'),
    message: t('twoFactorFailed'),
  })
  const disable = useMutation({
    mutationFn: (proof: StepUpProof) => apiRequest('POST', '/api/auth/2fa/disable', proof),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
      toast({ title: t('twoFactorOffTitle'), description: t('twoFactorOffToast') })
      onDone()
    },
    onError: (error) => {
      if (!stepUp.take(error)) failure.report(error)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const proof = stepUp.proof()
    if (proof) disable.mutate(proof)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <StepUpFields stepUp={stepUp} idPrefix="two-factor-off" disabled={disable.isPending} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? t('disabling') : t('disableAction')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}

/**
 * Turning two-factor sign-in off takes the password and a code (or a backup code), not only the
 * session (docs/security.md "Step-up").
 */
export function TwoFactorDisableDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useSettingsMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('disableTitle')}</DialogTitle>
        <DialogDescription>{t('disableText')}</DialogDescription>
        <DisableForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
