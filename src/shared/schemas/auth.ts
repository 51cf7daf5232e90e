import { z } from 'zod'
import type { SignUpBody } from './credentials.ts'
import { secondFactorCodeSchema } from './step-up.ts'

export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 50
export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 30
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/

export const emailSchema = z
  .string({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'emailMostMaxCharacters')
  .pipe(z.email({ error: 'invalidEmailAddress' }))

/**
 * A name field's label as the errors catalog names its texts: `firstName` words
 * `firstNameRequired` and `firstNameMostMaxCharacters`.
 */
export type NameLabel = 'firstName' | 'lastName' | 'address' | 'city' | 'state' | 'country'

export const requiredName = (label: NameLabel) =>
  z
    .string({ error: `${label}Required` })
    .trim()
    .min(1, `${label}Required`)
    .max(NAME_MAX_LENGTH, `${label}MostMaxCharacters`)

export const usernameSchema = z
  .string({ error: 'usernameRequired' })
  .trim()
  .min(USERNAME_MIN_LENGTH, 'usernameLeastMinCharacters')
  .max(USERNAME_MAX_LENGTH, 'usernameMostMaxCharacters')
  .regex(USERNAME_PATTERN, 'usernameMayContainOnly')

export const passwordSchema = z
  .string({ error: 'passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, 'passwordLeastMinCharacters')
  .max(PASSWORD_MAX_LENGTH, 'passwordMostMaxCharacters')

/**
 * A sign-up with an e-mail address, the shape most callers and tests use. The request itself,
 * which takes an e-mail or a phone number, is `signUpRequestSchema` in credentials.ts: it parses
 * phone numbers, and keeping it apart keeps that parser out of every chunk that only needs
 * the user's shape.
 */
export type SignUpRequest = SignUpBody & { email: string }

/**
 * The signed-in user as the API returns it (docs/data-model.md "User"); never the password hash.
 */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  /** Null for an account made with a phone number only (docs/phone-numbers.md). */
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isVerified: z.boolean(),
  /** E.164 (`+2348031234567`); the app shows it in its national format. */
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** ISO 3166-1 alpha-2, or null: decides the primary wallet and display currency. */
  country: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** When the owner froze the account (docs/security.md "Freezing"); null when it is not. */
  frozenAt: z.string().nullable(),
  /** unverified, verified or failed: the identity check of Complete Verification. */
  verificationStatus: z.string(),
  /** The KYC tier, 1 to 3, that sets the user's limits (docs/limits.md). */
  kycTier: z.number().int().min(1).max(3),
  /** Whether the user opened a verification (or reset) link sent to this address. */
  isEmailVerified: z.boolean(),
})
export type User = z.infer<typeof userSchema>

/** Where to go after signing in: only a path on this site, never another origin. */
export const returnToSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])/, 'returntoPathSite')

/** A link token from an e-mail: 43 base64url characters (256 random bits). */
export const emailTokenSchema = z
  .string({ error: 'linkInvalidHasExpired' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'linkInvalidHasExpired')

export const passwordResetConfirmSchema = z.object({
  token: emailTokenSchema,
  password: passwordSchema,
  /** With two-factor on: a code from the app or a backup code (docs/security.md). */
  code: secondFactorCodeSchema.optional(),
})
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

export const verifyEmailRequestSchema = z.object({ token: emailTokenSchema })

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30
/** How long an e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48
