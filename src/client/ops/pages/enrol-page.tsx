import { useMutation, useQuery } from '@tanstack/react-query'
import { CircleCheck } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { FormAlert } from '#client/components/form-alert.tsx'
import { linkButtonClass } from '#client/components/link-button.ts'
import { LogoMark } from '#client/components/logo.tsx'
import { QrCodeImage, useQrDataUrl } from '#client/components/payment-qr-code.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { copyText } from '#client/lib/copy-text.ts'
import { OPS_PATHS } from '#shared/client-routes.ts'
import { enrolRequestSchema, OPERATOR_PASSWORD_MIN_LENGTH } from '#shared/schemas/ops.ts'
import { QueryState } from '../components/query-state.tsx'
import { OPS_TEXT } from '../messages.ts'
import { type Enrolment, enrolOperator, fetchEnrolment, OPS_KEYS } from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'

const TEXT = OPS_TEXT.enrol

/** The TOTP key in groups of four, as authenticator apps show it, easier to type. */
function groupedSecret(secret: string): string {
  return secret.replaceAll(/\s+/g, '').replaceAll(/(.{4})(?=.)/g, '$1 ')
}

function EnrolmentCard({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-background p-4 sm:items-center">
      <Card className="w-full max-w-2xl p-6 sm:p-8">
        <div className="mb-6 grid gap-3">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">{TEXT.title}</h1>
        </div>
        {children}
      </Card>
    </main>
  )
}

/**
 * `/ops/enrol?token=…`: the one-time link a new operator gets. It shows whom it enrols and the
 * TOTP key (as text and as a QR code of its otpauth URL), then asks for a password and a first
 * code; after that the operator signs in like everyone else.
 */
export function EnrolPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const enrolment = useQuery({
    queryKey: OPS_KEYS.enrolment(token),
    queryFn: () => fetchEnrolment(token),
    enabled: token.length >= 20,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [done, setDone] = useState(false)

  useEffect(() => {
    document.title = OPS_TEXT.pageTitle(TEXT.title)
  }, [])

  if (done) {
    return (
      <EnrolmentCard>
        <div role="status" className="grid gap-3">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CircleCheck className="size-5 text-success" aria-hidden="true" />
            {TEXT.doneTitle}
          </p>
          <p className="text-sm text-muted-foreground">{TEXT.doneText}</p>
          <Link href={OPS_PATHS.home} className={linkButtonClass('primary', 'md', 'w-fit')}>
            {TEXT.goToSignIn}
          </Link>
        </div>
      </EnrolmentCard>
    )
  }
  if (token.length < 20 || enrolment.data === null) {
    return (
      <EnrolmentCard>
        <FormAlert message={TEXT.invalid} />
      </EnrolmentCard>
    )
  }
  if (!enrolment.data) {
    return (
      <EnrolmentCard>
        <QueryState query={enrolment} />
      </EnrolmentCard>
    )
  }
  return (
    <EnrolmentCard>
      <EnrolmentSteps token={token} enrolment={enrolment.data} onDone={() => setDone(true)} />
    </EnrolmentCard>
  )
}

function EnrolmentSteps({
  token,
  enrolment,
  onDone,
}: {
  token: string
  enrolment: Enrolment
  onDone: () => void
}) {
  const qr = useQrDataUrl(enrolment.otpauthUrl)
  const [copied, setCopied] = useState(false)
  return (
    <div className="grid gap-6">
      <section className="grid gap-1 rounded-lg bg-muted p-4 text-sm">
        <h2 className="text-muted-foreground">{TEXT.whoTitle}</h2>
        <p className="text-base font-semibold">
          {enrolment.name} <Badge variant="secondary">{OPS_TEXT.roles[enrolment.role]}</Badge>
        </p>
        <p className="wrap-anywhere">{enrolment.email}</p>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="grid content-start gap-3">
          <h2 className="font-semibold">{TEXT.scanTitle}</h2>
          <p className="text-sm text-muted-foreground">{TEXT.scanText}</p>
          <QrCodeImage
            dataUrl={qr.dataUrl}
            failed={qr.failed}
            alt={TEXT.qrAlt}
            loadingLabel={OPS_TEXT.loading}
            failedLabel={TEXT.qrFailed}
            className="max-w-48"
          />
          <div className="grid gap-1">
            <span className="text-sm font-medium">{TEXT.secretLabel}</span>
            <code
              className="rounded-md border bg-card px-3 py-2 font-mono text-sm wrap-anywhere"
              data-testid="ops-enrol-secret"
            >
              {groupedSecret(enrolment.secret)}
            </code>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => void copyText(enrolment.secret).then(setCopied)}
            >
              {copied ? TEXT.copied : TEXT.copySecret}
            </Button>
          </div>
        </section>
        <EnrolForm token={token} onDone={onDone} />
      </div>
    </div>
  )
}

type Field = 'password' | 'confirm' | 'code'

function EnrolForm({ token, onDone }: { token: string; onDone: () => void }) {
  const ids = { password: useId(), confirm: useId(), code: useId() }
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const enrol = useMutation({ mutationFn: enrolOperator, onSuccess: onDone })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = enrolRequestSchema.safeParse({
      token,
      password,
      code: code.replaceAll(/\s+/g, ''),
    })
    const found: Partial<Record<Field, string>> = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'password') {
          found.password = TEXT.passwordTooShort(OPERATOR_PASSWORD_MIN_LENGTH)
        }
        if (issue.path[0] === 'code') found.code = TEXT.codeRequired
      }
    }
    if (!found.password && confirm !== password) found.confirm = TEXT.confirmMismatch
    setErrors(found)
    if (!parsed.success || found.confirm) return
    enrol.mutate(parsed.data, { onError: () => setCode('') })
  }

  return (
    <section className="grid content-start gap-3">
      <h2 className="font-semibold">{TEXT.formTitle}</h2>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormAlert message={enrol.isError ? errorText(enrol.error, TEXT.failed) : null} />
        <PasswordField
          id={ids.password}
          label={TEXT.password}
          hint={TEXT.passwordHint(OPERATOR_PASSWORD_MIN_LENGTH)}
          autoComplete="new-password"
          showLabel={OPS_TEXT.signIn.showPassword}
          hideLabel={OPS_TEXT.signIn.hidePassword}
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          id={ids.confirm}
          label={TEXT.confirm}
          autoComplete="new-password"
          showLabel={OPS_TEXT.signIn.showPassword}
          hideLabel={OPS_TEXT.signIn.hidePassword}
          value={confirm}
          error={errors.confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <TextField
          id={ids.code}
          label={TEXT.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.target.value)}
          className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
        />
        <Button type="submit" disabled={enrol.isPending}>
          {enrol.isPending ? TEXT.submitting : TEXT.submit}
        </Button>
      </form>
    </section>
  )
}
