import { z } from 'zod'
import { amountInputSchema } from './money-requests.ts'
import { decimalStringSchema } from './reference.ts'

/** A locked quote is honoured this long (issue "Currency exchange and crypto"). */
export const QUOTE_TTL_MS = 30_000
/** The exchange fee, 0.5%, charged on top in the source currency (docs/money.md "Fees"). */
export const EXCHANGE_FEE_BASIS_POINTS = 50n

/** Reference ids are PostgreSQL `integer`s: anything past its range names no currency. */
const REFERENCE_ID_MAX = 2_147_483_647

const currencyIdSchema = z
  .number({ error: 'selectCurrency' })
  .int()
  .min(1, 'selectCurrency')
  .max(REFERENCE_ID_MAX, 'selectCurrency')

export const quoteRequestSchema = z.object({
  fromCurrencyId: currencyIdSchema,
  toCurrencyId: currencyIdSchema,
  amount: amountInputSchema,
})
export type QuoteRequest = z.infer<typeof quoteRequestSchema>

export const quoteSchema = z.object({
  id: z.string(),
  fromCurrencyId: z.number().int(),
  toCurrencyId: z.number().int(),
  amount: decimalStringSchema,
  rate: decimalStringSchema,
  fee: decimalStringSchema,
  receiveAmount: decimalStringSchema,
  totalDebit: decimalStringSchema,
  expiresAt: z.string(),
})
export type Quote = z.infer<typeof quoteSchema>

/** The exchange body, plus the quote whose rate it accepts (docs/api.md "Money endpoints"). */
export const exchangeRequestSchema = z.object({
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  toWalletId: z.uuid({ error: 'invalidDestinationWallet' }).nullish(),
  fromCurrencyId: currencyIdSchema,
  toCurrencyId: currencyIdSchema,
  amount: amountInputSchema,
  quoteId: z.uuid({ error: 'invalidQuote' }).nullish(),
})
export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>

export const CRYPTO_PAYMENT_METHODS = ['wallet', 'card'] as const

/** The crypto purchase rules, with their messages. `amount` is in US dollars. */
export const cryptoPurchaseRequestSchema = z.object({
  cryptoCurrencyId: z
    .number({ error: 'selectCryptocurrency' })
    .int()
    .min(1, 'selectCryptocurrency')
    .max(REFERENCE_ID_MAX, 'selectCryptocurrency'),
  fiatCurrencyId: z
    .number({ error: 'selectPaymentCurrency' })
    .int()
    .min(1, 'selectPaymentCurrency')
    .max(REFERENCE_ID_MAX, 'selectPaymentCurrency'),
  amount: amountInputSchema,
  paymentMethod: z.enum(CRYPTO_PAYMENT_METHODS, { error: 'selectPaymentMethod' }),
})
export type CryptoPurchaseRequest = z.infer<typeof cryptoPurchaseRequestSchema>

export const cryptoHoldingSchema = z.object({
  cryptoCurrencyId: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  amount: decimalStringSchema,
  price: decimalStringSchema,
  usdValue: decimalStringSchema,
})
export type CryptoHolding = z.infer<typeof cryptoHoldingSchema>
