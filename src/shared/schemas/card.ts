import { z } from 'zod'
import type { NameLabel } from './auth.ts'
import { decimalStringSchema } from './reference.ts'

export const CARD_THEMES = ['rainbow', 'ocean', 'sunset', 'galaxy'] as const
/** The card's monthly spending limit, in US dollars (docs/account.md "Card"). */
export const CARD_SPENDING_LIMIT = '5000.00'
export const CARD_SPENDING_CURRENCY = 'USD'
/** A revealed number and CVV are shown for this long, then hidden again (issue "Account"). */
export const CARD_REVEAL_MS = 30_000
/** A replacement (or a physical card) arrives in 5 to 7 business days (docs/account.md "Card"). */
export const CARD_DELIVERY_BUSINESS_DAYS = [5, 7] as const
export const REPLACEMENT_REASONS = ['lost', 'stolen', 'damaged', 'expired'] as const

export const cardRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['replacement', 'physical']),
  status: z.string(),
  details: z.record(z.string(), z.string()),
  estimatedFrom: z.string(),
  estimatedTo: z.string(),
  createdAt: z.string(),
})

export const cardTransactionSchema = z.object({
  id: z.string(),
  description: z.string().nullable(),
  amount: decimalStringSchema,
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
})

export const cardSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  last4: z.string(),
  maskedNumber: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  status: z.enum(['active', 'locked']),
  contactless: z.boolean(),
  online: z.boolean(),
  theme: z.enum(CARD_THEMES),
  spendingLimit: decimalStringSchema,
  spendingCurrency: z.string(),
  /** This calendar month's card payments, from the ledger. */
  monthlySpending: decimalStringSchema,
  transactions: z.array(cardTransactionSchema),
  requests: z.array(cardRequestSchema),
})
export type Card = z.infer<typeof cardSchema>

export const updateCardRequestSchema = z
  .object({
    locked: z.boolean({ error: 'lockedTrueFalse' }),
    contactless: z.boolean({ error: 'contactlessTrueFalse' }),
    online: z.boolean({ error: 'onlineTrueFalse' }),
    theme: z.enum(CARD_THEMES, { error: 'themeRainbowOceanSunset' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'nothingUpdate' })

/** Revealing the number again takes the password, or a current two-factor code. */
export const revealCardRequestSchema = z.object({
  password: z.string().max(128).optional(),
  code: z.string().trim().max(20).optional(),
})

export const revealedCardSchema = z.object({
  number: z.string(),
  cvv: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  /** When the client must hide them again. */
  hideAt: z.string(),
})

export const replacementRequestSchema = z.object({
  reason: z.enum(REPLACEMENT_REASONS, { error: 'chooseWhyCardNeeds' }),
})

const addressLine = (label: NameLabel, max: number) =>
  z
    .string({ error: `${label}Required` })
    .trim()
    .min(2, `${label}Required`)
    .max(max, `${label}MostMaxCharacters`)

export const physicalCardRequestSchema = z.object({
  addressLine: addressLine('address', 120),
  city: addressLine('city', 60),
  country: addressLine('country', 60),
})
