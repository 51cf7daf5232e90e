import { z } from 'zod'

export const EMAIL_MAX_LENGTH = 254
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 50
export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 30
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Invalid email address' }))

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and underscore')

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)

export const signUpRequestSchema = z.object({
  email,
  password: passwordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  username: usernameSchema,
})
export type SignUpRequest = z.infer<typeof signUpRequestSchema>

export const signInRequestSchema = z.object({
  email,
  // Sign-in does not re-check the password rules: a wrong password is a 401, not a 400.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  /** With two-factor sign-in on: the authenticator's 6-digit code, or a backup code. */
  code: z.string().trim().max(20, 'That code is too long').optional(),
})
export type SignInRequest = z.infer<typeof signInRequestSchema>

/**
 * The signed-in user as the API returns it (docs/data-model.md "User"); never the password hash.
 */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
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
  .regex(/^\/(?![/\\])/, 'returnTo must be a path on this site')

/** A link token from an e-mail: 43 base64url characters (256 random bits). */
const emailTokenSchema = z
  .string({ error: 'This link is invalid or has expired' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid or has expired')

export const passwordResetRequestSchema = z.object({ email })

export const passwordResetConfirmSchema = z.object({
  token: emailTokenSchema,
  password: passwordSchema,
})
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

export const verifyEmailRequestSchema = z.object({ token: emailTokenSchema })

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30
/** How long an e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48
