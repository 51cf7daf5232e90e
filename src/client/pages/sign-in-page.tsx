import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { AuthPage } from '#client/features/auth/auth-layout.tsx'
import { FormAlert } from '#client/features/auth/form-alert.tsx'
import { useAuthMessages } from '#client/features/auth/messages.ts'
import { serverErrorMessage } from '#client/features/auth/server-errors.ts'
import { useAuthSubmit } from '#client/features/auth/use-auth-submit.ts'
import { type SignInRequest, signInRequestSchema } from '#shared/schemas/auth.ts'

function SignInForm({ returnTo }: { returnTo: string }) {
  const t = useAuthMessages()
  const submit = useAuthSubmit<SignInRequest>('/api/auth/login', returnTo)
  const form = useForm({
    resolver: zodResolver(signInRequestSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState
  const pending = submit.isPending

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => {
        submit.reset()
        submit.mutate(values)
      })}
    >
      <FormAlert
        message={submit.isError ? serverErrorMessage(submit.error, t('genericError')) : null}
      />
      <TextField
        id="sign-in-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('emailPlaceholder')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        id="sign-in-password"
        label={t('password')}
        autoComplete="current-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  )
}

/** `/sign-in`: e-mail and password (the server's /api/login sends visitors here). */
export function SignInPage() {
  const t = useAuthMessages()
  return (
    <AuthPage
      title={t('signInTitle')}
      description={t('signInDescription')}
      switchPrompt={t('noAccount')}
      switchLabel={t('signUpLink')}
      switchPath="/sign-up"
    >
      {(returnTo) => <SignInForm returnTo={returnTo} />}
    </AuthPage>
  )
}
