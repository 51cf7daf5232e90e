import { useMutation } from '@tanstack/react-query'
import { Snowflake } from 'lucide-react'
import { useLocation } from 'wouter'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { toast } from '#client/lib/toast.ts'
import { forgetEndedSession } from '#client/lib/use-auth.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useDialogError } from './use-dialog-error.ts'

function FreezeConfirm({ onCancel }: { onCancel: () => void }) {
  const t = useSettingsMessages()
  const [, navigate] = useLocation()
  const failure = useDialogError({ title: t('freezeTitle'), message: t('freezeFailed') })
  const freeze = useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/freeze'),
    // Every session has ended, this one too: the sign-in page is next.
    onSuccess: () =>
      forgetEndedSession(() => {
        navigate('/sign-in', { replace: true })
        toast({ title: t('frozenTitle'), description: t('frozenText') })
      }),
    onError: failure.report,
  })
  return (
    <div className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button
          type="button"
          variant="destructive"
          needsNetwork
          disabled={freeze.isPending}
          onClick={() => {
            failure.clear()
            freeze.mutate()
          }}
        >
          <Snowflake aria-hidden="true" />
          {freeze.isPending ? t('freezing') : t('freezeButton')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  )
}

/**
 * Freezing the account from Settings (docs/security.md "Freezing"): always safe, so it asks
 * nothing but a confirmation. Every session ends, this one too; until the owner unfreezes it no
 * money leaves and no sign-in detail changes, while money still comes in.
 */
export function FreezeAccountDialog({
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
        <DialogTitle>{t('freezeTitle')}</DialogTitle>
        <DialogDescription>{t('freezeDialogText')}</DialogDescription>
        <FreezeConfirm onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
