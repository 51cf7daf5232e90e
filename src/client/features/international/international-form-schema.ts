import type { FieldPath } from 'react-hook-form'
import { z } from 'zod'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, type useAmountMessages } from '#client/lib/amount-messages.ts'
import {
  findCountry,
  INTERNATIONAL_METHODS,
  type InternationalRegion,
} from '#shared/schemas/international.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { useInternationalMessages } from './messages.ts'
import { FIELDS_BY_METHOD, type RecipientValues, recipientProblems } from './recipient-values.ts'

type InternationalMessages = ReturnType<typeof useInternationalMessages>

type AmountMessages = ReturnType<typeof useAmountMessages>

const recipientValuesSchema = z.object({
  fullName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  swiftCode: z.string(),
  phoneNumber: z.string(),
  walletProvider: z.string(),
}) satisfies z.ZodType<RecipientValues>

/**
 * The international transfer's rules (docs/transfers.md "International transfers"), worded in
 * the user's language: a country of the region, a wallet, an amount above zero with no more
 * decimals than the wallet's currency has, the recipient's details the method asks for (by the
 * shared request schema's rules, as recipient-values.ts words them), an optional description.
 * The wallet decides the amount's decimals and the method decides the recipient's fields, so
 * those rules are checked on the whole form at once.
 */
export function internationalFormSchema(
  t: InternationalMessages,
  a: AmountMessages,
  wallets: readonly Wallet[],
  region: InternationalRegion,
) {
  return z
    .object({
      countryCode: z.string().nullable(),
      method: z.enum(INTERNATIONAL_METHODS),
      fromWalletId: z.string(),
      amount: z.string(),
      recipient: recipientValuesSchema,
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX_LENGTH, t('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH })),
    })
    .superRefine((values, context) => {
      const problem = (path: string[], message: string) =>
        context.addIssue({ code: 'custom', path, message })
      if (!values.countryCode || !findCountry(region, values.countryCode)) {
        problem(['countryCode'], t('selectCountry'))
      }
      const wallet = wallets.find((candidate) => candidate.id === values.fromWalletId)
      if (!wallet) problem(['fromWalletId'], t('selectWallet'))
      if (!values.amount.trim()) {
        problem(['amount'], a('amountPositive'))
      } else if (wallet) {
        const amount = readAmountInput(values.amount, wallet.currency.code)
        if (!amount.ok) {
          problem(['amount'], describeAmountProblem(amount.problem, wallet.currency.code, a))
        }
      }
      const recipient = recipientProblems(values.method, values.recipient)
      for (const field of FIELDS_BY_METHOD[values.method]) {
        const each = recipient[field]
        if (each) problem(['recipient', field], t(each.key, each.values))
      }
    })
}

export type InternationalFormSchema = ReturnType<typeof internationalFormSchema>

export type InternationalFormValues = z.infer<InternationalFormSchema>

/** A field's message by its path ("amount", "recipient.fullName"), when it has one. */
export type FormProblems = (path: FieldPath<InternationalFormValues>) => string | undefined

/**
 * The form's problems as it stands, the first message of each field. The form words them on
 * every render rather than through react-hook-form's errors, which after a change re-check only
 * the field that changed: here a new method brings fields with problems of their own, and a new
 * wallet changes what the amount may be.
 */
export function formProblemsOf(
  schema: InternationalFormSchema,
  values: InternationalFormValues,
): FormProblems {
  const messages = new Map<string, string>()
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.map(String).join('.')
    if (!messages.has(path)) messages.set(path, issue.message)
  }
  return (path) => messages.get(path)
}
