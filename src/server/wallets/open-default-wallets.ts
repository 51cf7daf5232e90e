import { inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies } from '#server/db/schema.ts'
import { ELSEWHERE_CURRENCY, homeCurrencyOf } from '#shared/countries.ts'
import { openWallet } from './open-wallet.ts'

/**
 * The wallets a new account starts with, primary first (docs/account.md "Country and
 * currency"): the home currency of its country (NGN, ZAR or KES) beside a US-dollar wallet; an
 * account elsewhere, or without a country, starts in US dollars beside naira, the currency most
 * of its money goes home in.
 */
export function defaultWalletCurrencies(country: string | null): readonly string[] {
  const home = country ? homeCurrencyOf(country) : ELSEWHERE_CURRENCY
  return home === ELSEWHERE_CURRENCY ? [ELSEWHERE_CURRENCY, 'NGN'] : [home, ELSEWHERE_CURRENCY]
}

export async function openDefaultWallets(
  tx: Queryable,
  userId: string,
  country: string | null,
): Promise<void> {
  const wanted = defaultWalletCurrencies(country)
  const rows = await tx
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...wanted]))
  if (rows.length !== wanted.length) {
    throw new Error(`reference currencies are not seeded: ${wanted.join(' and ')} are required`)
  }
  for (const [index, code] of wanted.entries()) {
    const currency = rows.find((row) => row.code === code)
    if (currency) await openWallet(tx, { userId, currencyId: currency.id, isPrimary: index === 0 })
  }
}
