import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { stepUpRefusalOf } from '#client/components/step-up/step-up-refusal.ts'
import { useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { serverErrorMessage } from '#client/lib/server-errors.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import type { User } from '#shared/schemas/auth.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { usePhoneMessages } from './messages.ts'
import { PhoneCodeForm } from './phone-code-form.tsx'
import { requestPhoneCode } from './phone-verification-api.ts'

/**
 * The profile's Verify: opening it texts a code to the user's number, then asks for it
 * (docs/phone-numbers.md "Verification"). Opened within the minute after a code went out, it
 * takes that code (`reuseRecent`) instead of being refused with "Please wait a minute" and a 429
 * (issue 31). "Send a new code" asks for a new one, and is refused within the minute.
 */
export function VerifyPhoneDialog({
  phoneNumber,
  open,
  onOpenChange,
  onVerified,
}: {
  phoneNumber: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onVerified: (user: User) => Promise<void>
}) {
  const t = usePhoneMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('dialogTitle')}</DialogTitle>
        <DialogDescription>{t('dialogDescription')}</DialogDescription>
        {open ? (
          <VerifyPhoneSteps
            phoneNumber={phoneNumber}
            onVerified={async (user) => {
              toast({ title: t('verifiedTitle'), description: t('verifiedText') })
              onOpenChange(false)
              await onVerified(user)
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/**
 * Texts a code to the number once, then asks for it (the dialog's body, and sign-up's). The
 * number typed at sign-up, not yet verified, is texted at once; a number added or changed is a
 * credential change (docs/security.md "Step-up"), so the password (and the authenticator code
 * with two-factor on) is asked first, and also whenever the server answers REAUTH_REQUIRED.
 */
export function VerifyPhoneSteps({
  phoneNumber,
  onVerified,
}: {
  phoneNumber: string
  onVerified: (user: User) => Promise<void>
}) {
  const t = usePhoneMessages()
  const { user } = useAuth()
  const asksFirst = user !== null && (user.phoneVerified || user.phoneNumber !== phoneNumber)
  const stepUp = useStepUp()
  const [stepUpShown, setStepUpShown] = useState(asksFirst)
  const send = useMutation({
    mutationFn: (proof: StepUpProof | null) =>
      requestPhoneCode(phoneNumber, { reuseRecent: true, proof }),
    onError: (error) => {
      if (stepUp.take(error)) setStepUpShown(true)
    },
    meta: { suppressGlobalError: true },
  })
  // One code per opening, also when React runs effects twice in development; none before the
  // password when it is asked first.
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current || asksFirst) return
    asked.current = true
    send.mutate(null)
  }, [send, asksFirst])

  if (stepUpShown && !send.isSuccess) {
    const otherFailure = send.isError && !stepUpRefusalOf(send.error) ? send.error : null
    return (
      <form
        noValidate
        className="mt-5 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const proof = stepUp.proof()
          if (proof) send.mutate(proof)
        }}
      >
        <p className="text-sm text-muted-foreground" data-testid="phone-step-up">
          {t('stepUpText', { number: formatPhoneNational(phoneNumber) })}
        </p>
        <FormAlert
          message={otherFailure ? serverErrorMessage(otherFailure, t('genericError')) : null}
        />
        <StepUpFields stepUp={stepUp} idPrefix="phone" disabled={send.isPending} />
        <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
          {send.isPending ? t('sending') : t('sendCode')}
        </Button>
      </form>
    )
  }
  if (send.isPending || send.isIdle) {
    return (
      <div className="mt-5 flex justify-center">
        <Spinner label={t('sending')} />
      </div>
    )
  }
  return (
    <div className="mt-5">
      <PhoneCodeForm
        phoneNumber={phoneNumber}
        initialError={send.error}
        proof={send.variables}
        onVerified={(verified) => void onVerified(verified)}
      />
    </div>
  )
}
