import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { AuthPage } from '#client/features/auth/auth-layout.tsx'
import { FormAlert } from '#client/features/auth/form-alert.tsx'
import { useAuthMessages } from '#client/features/auth/messages.ts'
import { serverErrorMessage, serverFieldErrors } from '#client/features/auth/server-errors.ts'
import { useAuthSubmit } from '#client/features/auth/use-auth-submit.ts'
import {
  PASSWORD_MIN_LENGTH,
  type SignUpRequest,
  signUpRequestSchema,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '#shared/schemas/auth.ts'

const FIELDS = ['email', 'password', 'firstName', 'lastName', 'username'] as const
type Field = (typeof FIELDS)[number]

function isField(path: string): path is Field {
  return (FIELDS as readonly string[]).includes(path)
}

function SignUpForm({ returnTo }: { returnTo: string }) {
  const t = useAuthMessages()
  const submit = useAuthSubmit<SignUpRequest>('/api/auth/signup', returnTo)
  const form = useForm({
    resolver: zodResolver(signUpRequestSchema),
    defaultValues: { email: '', password: '', firstName: '', lastName: '', username: '' },
  })
  const { errors } = form.formState
  const pending = submit.isPending

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => {
        submit.reset()
        submit.mutate(values, {
          onError: (error) => {
            // A rule only the server knows still lands beside its field.
            for (const issue of serverFieldErrors(error)) {
              if (isField(issue.path)) form.setError(issue.path, { message: issue.message })
            }
          },
        })
      })}
    >
      <FormAlert
        message={submit.isError ? serverErrorMessage(submit.error, t('genericError')) : null}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="sign-up-first-name"
          label={t('firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id="sign-up-last-name"
          label={t('lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id="sign-up-username"
        label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('usernameHint', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="sign-up-email"
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('emailPlaceholder')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PasswordField
        id="sign-up-password"
        label={t('password')}
        autoComplete="new-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        hint={t('passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? t('creatingAccount') : t('createAccount')}
      </Button>
    </form>
  )
}

/** `/sign-up`: a new account with its first wallets (the server's /api/login?mode=signup). */
export function SignUpPage() {
  const t = useAuthMessages()
  return (
    <AuthPage
      title={t('signUpTitle')}
      description={t('signUpDescription')}
      switchPrompt={t('haveAccount')}
      switchLabel={t('signInLink')}
      switchPath="/sign-in"
    >
      {(returnTo) => <SignUpForm returnTo={returnTo} />}
    </AuthPage>
  )
}
