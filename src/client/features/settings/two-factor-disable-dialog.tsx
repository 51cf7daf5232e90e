import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { FormAlert } from '#client/features/auth/form-alert.tsx'
import { AUTH_USER_QUERY_KEY } from '#client/features/auth/use-auth.ts'
import { apiRequest } from '#client/lib/api.ts'
import { toast } from '#client/lib/toast.ts'
import { useSettingsMessages } from './messages.ts'
import { typedCode } from './two-factor-enrol-dialog.tsx'
import { useDialogError } from './use-dialog-error.ts'

function DisableForm({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const queryClient = useQueryClient()
  const codeId = useId()
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const failure = useDialogError({
    title: t('twoFactorFailedTitle'),
    message: t('twoFactorFailed'),
  })
  const disable = useMutation({
    mutationFn: (value: string) => apiRequest('POST', '/api/auth/2fa/disable', { code: value }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
      toast({ title: t('twoFactorOffTitle'), description: t('twoFactorOffToast') })
      onDone()
    },
    onError: failure.report,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const value = typedCode(code)
    if (value.length < 6) {
      setFieldError(t('codeInvalid'))
      return
    }
    setFieldError(undefined)
    disable.mutate(value)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <TextField
        id={codeId}
        label={t('disableCodeLabel')}
        hint={t('disableCodeHint')}
        error={fieldError}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className="[&_input]:font-mono"
      />
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

/** Turning two-factor sign-in off takes a code (or a backup code), not only the session. */
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
