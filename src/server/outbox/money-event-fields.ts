import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies } from '#server/db/schema.ts'
import { loadUserNames } from '#server/transactions/party-names.ts'
import { type AssetCode, exponentOf, formatMinor } from '#shared/money.ts'

/**
 * An event's amount as the messages write it: the decimal text with the asset's exact decimals,
 * the code, and Sabi's symbol for it (read from the currencies table when the caller does not
 * already have it), so no message ever goes through a float.
 */
export async function moneyFieldsOf(
  db: Queryable,
  amountMinor: bigint,
  asset: AssetCode,
  symbol?: string,
): Promise<{ amount: string; currency: string; symbol: string }> {
  let known = symbol
  if (known === undefined) {
    const [row] = await db
      .select({ symbol: currencies.symbol })
      .from(currencies)
      .where(eq(currencies.code, asset))
    known = row?.symbol ?? asset
  }
  return { amount: formatMinor(amountMinor, exponentOf(asset)), currency: asset, symbol: known }
}

/** The name a payer is shown by in a message: full name, else username, else "Someone". */
export async function payerNameOf(db: Queryable, userId: string | null): Promise<string> {
  if (!userId) return 'Someone'
  return (await loadUserNames(db, [userId])).get(userId) ?? 'Someone'
}
