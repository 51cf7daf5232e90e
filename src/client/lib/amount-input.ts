import { currentLanguage, type Language } from '#client/i18n/language.ts'
import { type AssetCode, exponentOf, isAssetCode, type Money, parseMoney } from '#shared/money.ts'
import { formatAmountDigits, separatorsOf } from './format-amount.ts'

/** What is wrong with a typed amount, for the form to word in the user's language. */
export type AmountInputProblem = 'not_positive' | 'too_many_decimals' | 'too_large'

export type AmountInputResult =
  | { ok: true; value: Money }
  | { ok: false; problem: AmountInputProblem }

/**
 * The text of an amount field as people type it: spaces dropped, a leading dot read as "0." so
 * ".5" means half a unit, and, in a language that writes decimals with a comma, one comma and
 * no dot read as the decimal point: the decimal key of a French or Spanish phone keyboard types
 * "12,50" (docs/i18n.md "Money"). Anything else with a comma stays refused, never guessed at.
 */
function normaliseAmountText(text: string, language: Language = currentLanguage()): string {
  let compact = text.replace(/\s+/g, '')
  if (/^\d*,\d+$/.test(compact) && separatorsOf(language).decimal === ',') {
    compact = compact.replace(',', '.')
  }
  return compact.startsWith('.') ? `0${compact}` : compact
}

/**
 * Whether the text is a number above zero at all, before any currency is known. Anything else
 * counts as zero (docs/screens.md "Validation"), which the minimum refuses.
 */
export function isPositiveAmountText(text: string): boolean {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(normaliseAmountText(text))
  if (!match) return false
  return /[1-9]/.test(`${match[1]}${match[2] ?? ''}`)
}

/**
 * Reads a typed amount straight into minor units of the wallet's currency (never through a
 * JavaScript number): above zero, no more decimals than the currency has, and at most
 * `maxMinor` when the action has a limit of its own.
 */
export function readAmountInput(
  text: string,
  currencyCode: string,
  maxMinor?: bigint,
): AmountInputResult {
  const code = currencyCode.toUpperCase()
  // A wallet in a currency this client does not know yet: the server, which does, decides.
  const asset: AssetCode = isAssetCode(code) ? code : 'USD'
  const parsed = parseMoney(normaliseAmountText(text), asset)
  if (!parsed.ok) {
    if (parsed.reason === 'too_many_decimals') return { ok: false, problem: 'too_many_decimals' }
    if (parsed.reason === 'too_large') return { ok: false, problem: 'too_large' }
    return { ok: false, problem: 'not_positive' }
  }
  if (parsed.value.amountMinor <= 0n) return { ok: false, problem: 'not_positive' }
  if (maxMinor !== undefined && parsed.value.amountMinor > maxMinor) {
    return { ok: false, problem: 'too_large' }
  }
  return parsed
}

/** `major` whole units of a currency in its minor units, for limits written in major units. */
export function majorToMinor(major: bigint, asset: AssetCode): bigint {
  return major * 10n ** BigInt(exponentOf(asset))
}

/**
 * The empty amount field's hint: zero with two decimals as the user's language writes it,
 * "0.00" in English and Hausa, "0,00" in French and Spanish, so it shows which decimal key the
 * field reads (docs/i18n.md "Money, numbers and dates").
 */
export function amountPlaceholder(language: Language = currentLanguage()): string {
  return formatAmountDigits('0.00', 'USD', { language })
}
