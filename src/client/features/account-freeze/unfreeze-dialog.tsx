import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { type StepUpErrors, stepUpRefusalOf } from '#client/components/step-up/step-up-refusal.ts'
import { typedCode } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { serverErrorMessage } from '#client/lib/server-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { AUTH_USER_QUERY_KEY } from '#client/lib/use-auth.ts'
import { unfreezeCodeSentSchema } from '#shared/schemas/account-freeze.ts'
import { useAccountFreezeMessages } from './messages.ts'

const CODE_PATTERN = /^\d{6}$/

async function sendUnfreezeCode(): Promise<string> {
  return unfreezeCodeSentSchema.parse(await apiRequest('POST', '/api/account/unfreeze/code')).sentTo
}

/** Step 1: the code goes to the e-mail on file, which no session can change. */
function SendCodeStep({
  onSent,
  onCancel,
}: {
  onSent: (sentTo: string) => void
  onCancel: () => void
}) {
  const t = useAccountFreezeMessages()
  const send = useMutation({ mutationFn: sendUnfreezeCode, onSuccess: onSent })
  return (
    <div className="mt-5 grid gap-4">
      <FormAlert
        message={send.isError ? serverErrorMessage(send.error, t('unfreezeFailed')) : null}
      />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button type="button" needsNetwork disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? t('sendingCode') : t('sendCode')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  )
}

/** Step 2: the code that came and the password; wrong ones land beside their fields. */
function UnfreezeForm({
  onResent,
  onDone,
}: {
  onResent: (sentTo: string) => void
  onDone: () => void
}) {
  const t = useAccountFreezeMessages()
  const queryClient = useQueryClient()
  const ids = { code: useId(), password: useId() }
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<StepUpErrors>({})
  const unfreeze = useMutation({
    mutationFn: (body: { code: string; password: string }) =>
      apiRequest('POST', '/api/account/unfreeze', body),
    onSuccess: async () => {
      toast({ title: t('unfrozenTitle'), description: t('unfrozenText') })
      onDone()
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY })
    },
    onError: (error) => {
      const refusal = stepUpRefusalOf(error)
      if (refusal) setErrors(refusal.errors)
      if (refusal?.errors.code) setCode('')
    },
  })
  const resend = useMutation({
    mutationFn: sendUnfreezeCode,
    onSuccess: (next) => {
      onResent(next)
      setCode('')
    },
  })
  // A refusal beside a field needs no alert as well; anything else (too many tries) does.
  const failure = unfreeze.isError && !stepUpRefusalOf(unfreeze.error) ? unfreeze.error : null
  const alert = failure ?? (resend.isError ? resend.error : null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const value = typedCode(code)
    const missing: StepUpErrors = {
      ...(CODE_PATTERN.test(value) ? {} : { code: t('codeRequired') }),
      ...(password === '' ? { password: t('passwordRequired') } : {}),
    }
    setErrors(missing)
    if (missing.code || missing.password) return
    resend.reset()
    unfreeze.mutate({ code: value, password })
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={alert ? serverErrorMessage(alert, t('unfreezeFailed')) : null} />
      <TextField
        id={ids.code}
        label={t('codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={errors.code}
        onChange={(event) => {
          setCode(event.target.value)
          setErrors((current) => ({ ...current, code: undefined }))
        }}
        className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
      />
      <PasswordField
        id={ids.password}
        label={t('password')}
        autoComplete="current-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value)
          setErrors((current) => ({ ...current, password: undefined }))
        }}
      />
      <Button type="submit" size="lg" disabled={unfreeze.isPending}>
        {unfreeze.isPending ? t('unfreezing') : t('unfreezeSubmit')}
      </Button>
      <Button
        type="button"
        variant="link"
        needsNetwork
        disabled={resend.isPending}
        onClick={() => {
          unfreeze.reset()
          resend.mutate()
        }}
      >
        {resend.isPending ? t('sendingCode') : t('resendCode')}
      </Button>
    </form>
  )
}

/**
 * Unfreezing (docs/security.md "Freezing"): a code sent to the e-mail on file first, then that
 * code with the password. The user is read again afterwards, so the banner goes.
 */
export function UnfreezeDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useAccountFreezeMessages()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const close = () => onOpenChange(false)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Every opening starts at the first step: a code asked for earlier may have lapsed.
        if (!next) setSentTo(null)
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('unfreezeTitle')}</DialogTitle>
        {sentTo === null ? (
          <>
            <DialogDescription>{t('unfreezeText')}</DialogDescription>
            <SendCodeStep onSent={setSentTo} onCancel={close} />
          </>
        ) : (
          <>
            {/* Where the code went, said again when a new one goes. */}
            <DialogDescription role="status" data-testid="unfreeze-code-sent">
              {t('codeSent', { sentTo })}
            </DialogDescription>
            <UnfreezeForm
              onResent={setSentTo}
              onDone={() => {
                setSentTo(null)
                close()
              }}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
