import { asc, desc, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, ledgerAccounts, wallets } from '#server/db/schema.ts'
import { loadNairaValuer } from '#server/limits/naira-value.ts'
import { type AssetCode, exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/**
 * The user's wallets, primary first, each balance as an exact decimal string and its worth in
 * naira at today's market prices (how the app picks the wallet to start from, docs/account.md
 * "Country and currency"). Prices are read only when a funded wallet is not in naira.
 */
export async function listWallets(db: Queryable, userId: string): Promise<Wallet[]> {
  const rows = await db
    .select({ wallet: wallets, currency: currencies, balanceMinor: ledgerAccounts.balanceMinor })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .where(eq(wallets.userId, userId))
    .orderBy(desc(wallets.isPrimary), asc(wallets.createdAt), asc(currencies.code))
  const funded: AssetCode[] = []
  for (const row of rows) {
    if (row.balanceMinor !== 0n && isAssetCode(row.currency.code)) funded.push(row.currency.code)
  }
  const valueInNaira = await loadNairaValuer(db, funded)
  return rows.map(({ wallet, currency, balanceMinor }) => ({
    id: wallet.id,
    userId: wallet.userId,
    currencyId: wallet.currencyId,
    balance: formatMinor(balanceMinor, currency.exponent),
    nairaValue: formatMinor(
      balanceMinor !== 0n && isAssetCode(currency.code)
        ? valueInNaira(currency.code, balanceMinor)
        : 0n,
      exponentOf('NGN'),
    ),
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
