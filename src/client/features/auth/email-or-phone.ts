import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from '#shared/schemas/auth.ts'

/**
 * One field that takes an e-mail or a phone number (sign-in, password reset): with an @ it is an
 * e-mail, checked here; else a number, which the server parses in any common format
 * (docs/phone-numbers.md "Signing in"), so the phone parser stays out of these pages.
 */
export const emailOrPhoneField = z
  .string()
  .trim()
  .min(1, 'Enter your email or your phone number')
  .max(EMAIL_MAX_LENGTH)
  .refine((text) => !text.includes('@') || z.email().safeParse(text).success, {
    message: 'Invalid email address',
  })

/** The field's text as the API takes it: `email` or `phoneNumber`. */
export function emailOrPhoneBody(text: string): { email: string } | { phoneNumber: string } {
  return text.includes('@') ? { email: text.toLowerCase() } : { phoneNumber: text }
}
