import { z } from 'zod'
import { LANGUAGES } from '../languages.ts'
import { passwordSchema } from './auth.ts'

export const TOTP_CODE_PATTERN = /^\d{6}$/
export const BACKUP_CODE_COUNT = 10
export const THEMES = ['light', 'dark'] as const
export const VERIFICATION_ID_TYPES = ['bvn', 'nin'] as const

/** A TOTP code (6 digits) or a backup code (xxxx-xxxx), as typed: spaces are ignored. */
export const secondFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(6, 'Enter the 6-digit code from your authenticator app')
      .max(20, 'That code is too long'),
  )

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() })
export const twoFactorCodeRequestSchema = z.object({ code: secondFactorCodeSchema })
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) })

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
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

export const verificationRequestSchema = z.object({
  idType: z.enum(VERIFICATION_ID_TYPES, { error: 'Choose BVN or NIN' }),
  idNumber: z
    .string({ error: 'Enter your 11-digit number' })
    .trim()
    .regex(/^\d{11}$/, 'BVN and NIN are 11 digits'),
})

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
    pushNotifications: z.boolean({ error: 'pushNotifications must be true or false' }),
    emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
    smsNotifications: z.boolean({ error: 'smsNotifications must be true or false' }),
    language: z.enum(LANGUAGES, { error: 'Language must be one of en, fr, es, ha' }),
    displayCurrency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Display currency must be a 3-letter code'),
    theme: z.enum(THEMES, { error: 'Theme must be light or dark' }),
    defaultWalletId: z.uuid({ error: 'Please select a wallet' }).nullable(),
    autoSaveRecipients: z.boolean({ error: 'autoSaveRecipients must be true or false' }),
  })
  .partial()
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequestSchema>

export const deactivateRequestSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
})

// Year 0 is a valid ISO date but no PostgreSQL date; from 0001 on, both read dates alike.
const exportDate = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date (YYYY-MM-DD)` })
    .refine((date) => date >= '0001-01-01', `${name} must be a date from 0001-01-01 on`)
    .optional()

export const exportQuerySchema = z
  .object({ from: exportDate('from'), to: exportDate('to') })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'from must not be after to',
  })
