import { inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, wallets } from '#server/db/schema.ts'

/** Every new account starts with a primary USD wallet and an NGN wallet, both at 0.00. */
export const DEFAULT_WALLET_CURRENCIES = ['USD', 'NGN'] as const

export async function openDefaultWallets(db: Queryable, userId: string): Promise<void> {
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...DEFAULT_WALLET_CURRENCIES]))
  if (rows.length !== DEFAULT_WALLET_CURRENCIES.length) {
    throw new Error('reference currencies are not seeded: USD and NGN are required')
  }
  await db.insert(wallets).values(
    rows.map((currency) => ({ userId, currencyId: currency.id, isPrimary: currency.code === 'USD' })),
  )
}
