import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
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
import { useAuth } from '#client/lib/use-auth.ts'
import { backupCodesSchema } from '#shared/schemas/account.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useSettingsMessages } from './messages.ts'
import { BackupCodesStep } from './two-factor-enrol-dialog.tsx'
import { useDialogError } from './use-dialog-error.ts'

function RenewForm({
  onRenewed,
  onCancel,
}: {
  onRenewed: (backupCodes: string[]) => void
  onCancel: () => void
}) {
  const t = useSettingsMessages()
  const stepUp = useStepUp('always')
  const failure = useDialogError({
    title: t('newBackupCodesTitle'),
    message: t('newBackupCodesFailed'),
  })
  const renew = useMutation({
    mutationFn: async (proof: StepUpProof) =>
      backupCodesSchema.parse(await apiRequest('POST', '/api/auth/2fa/backup-codes', proof)),
    onSuccess: (result) => onRenewed(result.backupCodes),
    onError: (error) => {
      if (!stepUp.take(error)) failure.report(error)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const proof = stepUp.proof()
    if (proof) renew.mutate(proof)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <StepUpFields stepUp={stepUp} idPrefix="backup-codes" disabled={renew.isPending} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" disabled={renew.isPending}>
          {renew.isPending ? t('makingBackupCodes') : t('makeBackupCodes')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}

function RenewSteps({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const { user } = useAuth()
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null)
  if (backupCodes) {
    return (
      <>
        <DialogTitle>{t('backupTitle')}</DialogTitle>
        <DialogDescription>{t('backupText')}</DialogDescription>
        <BackupCodesStep backupCodes={backupCodes} email={user?.email ?? ''} onDone={onDone} />
      </>
    )
  }
  return (
    <>
      <DialogTitle>{t('newBackupCodesTitle')}</DialogTitle>
      <DialogDescription>{t('newBackupCodesText')}</DialogDescription>
      <RenewForm
        onCancel={onDone}
        onRenewed={(codes) => {
          setBackupCodes(codes)
          toast({ title: t('newBackupCodesDoneTitle'), description: t('newBackupCodesDone') })
        }}
      />
    </>
  )
}

/**
 * New backup codes for the old ones, which stop working: the password and a code first
 * (docs/security.md "Step-up"), then the ten new codes, shown this once.
 */
export function BackupCodesDialog({
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
        <RenewSteps onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
