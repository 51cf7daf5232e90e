import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/amounts.json'
import { exponentOf, isAssetCode, type Money } from '#shared/money.ts'
import { type AmountInputProblem, readAmountInput } from './amount-input.ts'

/** The words every money form uses for a typed amount, in one catalog for the translators. */
export const useAmountMessages = defineMessages('amounts', messages)

type AmountMessages = ReturnType<typeof useAmountMessages>

/** Why a typed amount of `currencyCode` is refused, in the shared words. */
export function describeAmountProblem(
  problem: AmountInputProblem,
  currencyCode: string,
  t: AmountMessages,
): string {
  const code = currencyCode.toUpperCase()
  if (problem === 'too_many_decimals') {
    return t('amountDecimals', { decimals: isAssetCode(code) ? exponentOf(code) : 2 })
  }
  return problem === 'too_large' ? t('amountTooLarge') : t('amountPositive')
}

/** The amount typed so far, when it is a valid amount of the chosen wallet's currency. */
export function typedWalletAmount(
  wallet: { currency: { code: string } } | undefined,
  text: string,
): Money | null {
  if (!wallet) return null
  const amount = readAmountInput(text, wallet.currency.code)
  return amount.ok ? amount.value : null
}
