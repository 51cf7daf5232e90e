import { CreatePinForm } from '#client/components/money-action/create-pin-form.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { toast } from '#client/lib/toast.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'

/** Creating or changing the transaction PIN from Settings: the PIN twice and the password. */
export function TransactionPinDialog({
  open,
  isSet,
  onOpenChange,
}: {
  open: boolean
  isSet: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useSettingsMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent closeLabel={t('close')}>
          <div className="grid gap-4">
            <DialogTitle>{isSet ? t('pinChangeTitle') : t('pinCreateTitle')}</DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              {t('pinDialogText')}
            </DialogDescription>
            <CreatePinForm
              idPrefix="settings-pin"
              submitLabel={t('pinSave')}
              onSaved={() => {
                toast({ title: t('pinSavedTitle'), description: t('pinSavedText') })
                onOpenChange(false)
              }}
            />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
