import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Copy, Download } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { QrCodeImage, useQrDataUrl } from '#client/components/payment-qr-code.tsx'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { typedCode, useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { copyText } from '#client/lib/copy-text.ts'
import { downloadText } from '#client/lib/download-text.ts'
import { serverFieldErrors } from '#client/lib/server-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { AUTH_USER_QUERY_KEY, useAuth } from '#client/lib/use-auth.ts'
import {
  backupCodesSchema,
  TOTP_CODE_PATTERN,
  twoFactorSetupSchema,
} from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useDialogError } from './use-dialog-error.ts'

/** The base32 secret in groups of four, as authenticator apps print it, easier to type. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useSettingsMessages()
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={async () => {
        const copied = await copyText(text)
        toast(copied ? { title: t('copied') } : { title: t('copyFailed'), variant: 'destructive' })
      }}
    >
      <Copy aria-hidden="true" />
      {label}
    </Button>
  )
}

function SetupStep({
  secret,
  otpauthUrl,
  onEnabled,
}: {
  secret: string
  otpauthUrl: string
  onEnabled: (backupCodes: string[]) => void
}) {
  const t = useSettingsMessages()
  const codeId = useId()
  const qr = useQrDataUrl(otpauthUrl)
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  // Turning two-factor on is a credential change: the password too (docs/security.md "Step-up").
  // The code is the form's own, from the app just set up.
  const stepUp = useStepUp('never')
  const failure = useDialogError({
    title: t('twoFactorFailedTitle'),
    message: t('twoFactorFailed'),
  })
  const enable = useMutation({
    mutationFn: async (body: { code: string; password: string }) =>
      backupCodesSchema.parse(await apiRequest('POST', '/api/auth/2fa/enable', body)),
    onSuccess: (result) => onEnabled(result.backupCodes),
    onError: (error) => {
      const wrongCode = serverFieldErrors(error).find((item) => item.path === 'code')
      if (wrongCode) {
        setCode('')
        setFieldError(wrongCode.message)
        return
      }
      if (!stepUp.take(error)) failure.report(error)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const value = typedCode(code)
    const codeValid = TOTP_CODE_PATTERN.test(value)
    setFieldError(codeValid ? undefined : t('codeInvalid'))
    const proof = stepUp.proof()
    if (!codeValid || !proof) return
    enable.mutate({ code: value, password: proof.password ?? '' })
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
      {/* Small enough that the code field is in view on a phone without scrolling. */}
      <div className="mx-auto w-44 sm:w-52">
        <QrCodeImage
          dataUrl={qr.dataUrl}
          failed={qr.failed}
          alt={t('qrAlt')}
          loadingLabel={t('enrolStarting')}
          failedLabel={t('enrolStartFailed')}
        />
      </div>
      <div className="grid gap-2 rounded-xl border bg-muted/40 p-3">
        <p className="text-sm text-muted-foreground">{t('manualKey')}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <code
            className="min-w-0 wrap-anywhere font-mono text-sm font-semibold tracking-wide"
            data-testid="totp-secret"
          >
            {groupSecret(secret)}
          </code>
          <CopyButton text={secret} label={t('copy')} />
        </div>
      </div>
      <FormAlert message={failure.message} />
      <TextField
        id={codeId}
        label={t('codeLabel')}
        hint={t('codeHint')}
        error={fieldError}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
      />
      <StepUpFields stepUp={stepUp} idPrefix="enrol" disabled={enable.isPending} />
      <Button type="submit" size="lg" disabled={enable.isPending}>
        {enable.isPending ? t('verifying') : t('verifyAndEnable')}
      </Button>
    </form>
  )
}

/** The ten one-time backup codes, shown once, to copy or download (enrolling, renewing). */
export function BackupCodesStep({
  backupCodes,
  email,
  onDone,
}: {
  backupCodes: readonly string[]
  email: string
  onDone: () => void
}) {
  const t = useSettingsMessages()
  const text = backupCodes.join('\n')
  return (
    <div className="mt-4 grid gap-4">
      <ul
        aria-label={t('backupCodesLabel')}
        className="grid grid-cols-2 gap-2 rounded-xl border bg-muted/40 p-3"
      >
        {backupCodes.map((code) => (
          <li
            key={code}
            className="rounded-lg bg-card px-2 py-1.5 text-center font-mono text-sm font-semibold tracking-wide"
            data-testid="backup-code"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <CopyButton text={text} label={t('copyCodes')} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            downloadText(
              'sabi-backup-codes.txt',
              `${t('backupFileHeading', { email })}\n\n${text}\n`,
            )
          }
        >
          <Download aria-hidden="true" />
          {t('downloadCodes')}
        </Button>
      </div>
      <Button type="button" size="lg" onClick={onDone}>
        {t('savedThem')}
      </Button>
    </div>
  )
}

function EnrolSteps({ onDone }: { onDone: () => void }) {
  const t = useSettingsMessages()
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null)
  const failure = useDialogError({
    title: t('twoFactorFailedTitle'),
    message: t('enrolStartFailed'),
  })
  const setup = useMutation({
    mutationFn: async () =>
      twoFactorSetupSchema.parse(await apiRequest('POST', '/api/auth/2fa/setup')),
    onError: failure.report,
  })
  // Each setup makes a new secret on the server, so it must run once per opening, not once
  // per effect run (StrictMode runs effects twice in development).
  const started = useRef(false)
  const startSetup = setup.mutate
  useEffect(() => {
    if (started.current) return
    started.current = true
    startSetup()
  }, [startSetup])

  if (backupCodes) {
    return (
      <>
        <DialogTitle>{t('backupTitle')}</DialogTitle>
        <DialogDescription>{t('backupText')}</DialogDescription>
        <BackupCodesStep backupCodes={backupCodes} email={user?.email ?? ''} onDone={onDone} />
      </>
    )
  }
  return (
    <>
      <DialogTitle>{t('enrolTitle')}</DialogTitle>
      <DialogDescription>{t('enrolScan')}</DialogDescription>
      {setup.data ? (
        <SetupStep
          secret={setup.data.secret}
          otpauthUrl={setup.data.otpauthUrl}
          onEnabled={(codes) => {
            setBackupCodes(codes)
            void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
            toast({ title: t('twoFactorOnTitle'), description: t('twoFactorOnToast') })
          }}
        />
      ) : failure.message ? (
        <div className="mt-4 grid gap-3">
          <FormAlert message={failure.message} />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              failure.clear()
              setup.mutate()
            }}
          >
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label={t('enrolStarting')} />
        </div>
      )}
    </>
  )
}

/**
 * Turning two-factor sign-in on: the QR code of the new secret (and the secret to type in),
 * a code from the app to prove it, then the ten one-time backup codes, shown this once.
 */
export function TwoFactorEnrolDialog({
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
        <EnrolSteps onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
