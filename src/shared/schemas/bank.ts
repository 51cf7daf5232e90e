import { z } from 'zod'
import { amountInputSchema } from './money-requests.ts'

/** The bank transfer fee, 2% of the amount, charged on top (docs/money.md "Fees"). */
export const BANK_TRANSFER_FEE_BASIS_POINTS = 200n
export const ACCOUNT_NUMBER_MIN_LENGTH = 10
export const ACCOUNT_NUMBER_MAX_LENGTH = 20

/**
 * docs/transfers.md "Banks": the banks, their codes and countries, and the currency they receive.
 */
export const BANKS = [
  { name: 'First Bank of Nigeria', code: '011', country: 'NG', currency: 'NGN' },
  { name: 'Zenith Bank', code: '057', country: 'NG', currency: 'NGN' },
  { name: 'GTBank', code: '058', country: 'NG', currency: 'NGN' },
  { name: 'Access Bank', code: '044', country: 'NG', currency: 'NGN' },
  { name: 'UBA', code: '033', country: 'NG', currency: 'NGN' },
  { name: 'Standard Bank', code: '051', country: 'ZA', currency: 'ZAR' },
  { name: 'FNB', code: '250655', country: 'ZA', currency: 'ZAR' },
  { name: 'Capitec Bank', code: '470010', country: 'ZA', currency: 'ZAR' },
  { name: 'Equity Bank', code: '68', country: 'KE', currency: 'KES' },
  { name: 'KCB Bank', code: '01', country: 'KE', currency: 'KES' },
] as const

/**
 * A bank (or mobile-money service) Sabi pays into. `nameEnquiry` says whether the account
 * holder's name can be checked before sending (docs/transfers.md "Banks"): Nigerian banks can,
 * South African banks and M-Pesa cannot, and their review says the name was not checked.
 */
export const bankSchema = z.object({
  name: z.string(),
  code: z.string(),
  country: z.string(),
  currency: z.string(),
  nameEnquiry: z.boolean(),
})

export const accountNumberSchema = z
  .string({ error: 'accountNumberLeast10' })
  .trim()
  .regex(/^\d+$/, 'accountNumberContainDigits')
  .min(ACCOUNT_NUMBER_MIN_LENGTH, 'accountNumberLeast10')
  .max(ACCOUNT_NUMBER_MAX_LENGTH, 'accountNumberMostMax')

/** The bank transfer body with its messages (docs/transfers.md "Bank transfers"). */
export const bankTransferRequestSchema = z.object({
  fromWalletId: z.uuid({ error: 'selectWallet' }),
  bankCode: z.string({ error: 'selectBank' }).min(1, 'selectBank').max(10),
  accountNumber: accountNumberSchema,
  accountName: z
    .string({ error: 'accountNameRequired' })
    .trim()
    .min(2, 'accountNameRequired')
    .max(100, 'accountNameMost100'),
  amount: amountInputSchema,
  description: z.string().trim().max(140, 'descriptionMost140Characters').nullish(),
})
export type BankTransferRequest = z.infer<typeof bankTransferRequestSchema>

export const accountResolveQuerySchema = z.object({
  bankCode: z.string().min(1, 'selectBank').max(10),
  accountNumber: accountNumberSchema,
})

/**
 * Name enquiry's answer: the holder's name when the bank could be asked (`nameChecked`), or
 * `accountName: null` with `nameChecked: false` where the rail has no name enquiry.
 */
export const resolvedAccountSchema = z.object({
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string().nullable(),
  nameChecked: z.boolean(),
})
