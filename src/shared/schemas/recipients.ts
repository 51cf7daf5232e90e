import { z } from 'zod'

export const RECIPIENT_KINDS = ['bank', 'international'] as const
export type RecipientKind = (typeof RECIPIENT_KINDS)[number]
/** A recipient paid this many times is "frequent" and offered first. */
export const FREQUENT_RECIPIENT_USES = 3
/** How many recent recipients a screen offers. */
export const RECENT_RECIPIENTS_LIMIT = 20

/** A saved recipient as the API returns it, with what the screen needs to fill itself in. */
export const recipientSchema = z.object({
  id: z.string(),
  kind: z.enum(RECIPIENT_KINDS),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bankCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  isFrequent: z.boolean(),
  useCount: z.number().int(),
  lastUsedAt: z.string(),
  createdAt: z.string(),
})
export type Recipient = z.infer<typeof recipientSchema>

export const recipientListQuerySchema = z.object({
  kind: z.enum(RECIPIENT_KINDS, { error: 'kindBankInternational' }).optional(),
})
