import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, ledgerAccounts, pockets } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { type AssetCode, exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { Pocket } from '#shared/schemas/pockets.ts'

export type PocketRow = typeof pockets.$inferSelect

export function pocketAsset(row: Pick<PocketRow, 'asset'>): AssetCode {
  if (!isAssetCode(row.asset)) throw new Error(`a pocket in unknown asset ${row.asset}`)
  return row.asset
}

/** Whether the pocket's lock still holds on the Lagos day of `now`. */
export function isPocketLocked(row: Pick<PocketRow, 'lockedUntil'>, now = new Date()): boolean {
  return row.lockedUntil !== null && lagosDay(now) < row.lockedUntil
}

/** The caller's pocket; anyone else's is "not found", like one that does not exist. */
export async function findOwnPocket(
  db: Queryable,
  userId: string,
  pocketId: string,
): Promise<PocketRow> {
  const [row] = await db
    .select()
    .from(pockets)
    .where(and(eq(pockets.id, pocketId), eq(pockets.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', msg('pocketNotFound'))
  return row
}

/** The user's pockets with their balances, oldest first, and what they hold per currency. */
export async function listPockets(db: Queryable, userId: string, now = new Date()) {
  const rows = await db
    .select({ pocket: pockets, balanceMinor: ledgerAccounts.balanceMinor })
    .from(pockets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, pockets.accountId))
    .where(eq(pockets.userId, userId))
    .orderBy(asc(pockets.createdAt), asc(pockets.id))
  const assets = [...new Set(rows.map((row) => row.pocket.asset))]
  const symbols = new Map(
    assets.length === 0
      ? []
      : (
          await db
            .select({ code: currencies.code, symbol: currencies.symbol })
            .from(currencies)
            .where(inArray(currencies.code, assets))
        ).map((currency) => [currency.code, currency.symbol]),
  )
  const totals = new Map<AssetCode, bigint>()
  const items: Pocket[] = rows.map(({ pocket, balanceMinor }) => {
    const asset = pocketAsset(pocket)
    totals.set(asset, (totals.get(asset) ?? 0n) + balanceMinor)
    const exponent = exponentOf(asset)
    const target = pocket.targetMinor
    return {
      id: pocket.id,
      name: pocket.name,
      currency: asset,
      symbol: symbols.get(asset) ?? asset,
      walletId: pocket.walletId,
      balance: formatMinor(balanceMinor, exponent),
      targetAmount: target === null ? null : formatMinor(target, exponent),
      targetDate: pocket.targetDate,
      // Whole percent, rounded down, so 100 means the target is reached.
      progress:
        target === null
          ? null
          : Number(balanceMinor >= target ? 100n : (balanceMinor * 100n) / target),
      lockedUntil: pocket.lockedUntil,
      locked: isPocketLocked(pocket, now),
      roundUps: pocket.roundUpSince !== null,
      createdAt: pocket.createdAt.toISOString(),
    }
  })
  return {
    items,
    saved: [...totals].map(([asset, minor]) => ({
      currency: asset,
      symbol: symbols.get(asset) ?? asset,
      amount: formatMinor(minor, exponentOf(asset)),
    })),
  }
}
