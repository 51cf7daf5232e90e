import { useQueryClient } from '@tanstack/react-query'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { toast } from '#client/lib/toast.ts'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { StepUpForm } from './step-up-form.tsx'

function DisableForm({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const queryClient = useQueryClient()
  return (
    <StepUpForm
      path="/api/auth/2fa/disable"
      idPrefix="two-factor-off"
      codeMode="always"
      failure={{ title: t('twoFactorFailedTitle'), message: t('twoFactorFailed') }}
      submitLabel={t('disableAction')}
      pendingLabel={t('disabling')}
      destructive
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
        toast({ title: t('twoFactorOffTitle'), description: t('twoFactorOffToast') })
        onDone()
      }}
      onCancel={onDone}
    />
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
