import { z } from 'zod'
import { PHONE_INPUT_MAX, toE164 } from '../phone-numbers.ts'
import { stepUpFields } from './step-up.ts'

/** A verification code is 6 digits (docs/phone-numbers.md "Verification"). */
export const PHONE_CODE_LENGTH = 6
/** A code works for 10 minutes... */
export const PHONE_CODE_TTL_MINUTES = 10
/** ...and for 5 tries; the sixth is refused even with the right code. */
export const PHONE_CODE_ATTEMPTS_MAX = 5
/** A new code for the same number at most once a minute... */
export const PHONE_CODE_RESEND_SECONDS = 60
/** ...and at most 5 codes per account an hour, so nobody can flood a phone or run up SMS costs. */
export const PHONE_CODES_PER_HOUR = 5

export const INVALID_PHONE_MESSAGE = 'enterValidPhoneNumber'

/** Text that must be a phone number, as E.164 once parsed. */
export const phoneNumberSchema = z
  .string({ error: 'phoneNumberRequired' })
  .trim()
  .min(1, 'phoneNumberRequired')
  .max(PHONE_INPUT_MAX, INVALID_PHONE_MESSAGE)
  .transform((text, context) => {
    const e164 = toE164(text)
    if (e164 === undefined) {
      context.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE })
      return z.NEVER
    }
    return e164
  })

function phoneFieldSchema<Empty extends null | undefined>(empty: Empty) {
  return z
    .string()
    .trim()
    .max(PHONE_INPUT_MAX, INVALID_PHONE_MESSAGE)
    .transform((text, context): string | Empty => {
      if (text === '') return empty
      const e164 = toE164(text)
      if (e164 === undefined) {
        context.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE })
        return z.NEVER
      }
      return e164
    })
}

/** A phone number that may be left empty (a sign-up or sign-in field): empty is undefined. */
export const optionalPhoneNumberSchema = phoneFieldSchema(undefined)

/** A phone number that empty removes (the profile's field): empty is null. */
export const clearablePhoneNumberSchema = phoneFieldSchema(null)

/**
 * `POST /api/phone/verification`: text a code to this number. `reuseRecent` is for a screen that
 * has shown no code yet: a code texted to the number less than a minute ago (by sign-up) is the
 * one to type, so it is answered with that code's times rather than refused.
 */
export const phoneVerificationRequestSchema = z.object({
  phoneNumber: phoneNumberSchema,
  reuseRecent: z.boolean().optional(),
  // A number added or changed is a credential change (docs/security.md "Step-up").
  ...stepUpFields,
})
export type PhoneVerificationRequest = z.infer<typeof phoneVerificationRequestSchema>

/** `POST /api/phone/verification/confirm`: the number and the code it received. */
export const phoneVerificationConfirmSchema = z.object({
  phoneNumber: phoneNumberSchema,
  code: z
    .string({ error: 'enter6DigitCodeWe' })
    .trim()
    .transform((text) => text.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'enter6DigitCodeWe')),
})
export type PhoneVerificationConfirm = z.infer<typeof phoneVerificationConfirmSchema>

/** The answer to a sent code: where it went and when it stops working. */
export const phoneVerificationSentSchema = z.object({
  phoneNumber: z.string(),
  expiresAt: z.string(),
  /** When another code may be asked for. */
  resendAt: z.string(),
  /** False when no new code was texted: the one sent less than a minute ago works (reuseRecent). */
  sent: z.boolean(),
})
export type PhoneVerificationSent = z.infer<typeof phoneVerificationSentSchema>
