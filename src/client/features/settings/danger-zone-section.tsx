import { useMutation } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
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
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useSettingsMessages } from './messages.ts'
import { SettingRow, SettingsCard } from './settings-card.tsx'
import { useDialogError } from './use-dialog-error.ts'

function DeactivateForm({ onCancel }: { onCancel: () => void }) {
  const t = useSettingsMessages()
  const stepUp = useStepUp()
  const failure = useDialogError({ title: t('deactivate'), message: t('deactivateFailed') })
  const deactivate = useMutation({
    mutationFn: (proof: StepUpProof) => apiRequest('POST', '/api/account/deactivate', proof),
    // The session ended with the account: a full page load leaves nothing of it behind.
    onSuccess: () => window.location.assign('/'),
    onError: (error) => {
      if (!stepUp.take(error)) failure.report(error)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const proof = stepUp.proof()
    if (proof) deactivate.mutate(proof)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <StepUpFields stepUp={stepUp} idPrefix="deactivate" disabled={deactivate.isPending} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" variant="destructive" disabled={deactivate.isPending}>
          {deactivate.isPending ? t('deactivating') : t('deactivateConfirm')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
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
