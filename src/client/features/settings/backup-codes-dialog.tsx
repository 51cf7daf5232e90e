import { useState } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { backupCodesSchema } from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { StepUpForm } from './step-up-form.tsx'
import { BackupCodesStep } from './two-factor-enrol-dialog.tsx'

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
      <StepUpForm
        path="/api/auth/2fa/backup-codes"
        idPrefix="backup-codes"
        codeMode="always"
        failure={{ title: t('newBackupCodesTitle'), message: t('newBackupCodesFailed') }}
        submitLabel={t('makeBackupCodes')}
        pendingLabel={t('makingBackupCodes')}
        onDone={(body) => {
          setBackupCodes(backupCodesSchema.parse(body).backupCodes)
          toast({ title: t('newBackupCodesDoneTitle'), description: t('newBackupCodesDone') })
        }}
        onCancel={onDone}
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
