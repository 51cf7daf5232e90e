import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError } from '#client/lib/api.ts'
import { apiErrorBody } from '#client/lib/api-error-body.ts'
import { serverErrorMessage } from '#client/lib/server-errors.ts'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import type { User } from '#shared/schemas/auth.ts'
import { PHONE_CODE_LENGTH } from '#shared/schemas/phone.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { usePhoneMessages } from './messages.ts'
import { confirmPhoneCode, requestPhoneCode } from './phone-verification-api.ts'
import { SandboxCodeNote } from './sandbox-code-note.tsx'

const CODE_PATTERN = /^\d{6}$/

/** How many tries a wrong code left, from the error body (docs/api.md "Errors"). */
function attemptsLeftOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PHONE_CODE_INVALID') return undefined
  return apiErrorBody(error)?.attemptsLeft
}

/**
 * The step that proves a phone number (docs/phone-numbers.md "Verification"): says where the
 * code went, takes its 6 digits, and can ask for a new one. Used after a sign-up with a number
 * and in the profile's Verify dialog; `children` holds the caller's way out ("Verify later").
 */
export function PhoneCodeForm({
  phoneNumber,
  onVerified,
  initialError,
  proof,
  children,
}: {
  /** E.164, as the server stores it; shown in its national format. */
  phoneNumber: string
  onVerified: (user: User) => void
  /** A failure of sending the first code, shown until the user acts. */
  initialError?: unknown
  /** The password (and code) the first code was asked with, which a new one needs too. */
  proof?: StepUpProof | null
  children?: ReactNode
}) {
  const t = usePhoneMessages()
  const inputRef = useRef<HTMLInputElement>(null)
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | null>(null)
  const confirm = useMutation({
    mutationFn: (value: string) => confirmPhoneCode(phoneNumber, value),
    onSuccess: onVerified,
    onError: () => {
      setCode('')
      inputRef.current?.focus()
    },
    meta: { suppressGlobalError: true },
  })
  const resend = useMutation({
    mutationFn: () => requestPhoneCode(phoneNumber, { proof }),
    onSuccess: () => setNotice(t('resent')),
    meta: { suppressGlobalError: true },
  })
  const untouched = confirm.isIdle && resend.isIdle
  // A first code refused because one went out less than a minute ago is no failure: that code
  // works, so the refusal is only a note. Any other refusal is shown as one.
  const waitNote =
    untouched && initialError instanceof ApiError && initialError.code === 'RATE_LIMITED'
      ? serverErrorMessage(initialError, t('genericError'))
      : null
  const error = confirm.error ?? resend.error ?? (untouched && !waitNote ? initialError : null)
  const attemptsLeft = attemptsLeftOf(error)
  const alert =
    error === null || error === undefined
      ? null
      : attemptsLeft !== undefined
        ? t('attemptsLeft', { count: attemptsLeft })
        : serverErrorMessage(error, t('genericError'))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const value = code.replace(/\s/g, '')
    if (!CODE_PATTERN.test(value)) {
      setFieldError(t('codeRequired'))
      inputRef.current?.focus()
      return
    }
    setFieldError(undefined)
    setNotice(null)
    resend.reset()
    confirm.mutate(value)
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted-foreground" data-testid="phone-code-sent">
        {t('codeSent', { number: formatPhoneNational(phoneNumber) })}
      </p>
      <SandboxCodeNote phoneNumber={phoneNumber} />
      <FormAlert message={alert} />
      {(notice ?? waitNote) && !alert ? (
        <p role="status" className="text-sm font-medium text-primary">
          {notice ?? waitNote}
        </p>
      ) : null}
      <TextField
        ref={inputRef}
        id="phone-code"
        label={t('codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH + 2}
        className="[&_input]:text-center [&_input]:text-lg [&_input]:tracking-[0.4em]"
        value={code}
        error={fieldError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? t('verifying') : t('verify')}
      </Button>
      <div className="flex flex-col-reverse items-center gap-1 sm:flex-row sm:justify-between">
        {children}
        <Button
          type="button"
          variant="link"
          disabled={resend.isPending}
          onClick={() => {
            confirm.reset()
            setNotice(null)
            resend.mutate()
          }}
        >
          {resend.isPending ? t('sending') : t('resend')}
        </Button>
      </div>
    </form>
  )
}
