import { z } from 'zod'
import { issueKey } from './issue-message.ts'
import { pageQuerySchema } from './pages.ts'

export const DESCRIPTION_MAX_LENGTH = 140
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/
const IDEMPOTENCY_KEY_MESSAGE = 'idempotencyKeyHeader8'

/**
 * Every money POST names its submission with an Idempotency-Key (docs/api.md "Idempotency keys").
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .describe('One key per submission; a retry of the same submission reuses it'),
})
/** One sandbox top-up may add at most this many major units (issue "Ledger core"). */
export const ADD_FUNDS_MAX_MAJOR = 1_000_000n
export const USER_SEARCH_MIN_LENGTH = 3
export const USER_SEARCH_MAX_LENGTH = 50
export const USER_SEARCH_LIMIT = 20
export const TRANSACTIONS_DEFAULT_LIMIT = 20

/**
 * An amount as a request may send it: a decimal string or a JSON number. Its decimals are
 * checked against the wallet's asset by the money module, which knows the exponent.
 */
export const amountInputSchema = z.union([z.string().max(40), z.number()], {
  error: 'amountNumber',
})

const walletIdSchema = (message: string) => z.uuid({ error: message })

const descriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, 'descriptionMostMaxCharacters')
  .nullish()

/** The Sabi transfer body (docs/transfers.md "Sabi transfers"). */
export const sendToUserRequestSchema = z.object({
  fromWalletId: walletIdSchema('selectWallet'),
  recipientUserId: z.uuid({ error: 'selectRecipient' }),
  amount: amountInputSchema,
  description: descriptionSchema,
})
export type SendToUserRequest = z.infer<typeof sendToUserRequestSchema>

export const ADD_FUNDS_METHODS = ['card', 'bank'] as const

export const addFundsRequestSchema = z.object({
  walletId: walletIdSchema('selectWallet'),
  amount: amountInputSchema,
  method: z.enum(ADD_FUNDS_METHODS, { error: 'chooseCardBank' }),
})
export type AddFundsRequest = z.infer<typeof addFundsRequestSchema>

export const openWalletRequestSchema = z.object({
  currencyId: z
    .number({ error: 'selectCurrency' })
    .int()
    .min(1, 'selectCurrency')
    // A PostgreSQL `integer`: anything larger names no currency.
    .max(2_147_483_647, 'selectCurrency'),
})

export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: issueKey('searchTermLeastMin', { min: USER_SEARCH_MIN_LENGTH }) })
    .trim()
    .min(USER_SEARCH_MIN_LENGTH, 'searchTermLeastMin')
    .max(USER_SEARCH_MAX_LENGTH, 'searchTermMostMax'),
})

export const userSearchResultSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
})
export type UserSearchResult = z.infer<typeof userSearchResultSchema>

export const transactionsQuerySchema = pageQuerySchema(TRANSACTIONS_DEFAULT_LIMIT)
