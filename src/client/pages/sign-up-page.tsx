import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useLocation } from 'wouter'
import type { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { AuthLayout, AuthPage } from '#client/features/auth/auth-layout.tsx'
import { CountryField } from '#client/features/auth/country-field.tsx'
import { useAuthMessages } from '#client/features/auth/messages.ts'
import { useAuthSubmit } from '#client/features/auth/use-auth-submit.ts'
import { usePhoneMessages } from '#client/features/phone/messages.ts'
import { VerifyPhoneSteps } from '#client/features/phone/verify-phone-dialog.tsx'
import { useReturnTo } from '#client/lib/return-to.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { serverErrorMessage, serverFieldErrors } from '#client/lib/server-errors.ts'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import { DeferredLanguageMenu } from '#client/shell/deferred-language-menu.tsx'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import {
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '#shared/schemas/auth.ts'
import { type SignUpBody, signUpRequestSchema } from '#shared/schemas/credentials.ts'

type FormInput = z.input<typeof signUpRequestSchema>

const FIELDS = [
  'email',
  'phoneNumber',
  'password',
  'firstName',
  'lastName',
  'username',
  'country',
] as const
type Field = (typeof FIELDS)[number]

function isField(path: string): path is Field {
  return (FIELDS as readonly string[]).includes(path)
}

function SignUpForm({
  returnTo,
  onPhoneToVerify,
}: {
  returnTo: string
  onPhoneToVerify: (phoneNumber: string) => void
}) {
  const t = useAuthMessages()
  // An account made with a phone number goes on to the code the server has just texted it.
  const submit = useAuthSubmit<SignUpBody>('/api/auth/signup', returnTo, (user) => {
    if (!user.phoneNumber || user.phoneVerified) return false
    onPhoneToVerify(user.phoneNumber)
    return true
  })
  const form = useForm<FormInput, unknown, SignUpBody>({
    resolver: schemaResolver(signUpRequestSchema),
    defaultValues: {
      email: '',
      phoneNumber: '',
      password: '',
      firstName: '',
      lastName: '',
      username: '',
      country: '',
    },
  })
  const { errors } = form.formState
  const pending = submit.isPending
  const phoneNumber = useWatch({ control: form.control, name: 'phoneNumber' }) ?? ''
  const setCountry = useCallback(
    (country: string) => form.setValue('country', country, { shouldDirty: true }),
    [form],
  )

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
        hint={t('emailHint')}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        id="sign-up-phone"
        label={t('phoneNumber')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t('phonePlaceholder')}
        hint={t('phoneHint')}
        error={errors.phoneNumber?.message}
        {...form.register('phoneNumber')}
      />
      <CountryField
        id="sign-up-country"
        phoneNumber={phoneNumber}
        onChange={setCountry}
        error={errors.country?.message}
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

/**
 * After a sign-up with a phone number: the account exists and is signed in. The number is
 * texted a code only when the user asks (issue 32: a sign-up that texted whatever number it was
 * given let anyone pump paid SMS); the code verifies it now, or the profile does later
 * (docs/phone-numbers.md "Signing up").
 */
function VerifyNewPhone({ phoneNumber }: { phoneNumber: string }) {
  const t = usePhoneMessages()
  const returnTo = useReturnTo()
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState(false)
  const later = (
    <Button type="button" variant="ghost" onClick={() => navigate(returnTo, { replace: true })}>
      {t('later')}
    </Button>
  )
  if (!asked) {
    return (
      <AuthLayout title={t('dialogTitle')} description="" footer={null}>
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground" data-testid="phone-code-offer">
            {t('signUpOffer', { number: formatPhoneNational(phoneNumber) })}
          </p>
          <Button type="button" size="lg" className="w-full" onClick={() => setAsked(true)}>
            {t('sendCode')}
          </Button>
          {later}
        </div>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={t('signUpTitle')} description="" footer={null}>
      <VerifyPhoneSteps
        phoneNumber={phoneNumber}
        onVerified={async (user) => {
          queryClient.setQueryData(AUTH_USER_QUERY_KEY, user)
          navigate(returnTo, { replace: true })
        }}
      />
      <div className="mt-2 grid">{later}</div>
    </AuthLayout>
  )
}

/** `/sign-up`: a new account with its first wallets (the server's /api/login?mode=signup). */
export function SignUpPage() {
  const t = useAuthMessages()
  const [phoneToVerify, setPhoneToVerify] = useState<string | null>(null)
  if (phoneToVerify) return <VerifyNewPhone phoneNumber={phoneToVerify} />
  return (
    <AuthPage
      languageMenu={<DeferredLanguageMenu />}
      title={t('signUpTitle')}
      description={t('signUpDescription')}
      switchPrompt={t('haveAccount')}
      switchLabel={t('signInLink')}
      switchPath="/sign-in"
    >
      {(returnTo) => <SignUpForm returnTo={returnTo} onPhoneToVerify={setPhoneToVerify} />}
    </AuthPage>
  )
}
