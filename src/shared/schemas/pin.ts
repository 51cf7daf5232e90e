import { z } from 'zod'
import { stepUpFields } from './step-up.ts'

/** The transaction PIN (docs/security.md "Transaction PIN"). */
export const PIN_LENGTH = 4
/** Wrong PINs in a row before the PIN locks... */
export const PIN_MAX_ATTEMPTS = 5
/** ...and for how long. */
export const PIN_LOCK_MINUTES = 30

const PIN_PATTERN = /^\d{4}$/
const PIN_FORMAT_MESSAGE = 'pin4Digits'
export const WEAK_PIN_MESSAGE = 'choosePinHarderGuess'

/**
 * Whether a PIN is among the first a thief would try: one digit repeated (0000), or digits that
 * step up or down by one (1234, 4321, 7890, 0987).
 */
export function isGuessablePin(pin: string): boolean {
  const digits = [...pin].map(Number)
  const steps = digits.slice(1).map((digit, index) => (digit - (digits[index] ?? 0) + 10) % 10)
  return (
    steps.every((step) => step === 0) ||
    steps.every((step) => step === 1) ||
    steps.every((step) => step === 9)
  )
}

/** A PIN as it is chosen: 4 digits that are not guessable. */
export const newPinSchema = z
  .string({ error: PIN_FORMAT_MESSAGE })
  .regex(PIN_PATTERN, PIN_FORMAT_MESSAGE)
  .refine((pin) => !isGuessablePin(pin), WEAK_PIN_MESSAGE)

export const setPinRequestSchema = z.object({ pin: newPinSchema, ...stepUpFields })
export type SetPinRequest = z.infer<typeof setPinRequestSchema>

export const pinStatusSchema = z.object({
  isSet: z.boolean(),
  /** While locked after too many wrong PINs: when it opens again (ISO 8601). */
  lockedUntil: z.string().nullable(),
})
export type PinStatus = z.infer<typeof pinStatusSchema>

/**
 * The `pin` every outgoing money POST carries beside its body. Optional in the schema so that
 * leaving it out is the typed 403 PIN_REQUIRED rather than a validation error.
 */
export const transactionPinField = {
  pin: z
    .string({ error: PIN_FORMAT_MESSAGE })
    .regex(PIN_PATTERN, PIN_FORMAT_MESSAGE)
    .optional()
    .describe('Your 4-digit transaction PIN (required; see docs/security.md)'),
}

/** An outgoing money body with the PIN beside it. */
export function withTransactionPin<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend(transactionPinField)
}
