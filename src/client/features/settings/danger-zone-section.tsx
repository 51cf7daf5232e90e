import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { SettingRow, SettingsCard } from './settings-card.tsx'
import { StepUpForm } from './step-up-form.tsx'

function DeactivateForm({ onCancel }: { onCancel: () => void }) {
  const t = useSettingsMessages()
  return (
    <StepUpForm
      path="/api/account/deactivate"
      idPrefix="deactivate"
      failure={{ title: t('deactivate'), message: t('deactivateFailed') }}
      submitLabel={t('deactivateConfirm')}
      pendingLabel={t('deactivating')}
      destructive
      // The session ended with the account: a full page load leaves nothing of it behind.
      onDone={() => window.location.assign('/')}
      onCancel={onCancel}
    />
  )
}

/**
 * Deactivation, behind the password (and the code with two-factor on): refused by the
 * server while any wallet holds money.
 */
export function DangerZoneSection() {
  const t = useSettingsMessages()
  const [open, setOpen] = useState(false)
  return (
    <SettingsCard
      icon={TriangleAlert}
      title={t('dangerZone')}
      description={t('dangerZoneText')}
      tone="danger"
    >
      <SettingRow label={t('deactivate')} description={t('deactivateText')} stacked>
        <Button
          variant="destructive"
          className="w-full sm:w-auto sm:justify-self-start"
          onClick={() => setOpen(true)}
        >
          {t('deactivate')}
        </Button>
      </SettingRow>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('close')}>
          <DialogTitle>{t('deactivateTitle')}</DialogTitle>
          <DialogDescription>{t('deactivateDialogText')}</DialogDescription>
          <DeactivateForm onCancel={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </SettingsCard>
  )
}
