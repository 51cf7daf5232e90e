import { and, asc, eq, gt } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { cryptocurrencies, ledgerAccounts } from '#server/db/schema.ts'
import {
  divideRoundHalfUp,
  exponentOf,
  formatMinor,
  isAssetCode,
  parseScaled,
} from '#shared/money.ts'
import type { CryptoHolding } from '#shared/schemas/exchange.ts'

/** The user's crypto, each with its amount and what it is worth in US dollars now. */
export async function listHoldings(db: Queryable, userId: string): Promise<CryptoHolding[]> {
  const rows = await db
    .select({ balanceMinor: ledgerAccounts.balanceMinor, crypto: cryptocurrencies })
    .from(ledgerAccounts)
    .innerJoin(cryptocurrencies, eq(cryptocurrencies.code, ledgerAccounts.asset))
    .where(
      and(
        eq(ledgerAccounts.kind, 'holding'),
        eq(ledgerAccounts.userId, userId),
        gt(ledgerAccounts.balanceMinor, 0n),
      ),
    )
    .orderBy(asc(cryptocurrencies.id))
  return rows.flatMap(({ balanceMinor, crypto }) => {
    if (!isAssetCode(crypto.code)) return []
    const exponent = exponentOf(crypto.code)
    const price = parseScaled(crypto.priceUsd, 8)
    // amount (minor / 10^e) x price (/10^8) in cents: balance x price x 100 / 10^(e+8).
    const usdCents = divideRoundHalfUp(balanceMinor * price * 100n, 10n ** BigInt(exponent + 8))
    return [
      {
        cryptoCurrencyId: crypto.id,
        code: crypto.code,
        name: crypto.name,
        symbol: crypto.symbol,
        amount: formatMinor(balanceMinor, exponent),
        price: crypto.priceUsd,
        usdValue: formatMinor(usdCents, 2),
      },
    ]
  })
}
