import { and, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { ledgerAccounts } from '#server/db/schema.ts'
import { type AssetCode, isAssetCode } from '#shared/money.ts'
import { loadNairaValuer, type NairaValuer } from './naira-value.ts'

/**
 * A user's balance held (docs/limits.md "What counts"): every wallet and holding in kobo at the
 * market price, plus any amounts about to arrive. Answers the valuer too, for the caller to
 * value those amounts on their own.
 */
export async function heldInNaira(
  db: Queryable,
  userId: string,
  arriving: ReadonlyMap<AssetCode, bigint> = new Map(),
): Promise<{ totalMinor: bigint; valuer: NairaValuer }> {
  const held = await db
    .select({
      asset: ledgerAccounts.asset,
      balanceMinor: sql<string>`sum(${ledgerAccounts.balanceMinor})::text`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), ne(ledgerAccounts.kind, 'system')))
    .groupBy(ledgerAccounts.asset)
  const amounts: [AssetCode, bigint][] = [...arriving]
  for (const row of held) {
    if (isAssetCode(row.asset)) amounts.push([row.asset, BigInt(row.balanceMinor)])
  }
  const valuer = await loadNairaValuer(
    db,
    amounts.map(([asset]) => asset),
  )
  return {
    totalMinor: amounts.reduce((sum, [asset, minor]) => sum + valuer(asset, minor), 0n),
    valuer,
  }
}
