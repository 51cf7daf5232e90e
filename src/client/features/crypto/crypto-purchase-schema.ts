import { z } from 'zod'
import { isPositiveAmountText, readAmountInput } from '#client/lib/amount-input.ts'
import { exponentOf } from '#shared/money.ts'
import { CRYPTO_PAYMENT_METHODS } from '#shared/schemas/exchange.ts'
import type { useCryptoMessages } from './messages.ts'

type CryptoMessages = ReturnType<typeof useCryptoMessages>

/** Under one cent: below the minimum of 0.01, even when typed with extra decimals. */
export function isBelowOneCent(text: string): boolean {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.replace(/\s+/g, ''))
  if (!match) return false
  const [, whole = '', fraction = ''] = match
  return !/[1-9]/.test(whole) && !/[1-9]/.test(fraction.slice(0, 2))
}

/**
 * The crypto purchase rules with their messages (docs/exchange-and-crypto.md "Buying crypto"), in
 * the user's language. The amount is in US dollars, so it has at most two decimals.
 */
export function purchaseFormSchema(t: CryptoMessages) {
  return z.object({
    cryptoCurrencyId: z
      .number({ error: t('selectCrypto') })
      .int()
      .min(1, t('selectCrypto')),
    fiatCurrencyId: z
      .number({ error: t('selectCurrency') })
      .int()
      .min(1, t('selectCurrency')),
    amount: z
      .string()
      .refine(isPositiveAmountText, t('amountPositive'))
      .superRefine((text, context) => {
        if (!isPositiveAmountText(text)) return
        const amount = readAmountInput(text, 'USD')
        if (amount.ok) return
        const message = isBelowOneCent(text)
          ? t('amountPositive')
          : amount.problem === 'too_many_decimals'
            ? t('amountDecimals', { decimals: exponentOf('USD') })
            : amount.problem === 'too_large'
              ? t('amountTooLarge')
              : t('amountPositive')
        context.addIssue({ code: 'custom', message })
      }),
    paymentMethod: z.enum(CRYPTO_PAYMENT_METHODS, { error: t('selectMethod') }),
  })
}

export type PurchaseFormValues = z.infer<ReturnType<typeof purchaseFormSchema>>

/**
 * The defaults (docs/exchange-and-crypto.md "Buying crypto"): no coin and no currency chosen
 * (id 0), amount 0, paid from a wallet.
 */
export const DEFAULT_PURCHASE_VALUES: PurchaseFormValues = {
  cryptoCurrencyId: 0,
  fiatCurrencyId: 0,
  amount: '0',
  paymentMethod: 'wallet',
}
