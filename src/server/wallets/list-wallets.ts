import { asc, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, ledgerAccounts, wallets } from '#server/db/schema.ts'
import { formatMinor } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/** The user's wallets, primary first, each balance as an exact decimal string. */
export async function listWallets(db: Queryable, userId: string): Promise<Wallet[]> {
  const rows = await db
    .select({ wallet: wallets, currency: currencies, balanceMinor: ledgerAccounts.balanceMinor })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .where(eq(wallets.userId, userId))
    .orderBy(desc(wallets.isPrimary), asc(wallets.createdAt), asc(currencies.code))
  return rows.map(({ wallet, currency, balanceMinor }) => ({
    id: wallet.id,
    userId: wallet.userId,
    currencyId: wallet.currencyId,
    balance: formatMinor(balanceMinor, currency.exponent),
    isPrimary: wallet.isPrimary,
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
    currency: {
      id: currency.id,
      code: currency.code,
      symbol: currency.symbol,
      name: currency.name,
      flagEmoji: currency.flagEmoji,
    },
  }))
}
