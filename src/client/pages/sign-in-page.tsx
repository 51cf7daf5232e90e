import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { AuthPage } from '#client/features/auth/auth-layout.tsx'
import { emailOrPhoneBody, emailOrPhoneField } from '#client/features/auth/email-or-phone.ts'
import { useAuthMessages } from '#client/features/auth/messages.ts'
import { SignInCodeStep, type SignInCredentials } from '#client/features/auth/sign-in-code-step.tsx'
import { useAuthSubmit } from '#client/features/auth/use-auth-submit.ts'
import { ApiError } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { signInErrorMessage } from '#client/lib/server-errors.ts'
import { DeferredLanguageMenu } from '#client/shell/deferred-language-menu.tsx'
import type { SignInRequest } from '#shared/schemas/credentials.ts'

const signInFormSchema = z.object({
  login: emailOrPhoneField,
  password: z.string().min(1, 'Password is required').max(128),
})
type SignInForm = z.infer<typeof signInFormSchema>

function toSignInBody(values: SignInForm): SignInRequest {
  return { ...emailOrPhoneBody(values.login), password: values.password }
}

function isCodeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TOTP_REQUIRED'
}

function SignInForm({
  returnTo,
  initialEmail,
  onCodeRequired,
}: {
  returnTo: string
  initialEmail: string
  onCodeRequired: (credentials: SignInCredentials) => void
}) {
  const t = useAuthMessages()
  const submit = useAuthSubmit<SignInRequest>('/api/auth/login', returnTo)
  const form = useForm({
    resolver: schemaResolver(signInFormSchema),
    defaultValues: { login: initialEmail, password: '' },
  })
  const { errors } = form.formState
  const pending = submit.isPending
  // "A code is needed" is not a failure: the next step asks for it.
  const failed = submit.isError && !isCodeRequired(submit.error)

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => {
        submit.reset()
        const body = toSignInBody(values)
        submit.mutate(body, {
          onError: (error) => {
            if (isCodeRequired(error)) onCodeRequired({ login: values.login, body })
          },
        })
      })}
    >
      <FormAlert message={failed ? signInErrorMessage(submit.error, t) : null} />
      <TextField
        id="sign-in-email"
        label={t('emailOrPhone')}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('emailOrPhonePlaceholder')}
        error={errors.login?.message}
        {...form.register('login')}
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
      <Link
        href="/reset-password"
        className="-mt-2 justify-self-end text-sm font-medium text-primary hover:underline"
      >
        {t('forgotPassword')}
      </Link>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
        {pending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  )
}

/**
 * `/sign-in`: e-mail or phone number, and password (the server's /api/login sends visitors here); with
 * two-factor authentication on, a second step asks for the code before the user is in.
 */
export function SignInPage() {
  const t = useAuthMessages()
  const [credentials, setCredentials] = useState<SignInCredentials | null>(null)
  const [lastEmail, setLastEmail] = useState('')
  return (
    <AuthPage
      languageMenu={<DeferredLanguageMenu />}
      title={credentials ? t('codeTitle') : t('signInTitle')}
      description={credentials ? '' : t('signInDescription')}
      switchPrompt={t('noAccount')}
      switchLabel={t('signUpLink')}
      switchPath="/sign-up"
    >
      {(returnTo) =>
        credentials ? (
          <SignInCodeStep
            credentials={credentials}
            returnTo={returnTo}
            onBack={() => setCredentials(null)}
          />
        ) : (
          <SignInForm
            returnTo={returnTo}
            initialEmail={lastEmail}
            onCodeRequired={(next) => {
              setLastEmail(next.login)
              setCredentials(next)
            }}
          />
        )
      }
    </AuthPage>
  )
}
