import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearch } from 'wouter'
import { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { SecondFactorCodeField } from '#client/components/step-up/step-up-fields.tsx'
import { stepUpRefusalOf } from '#client/components/step-up/step-up-refusal.ts'
import { Button } from '#client/components/ui/button.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { AuthLayout } from '#client/features/auth/auth-layout.tsx'
import { emailOrPhoneBody, emailOrPhoneField } from '#client/features/auth/email-or-phone.ts'
import { useAuthMessages } from '#client/features/auth/messages.ts'
import { useNotificationMessages } from '#client/features/notifications/messages.ts'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { type PasswordResetConfirm, passwordResetConfirmSchema } from '#shared/schemas/auth.ts'

type PasswordResetRequestBody = { email: string } | { phoneNumber: string }

const requestLinkSchema = z.object({ login: emailOrPhoneField })

/**
 * Asks for the e-mail address or the phone number the account signs in with; the answer is the
 * same whether it has an account or not. A number gets the link by SMS.
 */
function RequestLinkForm() {
  const t = useNotificationMessages()
  const auth = useAuthMessages()
  const send = useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      apiRequest('POST', '/api/auth/password-reset', body),
  })
  const form = useForm({
    resolver: schemaResolver(requestLinkSchema),
    defaultValues: { login: '' },
  })
  if (send.isSuccess) {
    const byPhone = 'phoneNumber' in send.variables
    return (
      <div className="grid gap-2" role="status">
        <h2 className="text-lg font-semibold">{byPhone ? t('sentTitlePhone') : t('sentTitle')}</h2>
        <p className="text-sm text-muted-foreground">
          {byPhone ? t('sentTextPhone') : t('sentText')}
        </p>
      </div>
    )
  }
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => send.mutate(emailOrPhoneBody(values.login)))}
    >
      <FormAlert
        message={
          send.error instanceof ApiError ? (send.error.serverMessage ?? send.error.message) : null
        }
      />
      <TextField
        id="reset-login"
        label={auth('emailOrPhone')}
        type="text"
        autoComplete="username"
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? t('sending') : t('sendLink')}
      </Button>
    </form>
  )
}

/**
 * Sets the new password with the link's token; every session ends, so the user signs in again.
 * An account with two-factor on resets only with a code from the app or a backup code as well
 * (docs/security.md "Account recovery"): the server says so, and the code field appears.
 */
function NewPasswordForm({ token }: { token: string }) {
  const t = useNotificationMessages()
  const auth = useAuthMessages()
  const [asksCode, setAsksCode] = useState(false)
  const form = useForm({
    resolver: schemaResolver(passwordResetConfirmSchema),
    // No code until the server asks for one: an empty one would not pass the schema.
    defaultValues: { token, password: '' },
  })
  const save = useMutation({
    mutationFn: (values: PasswordResetConfirm) =>
      apiRequest('POST', '/api/auth/password-reset/confirm', values),
    onError: (error) => {
      const refusal = stepUpRefusalOf(error)
      if (!refusal?.errors.code) return
      setAsksCode(true)
      form.setValue('code', '')
      form.setError('code', { message: refusal.errors.code })
    },
  })
  if (save.isSuccess) {
    return (
      <div className="grid gap-4" role="status">
        <p className="text-sm">{t('resetDone')}</p>
        <Button asChild size="lg" className="w-full">
          <Link href="/sign-in">{t('signIn')}</Link>
        </Button>
      </div>
    )
  }
  const tokenError = form.formState.errors.token ? t('invalidLink') : null
  // A refusal about the code is said beside the code field, not again above the form.
  const saveError =
    save.error instanceof ApiError && !stepUpRefusalOf(save.error)?.errors.code
      ? (save.error.serverMessage ?? save.error.message)
      : null
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(({ code, ...values }) =>
        save.mutate(asksCode && code ? { ...values, code } : values),
      )}
    >
      <FormAlert message={tokenError ?? saveError} />
      <PasswordField
        id="reset-password"
        label={t('newPassword')}
        autoComplete="new-password"
        showLabel={auth('showPassword')}
        hideLabel={auth('hidePassword')}
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {asksCode ? (
        <SecondFactorCodeField
          id="reset-code"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
        {save.isPending ? t('saving') : t('savePassword')}
      </Button>
    </form>
  )
}

/**
 * `/reset-password`: without a token, asks for the e-mail address the link goes to; with the
 * link's `?token=`, asks for the new password (docs/screens.md "Password reset").
 */
export function ResetPasswordPage() {
  const t = useNotificationMessages()
  const token = new URLSearchParams(useSearch()).get('token')
  return (
    <AuthLayout
      title={token ? t('newPasswordTitle') : t('resetTitle')}
      description={token ? '' : t('resetDescription')}
      footer={
        <Link href="/sign-in" className="font-medium text-primary hover:underline">
          {t('signIn')}
        </Link>
      }
    >
      {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
    </AuthLayout>
  )
}
