import { z } from 'zod'

/**
 * A decimal string with exactly the asset's decimals, as money travels (docs/money.md "On the
 * wire").
 */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/)

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  flagEmoji: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
})
export type Currency = z.infer<typeof currencySchema>

export const cryptocurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  price: decimalStringSchema,
  change: decimalStringSchema,
})
export type Cryptocurrency = z.infer<typeof cryptocurrencySchema>

const currencyRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
})

export const exchangeRateSchema = z.object({
  id: z.number().int(),
  fromCurrencyId: z.number().int(),
  toCurrencyId: z.number().int(),
  fromCurrency: currencyRefSchema,
  toCurrency: currencyRefSchema,
  rate: decimalStringSchema,
  changePercent: decimalStringSchema,
  updatedAt: z.string(),
})
export type ExchangeRate = z.infer<typeof exchangeRateSchema>

export const walletSchema = z.object({
  id: z.string(),
  userId: z.string(),
  currencyId: z.number().int(),
  balance: decimalStringSchema,
  /**
   * What the balance is worth in naira at today's market prices, 2 decimals: how wallets of
   * different currencies compare, never an amount anything is paid from (docs/account.md
   * "Country and currency"). Optional for answers cached before it was added.
   */
  nairaValue: decimalStringSchema.optional(),
  isPrimary: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  currency: z.object({
    id: z.number().int(),
    code: z.string(),
    symbol: z.string(),
    name: z.string(),
    flagEmoji: z.string(),
  }),
})
export type Wallet = z.infer<typeof walletSchema>

/** GET /api/health (liveness): always 200 from a live process; the database is reported. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  databaseKind: z.enum(['pglite', 'postgres']),
  sandbox: z.boolean(),
  uptimeSeconds: z.number(),
  version: z.string(),
})
export type Health = z.infer<typeof healthSchema>

/**
 * GET /api/ready (readiness): 200 `ready` when the database answers and the server is not
 * shutting down; else 503 with an error body (`UNAVAILABLE`), from the shutdown signal on or
 * without a database.
 */
export const readinessSchema = z.object({ status: z.literal('ready') })

/**
 * `topUps` says how Add Funds works on this server (docs/funding.md): `instant` (the sandbox
 * credits at once) or `checkout` (a card top-up goes to the provider's checkout page, and bank
 * top-ups go to the user's own account number).
 */
export const initSchema = z.object({
  sandbox: z.boolean(),
  version: z.string(),
  topUps: z.enum(['instant', 'checkout']),
})

/** All of a user's wallets valued in one currency (Settings' currency display). */
export const walletTotalSchema = z.object({
  currency: z.object({ code: z.string(), symbol: z.string() }),
  total: decimalStringSchema,
  walletCount: z.number().int(),
})
