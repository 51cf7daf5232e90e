import { z } from 'zod'
import { readAmountInput } from '#client/lib/amount-input.ts'
import { exponentOf, isAssetCode } from '#shared/money.ts'
import type { Currency, Wallet } from '#shared/schemas/reference.ts'
import type { useExchangeMessages } from './messages.ts'

type ExchangeMessages = ReturnType<typeof useExchangeMessages>

/** The form's fields; a currency is null until it is chosen or preset. */
export type ExchangeFormValues = {
  fromCurrencyId: number | null
  toCurrencyId: number | null
  amount: string
}

export const EMPTY_EXCHANGE_FORM: ExchangeFormValues = {
  fromCurrencyId: null,
  toCurrencyId: null,
  amount: '',
}

/**
 * The pair the form opens with: from the default wallet's currency (Settings, else the primary),
 * to the user's next wallet, else the next currency Sabi offers.
 */
export function defaultPair(
  wallets: readonly Wallet[],
  currencies: readonly Currency[],
  start: Wallet | undefined,
): { from: number | null; to: number | null } {
  const from = start?.currencyId ?? null
  // No side before the source is known: a To picked while the settings were still loading was
  // the wallet that then became the source, and the pair showed "Select" (a failed CI run).
  if (from === null) return { from: null, to: null }
  const to =
    wallets.find((wallet) => wallet.currencyId !== from)?.currencyId ??
    currencies.find((currency) => currency.id !== from)?.id ??
    null
  return { from, to }
}

/** Why a typed amount cannot be read, shown beside it as soon as it is typed. */
export function amountHint(
  t: ExchangeMessages,
  text: string,
  from: Currency | undefined,
): string | undefined {
  if (!from || text.trim() === '') return undefined
  const result = readAmountInput(text, from.code)
  if (result.ok) return undefined
  const code = from.code.toUpperCase()
  if (result.problem === 'too_many_decimals')
    return t('amountDecimals', { decimals: isAssetCode(code) ? exponentOf(code) : 2 })
  if (result.problem === 'too_large') return t('amountTooLarge')
  return undefined
}

/**
 * The exchange's input rules (docs/screens.md "Exchange screen"): two different active currencies
 * and an amount of the source currency. Any of them missing or unreadable is the SPEC's one
 * "Invalid Input" toast, so every issue carries that text; a malformed amount also has its own
 * hint beside the field.
 */
export function exchangeFormSchema(t: ExchangeMessages, currencies: readonly Currency[]) {
  return z
    .object({
      fromCurrencyId: z.number().int().nullable(),
      toCurrencyId: z.number().int().nullable(),
      amount: z.string(),
    })
    .superRefine((values, context) => {
      const invalid = t('invalidText')
      const from = currencies.find((currency) => currency.id === values.fromCurrencyId)
      const to = currencies.find((currency) => currency.id === values.toCurrencyId)
      if (!from) context.addIssue({ code: 'custom', path: ['fromCurrencyId'], message: invalid })
      if (!to || to.id === from?.id)
        context.addIssue({ code: 'custom', path: ['toCurrencyId'], message: invalid })
      if (from && !readAmountInput(values.amount, from.code).ok)
        context.addIssue({ code: 'custom', path: ['amount'], message: invalid })
    })
}
