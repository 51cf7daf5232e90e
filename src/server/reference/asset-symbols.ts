import { inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { cryptocurrencies, currencies } from '#server/db/schema.ts'

/**
 * The display symbols of some assets, fiat or crypto, as a lookup that falls back to the
 * code itself for an asset with no symbol on record.
 */
export async function loadAssetSymbols(
  db: Queryable,
  assets: Iterable<string>,
): Promise<(asset: string) => string> {
  const codes = [...new Set(assets)]
  const symbols = new Map<string, string>()
  if (codes.length > 0) {
    const [fiat, crypto] = await Promise.all([
      db
        .select({ code: currencies.code, symbol: currencies.symbol })
        .from(currencies)
        .where(inArray(currencies.code, codes)),
      db
        .select({ code: cryptocurrencies.code, symbol: cryptocurrencies.symbol })
        .from(cryptocurrencies)
        .where(inArray(cryptocurrencies.code, codes)),
    ])
    for (const row of [...fiat, ...crypto]) symbols.set(row.code, row.symbol)
  }
  return (asset) => symbols.get(asset) ?? asset
}
