import { inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies } from '#server/db/schema.ts'
import { openWallet } from './open-wallet.ts'

/** Every new account starts with a primary USD wallet and an NGN wallet, both at 0.00. */
export const DEFAULT_WALLET_CURRENCIES = ['USD', 'NGN'] as const

export async function openDefaultWallets(tx: Queryable, userId: string): Promise<void> {
  const rows = await tx
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...DEFAULT_WALLET_CURRENCIES]))
  if (rows.length !== DEFAULT_WALLET_CURRENCIES.length) {
    throw new Error('reference currencies are not seeded: USD and NGN are required')
  }
  for (const code of DEFAULT_WALLET_CURRENCIES) {
    const currency = rows.find((row) => row.code === code)
    if (currency)
      await openWallet(tx, { userId, currencyId: currency.id, isPrimary: code === 'USD' })
  }
}
