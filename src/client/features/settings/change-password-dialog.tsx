import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { PasswordField } from '#client/components/ui/text-field.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { toast } from '#client/lib/toast.ts'
import { changePasswordRequestSchema } from '#shared/schemas/account.ts'
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/auth.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useDialogError } from './use-dialog-error.ts'
import { SESSIONS_QUERY_KEY } from './use-sessions.ts'

type ChangePasswordForm = z.infer<typeof changePasswordRequestSchema> & {
  confirmPassword: string
}

function ChangePasswordFormBody({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const queryClient = useQueryClient()
  const ids = { current: useId(), next: useId(), confirm: useId() }
  const failure = useDialogError({
    title: t('changePassword'),
    message: t('passwordFailed'),
  })
  const schema = changePasswordRequestSchema
    .extend({ confirmPassword: z.string() })
    .refine((value) => value.confirmPassword === value.newPassword, {
      message: t('passwordsDiffer'),
      path: ['confirmPassword'],
    })
  const form = useForm<ChangePasswordForm>({
    resolver: schemaResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordForm) =>
      apiRequest('POST', '/api/auth/password', { currentPassword, newPassword }),
    onSuccess: () => {
      // Every other session has just been signed out: the activity list is out of date.
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY })
      toast({ title: t('passwordChangedTitle'), description: t('passwordChanged') })
      onDone()
    },
    onError: failure.report,
  })

  return (
    <form
      noValidate
      className="mt-5 grid gap-4"
      onSubmit={form.handleSubmit((values) => {
        failure.clear()
        change.mutate(values)
      })}
    >
      <FormAlert message={failure.message} />
      <PasswordField
        id={ids.current}
        label={t('currentPassword')}
        autoComplete="current-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <PasswordField
        id={ids.next}
        label={t('newPassword')}
        autoComplete="new-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        hint={t('newPasswordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordField
        id={ids.confirm}
        label={t('confirmPassword')}
        autoComplete="new-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('changingPassword') : t('changePassword')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}

/** Current password, then the new one twice; every other session is signed out on success. */
export function ChangePasswordDialog({
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
        <DialogTitle>{t('changePassword')}</DialogTitle>
        <DialogDescription>{t('passwordText')}</DialogDescription>
        <ChangePasswordFormBody onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
