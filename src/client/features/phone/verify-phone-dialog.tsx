import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/lib/toast.ts'
import type { User } from '#shared/schemas/auth.ts'
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

/** Texts a code to the number once, then asks for it (the dialog's body, and sign-up's). */
export function VerifyPhoneSteps({
  phoneNumber,
  onVerified,
}: {
  phoneNumber: string
  onVerified: (user: User) => Promise<void>
}) {
  const t = usePhoneMessages()
  const send = useMutation({
    mutationFn: () => requestPhoneCode(phoneNumber, { reuseRecent: true }),
    meta: { suppressGlobalError: true },
  })
  // One code per opening, also when React runs effects twice in development.
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    send.mutate()
  }, [send])

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
        onVerified={(user) => void onVerified(user)}
      />
    </div>
  )
}
