import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, ledgerAccounts, wallets } from '#server/db/schema.ts'
import { findRateMicro } from '#server/market/find-rate.ts'
import { AppError, msg } from '#shared/errors.ts'
import { convertAtRate, formatMoney, isAssetCode, money } from '#shared/money.ts'

/**
 * The value of all the user's wallets in one currency (Settings' currency display), each
 * converted at the current rate and rounded half-up to that currency's minor unit before
 * adding: an estimate for display, never a balance anything is paid from.
 */
export async function totalBalance(
  db: Queryable,
  userId: string,
  currencyCode: string,
): Promise<{ currency: { code: string; symbol: string }; total: string; walletCount: number }> {
  const [target] = await db.select().from(currencies).where(eq(currencies.code, currencyCode))
  if (!target || !isAssetCode(target.code)) {
    throw new AppError('VALIDATION_FAILED', msg('unknownCurrency'), [
      { path: 'currency', message: msg('unknownCurrency') },
    ])
  }
  const targetCode = target.code
  const rows = await db
    .select({
      currencyId: wallets.currencyId,
      asset: ledgerAccounts.asset,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(wallets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .where(eq(wallets.userId, userId))
  let totalMinor = 0n
  for (const row of rows) {
    if (row.balanceMinor === 0n || !isAssetCode(row.asset)) continue
    if (row.asset === targetCode) {
      totalMinor += row.balanceMinor
      continue
    }
    const rate = await findRateMicro(db, row.currencyId, target.id)
    totalMinor += convertAtRate(
      money(row.balanceMinor, row.asset),
      rate,
      targetCode,
      'halfUp',
    ).amountMinor
  }
  return {
    currency: { code: target.code, symbol: target.symbol },
    total: formatMoney(money(totalMinor, targetCode)),
    walletCount: rows.length,
  }
}
