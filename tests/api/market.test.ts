import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readLatestPrices, refreshMarket } from '#server/market/refresh-market.ts'
import type { RatesProvider } from '#server/providers/rates-provider.ts'
import { createSandboxRatesProvider } from '#server/providers/sandbox-rates-provider.ts'
import { referencePriceBook } from '#server/reference/usd-prices.ts'
import { cryptocurrencySchema, exchangeRateSchema } from '#shared/schemas/reference.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** A provider that sets chosen prices, for exact expectations. */
function fixedProvider(changes: Record<string, bigint>): RatesProvider {
  return {
    name: 'fixed',
    async next(current) {
      return new Map([...current, ...Object.entries(changes)])
    },
  }
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `market rates on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>
      const start = Date.parse('2026-11-20T12:00:00Z')

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database)
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      async function rates() {
        return exchangeRateSchema
          .array()
          .parse((await createTestClient(app).get('/api/exchange-rates')).body)
      }

      it('computes every pair from USD prices, so reverse pairs agree, and the 24h change from history', async () => {
        const reference = referencePriceBook()
        const ngn = reference.get('NGN') ?? 0n
        expect(await refreshMarket(database.db, fixedProvider({}), start)).toBe(true)
        // A tick 10 s later is skipped: another instance (or this one) just recorded prices.
        expect(await refreshMarket(database.db, fixedProvider({}), start + 10_000)).toBe(false)

        // 25 hours later the naira's dollar price is down 2%: a dollar buys 1/0.98 as many naira.
        const weaker = (ngn * 98n) / 100n
        expect(
          await refreshMarket(database.db, fixedProvider({ NGN: weaker }), start + 25 * HOUR),
        ).toBe(true)
        const byPair = new Map(
          (await rates()).map((r) => [`${r.fromCurrency.code}-${r.toCurrency.code}`, r]),
        )
        const usdNgn = byPair.get('USD-NGN')
        const ngnUsd = byPair.get('NGN-USD')
        // 1530 / 0.98 = 1561.2244897...: rounded down, never more than the mid rate (ADR 010).
        expect(usdNgn?.rate).toBe('1561.224489')
        expect(usdNgn?.changePercent).toBe('2.04')
        expect(ngnUsd?.changePercent).toBe('-2.00')
        // Six decimals cannot hold a tiny rate exactly: the pair agrees to within that rounding,
        // and rounding down, the two together never make more than one.
        const forward = Number(usdNgn?.rate)
        const reverse = Number(ngnUsd?.rate)
        expect(Math.abs(forward * reverse - 1)).toBeLessThanOrEqual(1e-6 * forward)
        expect(forward * reverse).toBeLessThanOrEqual(1)
        expect(byPair.get('USD-KES')?.changePercent).toBe('0.00')
      })

      it('moves crypto prices with their 24h change', async () => {
        const btc = referencePriceBook().get('BTC') ?? 0n
        await refreshMarket(
          database.db,
          fixedProvider({ BTC: (btc * 105n) / 100n }),
          start + 50 * HOUR,
        )
        const list = cryptocurrencySchema
          .array()
          .parse((await createTestClient(app).get('/api/cryptocurrencies')).body)
        expect(list.find((c) => c.code === 'BTC')).toMatchObject({
          price: '47250.00000000',
          change: '5.00',
        })
      })

      it('keeps a sandbox random walk within 10% of the reference over many ticks', async () => {
        const reference = referencePriceBook()
        const provider = createSandboxRatesProvider(
          reference,
          new Set(['BTC', 'ETH', 'USDT', 'BNB']),
        )
        let book = await readLatestPrices(database.db)
        for (let tick = 0; tick < 500; tick++) book = await provider.next(book)
        for (const [asset, price] of book) {
          const ref = reference.get(asset) ?? 0n
          expect(price * 100n >= ref * 90n && price * 100n <= ref * 110n, asset).toBe(true)
        }
        expect(book.get('USD')).toBe(reference.get('USD'))
      })
    },
  )
}
