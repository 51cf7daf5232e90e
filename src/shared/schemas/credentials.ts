import { z } from 'zod'
import { isCountryCode } from '../countries.ts'
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
  requiredName,
  usernameSchema,
} from './auth.ts'
import { optionalPhoneNumberSchema } from './phone.ts'

/**
 * Sign-up and sign-in bodies (docs/account.md, docs/phone-numbers.md). They take an e-mail or a
 * phone number, so they parse phone numbers; they live apart from auth.ts so that the parser
 * loads only with the pages that sign people up or in.
 */

/** An e-mail address that may be left empty (a form field): empty is undefined. */
const optionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'emailMostMaxCharacters')
  .transform((text) => (text === '' ? undefined : text))
  .pipe(z.email({ error: 'invalidEmailAddress' }).optional())

export const EMAIL_OR_PHONE_REQUIRED = 'enterEmailOrPhone'
export const COUNTRY_INVALID = 'chooseCountryFromList'

/**
 * Where the user lives, an ISO 3166-1 alpha-2 code in any case (docs/account.md "Country and
 * currency"); empty is none, for "elsewhere" without a region.
 */
const optionalCountrySchema = z
  .string()
  .trim()
  .max(2, COUNTRY_INVALID)
  .toUpperCase()
  .transform((text) => (text === '' ? undefined : text))
  .refine((text) => text === undefined || isCountryCode(text), COUNTRY_INVALID)

export const signUpRequestSchema = z
  .object({
    email: optionalEmailSchema.optional(),
    /** Texted a code at once; the account can sign in with it before it is verified. */
    phoneNumber: optionalPhoneNumberSchema.optional(),
    password: passwordSchema,
    firstName: requiredName('firstName'),
    lastName: requiredName('lastName'),
    username: usernameSchema,
    /** Decides the primary wallet and the display currency; defaulted from the phone number. */
    country: optionalCountrySchema.optional(),
  })
  .refine((body) => body.email !== undefined || body.phoneNumber !== undefined, {
    message: EMAIL_OR_PHONE_REQUIRED,
    path: ['email'],
  })
export type SignUpBody = z.infer<typeof signUpRequestSchema>

export const signInRequestSchema = z
  .object({
    email: optionalEmailSchema.optional(),
    phoneNumber: optionalPhoneNumberSchema.optional(),
    // Sign-in does not re-check the password rules: a wrong password is a 401, not a 400.
    password: z
      .string({ error: 'passwordRequired' })
      .min(1, 'passwordRequired')
      .max(PASSWORD_MAX_LENGTH, 'passwordMostMaxCharacters'),
    /** With two-factor sign-in on: the authenticator's 6-digit code, or a backup code. */
    code: z.string().trim().max(20, 'codeTooLong').optional(),
  })
  .refine((body) => (body.email === undefined) !== (body.phoneNumber === undefined), {
    message: 'enterYourEmailOrPhone',
    path: ['email'],
  })
export type SignInRequest = z.infer<typeof signInRequestSchema>

/**
 * `POST /api/auth/password-reset`: the e-mail address or the phone number the account signs in
 * with, one of them; the link goes by e-mail or by SMS (docs/account.md "Password reset").
 */
export const passwordResetRequestSchema = z
  .object({
    email: optionalEmailSchema.optional(),
    phoneNumber: optionalPhoneNumberSchema.optional(),
  })
  .refine((body) => (body.email === undefined) !== (body.phoneNumber === undefined), {
    message: 'enterYourEmailOrPhone',
    path: ['email'],
  })
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>
