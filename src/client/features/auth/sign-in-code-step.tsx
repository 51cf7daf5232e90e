import { type FormEvent, useId, useRef, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError } from '#client/lib/api.ts'
import { signInErrorMessage } from '#client/lib/server-errors.ts'
import type { SignInRequest } from '#shared/schemas/credentials.ts'
import { useAuthMessages } from './messages.ts'
import { useAuthSubmit } from './use-auth-submit.ts'

/**
 * The e-mail or phone number and password that were right, kept in memory only, for the step
 * that follows: `login` as typed, to show, and the body that was sent.
 */
export type SignInCredentials = { login: string; body: SignInRequest }

const TOTP_PATTERN = /^\d{6}$/
const BACKUP_CODE_MIN_LENGTH = 8

/**
 * The second step of signing in with two-factor authentication on: the authenticator's
 * 6-digit code, or one of the backup codes. The password step's e-mail and password are sent
 * again with it, so the server checks all three together.
 */
export function SignInCodeStep({
  credentials,
  returnTo,
  onBack,
}: {
  credentials: SignInCredentials
  returnTo: string
  onBack: () => void
}) {
  const t = useAuthMessages()
  const submit = useAuthSubmit<SignInRequest>('/api/auth/login', returnTo)
  const codeId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [mode, setMode] = useState<'totp' | 'backup'>('totp')
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const backup = mode === 'backup'

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    submit.reset()
    const value = code.replace(/\s/g, '')
    const valid = backup ? value.length >= BACKUP_CODE_MIN_LENGTH : TOTP_PATTERN.test(value)
    if (!valid) {
      setFieldError(backup ? t('backupCodeRequired') : t('codeRequired'))
      inputRef.current?.focus()
      return
    }
    setFieldError(undefined)
    submit.mutate(
      { ...credentials.body, code: value },
      {
        onError: (error) => {
          // A wrong code is typed again from scratch, so the field starts empty.
          if (error instanceof ApiError && error.code === 'TOTP_INVALID') setCode('')
          inputRef.current?.focus()
        },
      },
    )
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted-foreground">
        {backup ? t('backupDescription') : t('codeDescription')}
      </p>
      <p className="text-sm font-medium wrap-anywhere" data-testid="sign-in-email">
        {t('signingInAs', { email: credentials.login })}
      </p>
      <FormAlert message={submit.isError ? signInErrorMessage(submit.error, t) : null} />
      <TextField
        key={mode}
        ref={inputRef}
        id={codeId}
        label={backup ? t('backupCodeLabel') : t('codeLabel')}
        // The field is the only thing on this step, so it takes the focus at once.
        autoFocus
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        inputMode={backup ? 'text' : 'numeric'}
        placeholder={backup ? 'abcd-efgh' : '123456'}
        maxLength={backup ? 20 : 7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
        className="[&_input]:font-mono [&_input]:tracking-widest"
      />
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? t('verifying') : t('verify')}
      </Button>
      <div className="grid justify-items-center gap-1">
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => {
            setMode(backup ? 'totp' : 'backup')
            setCode('')
            setFieldError(undefined)
            submit.reset()
          }}
        >
          {backup ? t('useAuthenticator') : t('useBackupCode')}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="text-muted-foreground"
          onClick={onBack}
        >
          {t('differentAccount')}
        </Button>
      </div>
    </form>
  )
}
