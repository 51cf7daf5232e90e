import { z } from 'zod'
import { ANY_IDENTITY_NUMBER_PATTERN, VERIFICATION_ID_TYPES } from '../identity-numbers.ts'
import { LANGUAGES } from '../languages.ts'
import { passwordSchema, requiredName } from './auth.ts'
import { secondFactorCodeSchema, stepUpFields } from './step-up.ts'

export const TOTP_CODE_PATTERN = /^\d{6}$/
export const BACKUP_CODE_COUNT = 10
export const THEMES = ['light', 'dark'] as const

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() })
/** Turning two-factor on or off: a code, and the password (step-up, docs/security.md). */
export const twoFactorChangeRequestSchema = z.object({
  code: secondFactorCodeSchema,
  password: stepUpFields.password,
})
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) })

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'currentPasswordRequired' })
    .min(1, 'currentPasswordRequired')
    .max(128),
  newPassword: passwordSchema,
})

export const sessionInfoSchema = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

/**
 * A legal name as a registry holds it: letters of any script with their accents, and the
 * spaces, hyphens, apostrophes and dots between them; never digits or symbols.
 */
export const LEGAL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u
/** Only adults open a verified account (docs/account.md "Identity verification"). */
export const VERIFICATION_MIN_AGE_YEARS = 18
/** No date of birth before this is taken for a real one. */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01'

/**
 * The last date of birth of someone who is `years` old on `today`, as YYYY-MM-DD. The day is
 * UTC's: Lagos is an hour ahead, so a birthday starts counting at most an hour late.
 */
export function latestBirthDateForAge(years: number, today: Date): string {
  const year = String(today.getUTCFullYear() - years).padStart(4, '0')
  const month = String(today.getUTCMonth() + 1).padStart(2, '0')
  const day = String(today.getUTCDate()).padStart(2, '0')
  // Someone born on 29 February is of age on 1 March in a common year: the text comparison
  // with "YYYY-02-28" gives exactly that.
  return `${year}-${month}-${day}`
}

const legalName = (label: 'firstName' | 'lastName') =>
  requiredName(label).regex(LEGAL_NAME_PATTERN, 'enterNameIdLetters')

/**
 * `POST /api/profile/verification`: the number, and the person it must belong to. The registry
 * compares the legal name and date of birth with its record (docs/security.md "Identity"). Its
 * digits are checked here; their number, by type and country, by the use case, which knows the
 * user's country (`identityNumberProblem`, src/shared/identity-numbers.ts).
 */
export const verificationRequestSchema = z.object({
  idType: z.enum(VERIFICATION_ID_TYPES, { error: 'chooseIdType' }),
  idNumber: z
    .string({ error: 'enterIdNumber' })
    .trim()
    .regex(ANY_IDENTITY_NUMBER_PATTERN, 'idNumberDigitsOnly'),
  firstName: legalName('firstName'),
  lastName: legalName('lastName'),
  dateOfBirth: z.iso
    .date({ error: 'enterDateBirthYyyy' })
    .refine((date) => date >= EARLIEST_DATE_OF_BIRTH, 'enterRealDateBirth')
    .refine(
      (date) => date <= latestBirthDateForAge(VERIFICATION_MIN_AGE_YEARS, new Date()),
      'least18VerifyIdentity',
    ),
})
export type VerificationRequest = z.infer<typeof verificationRequestSchema>

/** The user's settings, every item saved on the server (docs/account.md "Settings"). */
export const settingsSchema = z.object({
  pushNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  language: z.enum(LANGUAGES),
  displayCurrency: z.string().length(3),
  theme: z.enum(THEMES),
  defaultWalletId: z.string().nullable(),
  autoSaveRecipients: z.boolean(),
})
export type Settings = z.infer<typeof settingsSchema>

/** `PUT /api/settings` takes any subset; what is left out stays as it was. */
export const updateSettingsRequestSchema = z
  .object({
    pushNotifications: z.boolean({ error: 'pushnotificationsTrueFalse' }),
    emailNotifications: z.boolean({ error: 'emailnotificationsTrueFalse' }),
    smsNotifications: z.boolean({ error: 'smsnotificationsTrueFalse' }),
    language: z.enum(LANGUAGES, { error: 'languageOneEnFr' }),
    displayCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'displayCurrency3Letter'),
    theme: z.enum(THEMES, { error: 'themeLightDark' }),
    defaultWalletId: z.uuid({ error: 'selectWallet' }).nullable(),
    autoSaveRecipients: z.boolean({ error: 'autosaverecipientsTrueFalse' }),
  })
  .partial()
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>

export const deactivateRequestSchema = z.object(stepUpFields)

// Year 0 is a valid ISO date but no PostgreSQL date; from 0001 on, both read dates alike.
const exportDate = (name: 'from' | 'to') =>
  z.iso
    .date({ error: `${name}MustBeDate` })
    .refine((date) => date >= '0001-01-01', `${name}MustBeFromYearOne`)
    .optional()

export const exportQuerySchema = z
  .object({ from: exportDate('from'), to: exportDate('to') })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'fromNotAfterTo',
  })
