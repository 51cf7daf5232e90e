import { z } from 'zod'
import { NAME_MAX_LENGTH, type NameLabel, usernameSchema } from './auth.ts'
import { clearablePhoneNumberSchema } from './phone.ts'
import { stepUpFields } from './step-up.ts'

const optionalName = (label: NameLabel) =>
  z.string().trim().min(1, `${label}Required`).max(NAME_MAX_LENGTH, `${label}MostMaxCharacters`)

/**
 * `PATCH /api/profile`: any of the four, validated like sign-up. The phone number is parsed to
 * E.164 (docs/phone-numbers.md); empty or null removes it. Kept apart from account.ts so the
 * phone parser loads only with the profile page.
 */
export const updateProfileRequestSchema = z
  .object({
    firstName: optionalName('firstName').optional(),
    lastName: optionalName('lastName').optional(),
    username: usernameSchema.optional(),
    phoneNumber: clearablePhoneNumberSchema.nullish(),
    // A changed phone number is a credential change (docs/security.md "Step-up").
    ...stepUpFields,
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'nothingUpdate' })
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>
