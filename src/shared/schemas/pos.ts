import { z } from 'zod'
import { amountInputSchema, DESCRIPTION_MAX_LENGTH } from './money-requests.ts'
import { decimalStringSchema } from './reference.ts'

/** The description of a sale when none is given, and the body's fixed type (docs/api.md). */
export const DEFAULT_SALE_DESCRIPTION = 'POS Sale'
export const POS_SALE_TYPE = 'pos_sale'
export const POS_SALE_METHODS = ['card', 'qr'] as const
/** A QR code at the counter is good for this long: the customer is standing there. */
export const POS_QR_TTL_MS = 15 * 60 * 1000
export const POS_SALES_LIST_LIMIT = 100
export const ANALYTICS_MAX_DAYS = 90
/** The sandbox terminal's card when none is keyed in: a test number that is always approved. */
export const SANDBOX_APPROVED_CARD = '4242424242424242'

const MISSING_INFORMATION = 'missingWalletAndAmount'

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || undefined)
    .nullish()

/** The digits of a card number, 12 to 19 of them, spaces allowed between groups. */
export const cardNumberSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'cardNumber1219'))

/**
 * The POS sale body (walletId, amount as a number, customerInfo, description,
 * type "pos_sale"), plus how the customer pays: by card (the default; `card.number` in
 * sandbox picks a test outcome) or by QR code, which makes a payment request for the sale
 * (docs/getting-paid.md "POS terminal").
 */
export const posSaleRequestSchema = z.object({
  walletId: z.uuid({ error: MISSING_INFORMATION }),
  amount: amountInputSchema,
  customerInfo: z
    .object({
      name: optionalText(100, 'customerNameMost100'),
      email: z
        .string()
        .trim()
        .max(254)
        .transform((value) => value || undefined)
        .pipe(z.email({ error: 'customerEMailNot' }).optional())
        .nullish(),
      phone: optionalText(20, 'customerPhoneMost20'),
    })
    .nullish(),
  description: optionalText(DESCRIPTION_MAX_LENGTH, 'descriptionMostMaxCharacters'),
  type: z.literal(POS_SALE_TYPE, { error: 'typePosSale' }).default(POS_SALE_TYPE),
  method: z.enum(POS_SALE_METHODS, { error: 'methodCardQr' }).default('card'),
  card: z.object({ number: cardNumberSchema }).nullish(),
})
export type PosSaleRequest = z.infer<typeof posSaleRequestSchema>

export const posSaleSchema = z.object({
  id: z.string(),
  amount: decimalStringSchema,
  currency: z.object({ code: z.string(), symbol: z.string() }),
  walletId: z.string(),
  description: z.string(),
  customer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  method: z.enum(POS_SALE_METHODS),
  status: z.string(),
  cardLast4: z.string().nullable(),
  failureReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** For a QR sale: the request the customer pays, and its link for the QR code. */
  paymentRequest: z.object({ id: z.string(), link: z.string(), expiresAt: z.string() }).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
})
export type PosSale = z.infer<typeof posSaleSchema>

export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'daysNumber' })
    .int('daysWholeNumber')
    .min(1, 'daysLeast1')
    .max(ANALYTICS_MAX_DAYS, 'daysMostMax')
    .default(30),
  /** The browser's `Date#getTimezoneOffset()`, so "today" and hours are the merchant's. */
  tzOffset: z.coerce
    .number({ error: 'tzoffsetNumberMinutes' })
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
})

const totalSchema = z.object({ total: decimalStringSchema, count: z.number().int() })

/** Completed sales' figures in one currency (amounts never mix currencies). */
export const currencyAnalyticsSchema = z.object({
  currency: z.object({ code: z.string(), symbol: z.string() }),
  today: totalSchema,
  last7Days: totalSchema,
  last30Days: totalSchema,
  period: totalSchema.extend({ average: decimalStringSchema }),
  /** Hours of the day (0-23, the merchant's time) by takings, best first, at most 3. */
  bestHours: z.array(totalSchema.extend({ hour: z.number().int() })),
  /** One entry per day of the period, oldest first, days without sales included. */
  daily: z.array(totalSchema.extend({ date: z.string() })),
})

export const posAnalyticsSchema = z.object({
  days: z.number().int(),
  currencies: z.array(currencyAnalyticsSchema),
})
export type PosAnalytics = z.infer<typeof posAnalyticsSchema>
