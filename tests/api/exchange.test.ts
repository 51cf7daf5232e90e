import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { cryptoHoldingSchema, quoteSchema } from '#shared/schemas/exchange.ts'
import { cryptocurrencySchema, currencySchema } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import {
  addFunds,
  history,
  listWallets,
  moneyPost,
  signUpClient,
  walletIn,
} from '../factories/money.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `exchange and crypto on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>
      let ids: Map<string, number>

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database)
        const list = currencySchema
          .array()
          .parse((await createTestClient(app).get('/api/currencies')).body)
        ids = new Map(list.map((c) => [c.code, c.id]))
      })
      afterEach(async () => {
        expect(await verifyLedger(database.db)).toEqual([])
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      const id = (code: string) => ids.get(code) ?? 0

      async function fundedUser(usd = '200.00') {
        const client = createTestClient(app)
        await signUpClient(client)
        const wallet = await walletIn(client, 'USD')
        await addFunds(client, wallet.id, usd)
        return { client, usdWallet: wallet }
      }

      async function quote(client: TestClient, from: string, to: string, amount: string) {
        const response = await client.post('/api/quotes', {
          fromCurrencyId: id(from),
          toCurrencyId: id(to),
          amount,
        })
        expect(response.status, response.text).toBe(201)
        return quoteSchema.parse(response.body)
      }

      it('quotes amount x rate, the 0.5% fee on top and the total, locked for 30 seconds', async () => {
        const { client } = await fundedUser()
        const before = Date.now()
        const q = await quote(client, 'USD', 'NGN', '100.00')
        expect(q).toMatchObject({
          rate: '1530.000000',
          fee: '0.50',
          receiveAmount: '153000.00',
          totalDebit: '100.50',
          amount: '100.00',
        })
        const ttl = Date.parse(q.expiresAt) - before
        expect(ttl).toBeGreaterThan(28_000)
        expect(ttl).toBeLessThanOrEqual(31_000)
        // Half a kobo of fee rounds up: 0.5% of 0.01 is 0.00005 → 0.00; of 1.01 is 0.00505 → 0.01.
        expect((await quote(client, 'USD', 'NGN', '1.01')).fee).toBe('0.01')
      })

      it('exchanges at the quoted rate: two legs through FX liquidity, the fee its own posting', async () => {
        const { client, usdWallet } = await fundedUser()
        const q = await quote(client, 'USD', 'NGN', '100.00')
        const response = await moneyPost(client, '/api/exchange', {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('NGN'),
          amount: '100.00',
          quoteId: q.id,
        })
        expect(response.status, response.text).toBe(201)
        expect(transactionSchema.parse(response.body)).toMatchObject({
          type: 'exchange',
          amount: '100.00',
          fee: '0.50',
          exchangeRate: '1530.000000',
          convertedAmount: '153000.00',
        })
        expect((await walletIn(client, 'USD')).balance).toBe('99.50')
        expect((await walletIn(client, 'NGN')).balance).toBe('153000.00')
        // The exchange is one entry in the history, not two, and says what it became.
        const exchanges = (await history(client)).filter((t) => t.type === 'exchange')
        expect(exchanges).toHaveLength(1)
        expect(exchanges[0]?.convertedCurrency).toEqual({ code: 'NGN', symbol: '₦' })
      })

      it("exchanges NGN to USD at today's rate and opens a missing destination wallet", async () => {
        const { client, usdWallet } = await fundedUser()
        await moneyPost(client, '/api/exchange', {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('NGN'),
          amount: '20.00',
        })
        const ngn = await walletIn(client, 'NGN')
        expect(ngn.balance).toBe('30600.00')
        const back = await moneyPost(client, '/api/exchange', {
          fromWalletId: ngn.id,
          fromCurrencyId: id('NGN'),
          toCurrencyId: id('USD'),
          amount: '10000.00',
        })
        expect(transactionSchema.parse(back.body)).toMatchObject({
          exchangeRate: '0.000654',
          convertedAmount: '6.54',
          fee: '50.00',
        })
        expect((await walletIn(client, 'NGN')).balance).toBe('20550.00')
        expect((await listWallets(client)).map((w) => w.currency.code)).not.toContain('ZAR')
        const zar = await moneyPost(client, '/api/exchange', {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('ZAR'),
          amount: '10.00',
        })
        expect(zar.status).toBe(201)
        expect((await walletIn(client, 'ZAR')).balance).toBe('182.00')
      })

      it('refuses an expired quote with 409 and moves nothing', async () => {
        const { client, usdWallet } = await fundedUser()
        const q = await quote(client, 'USD', 'EUR', '50.00')
        await database.db.execute(
          sql`update quotes set expires_at = now() - interval '1 second' where id = ${q.id}`,
        )
        const response = await moneyPost(client, '/api/exchange', {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('EUR'),
          amount: '50.00',
          quoteId: q.id,
        })
        expect(response.status).toBe(409)
        expect(response.body).toMatchObject({
          code: 'QUOTE_EXPIRED',
          message: expect.stringContaining('expired'),
        })
        expect((await walletIn(client, 'USD')).balance).toBe('200.00')
      })

      it('counts the fee when checking the balance', async () => {
        const { client, usdWallet } = await fundedUser('100.00')
        const response = await moneyPost(client, '/api/exchange', {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('NGN'),
          amount: '100.00',
        })
        expect(response.status).toBe(409)
        expect(response.body).toMatchObject({
          code: 'INSUFFICIENT_FUNDS',
          message: expect.stringContaining('$0.50 short'),
        })
        expect((await walletIn(client, 'USD')).balance).toBe('100.00')
      })

      it('answers bad exchanges and quotes with a clear 4xx', async () => {
        const { client, usdWallet } = await fundedUser()
        const base = {
          fromWalletId: usdWallet.id,
          fromCurrencyId: id('USD'),
          toCurrencyId: id('NGN'),
          amount: '10.00',
        }
        const cases: [string, Record<string, unknown>, number, string][] = [
          ['/api/exchange', { ...base, toCurrencyId: 999 }, 404, 'Currency not found'],
          [
            '/api/exchange',
            { ...base, toCurrencyId: id('USD') },
            400,
            'Choose two different currencies',
          ],
          ['/api/exchange', { ...base, amount: '0' }, 400, 'Amount must be greater than 0'],
          [
            '/api/exchange',
            { ...base, amount: '1.005' },
            400,
            'Amount can have at most 2 decimal places for USD',
          ],
          ['/api/exchange', { ...base, fromCurrencyId: id('EUR') }, 400, 'This wallet holds USD'],
          ['/api/exchange', { ...base, fromCurrencyId: 0 }, 400, 'Please select a currency'],
          [
            '/api/exchange',
            { ...base, quoteId: '00000000-0000-4000-8000-000000000000' },
            404,
            'Quote not found',
          ],
        ]
        for (const [url, body, status, message] of cases) {
          const response = await moneyPost(client, url, body)
          expect(response.status, JSON.stringify(body)).toBe(status)
          expect(response.body).toMatchObject({ message })
        }
        expect(
          (
            await client.post('/api/quotes', {
              fromCurrencyId: id('USD'),
              toCurrencyId: id('USD'),
              amount: '5',
            })
          ).status,
        ).toBe(400)
        expect((await walletIn(client, 'USD')).balance).toBe('200.00')
      })

      it('buys crypto for a dollar amount, truncating the coins, from a wallet or by card', async () => {
        const { client } = await fundedUser('100.00')
        const cryptos = cryptocurrencySchema
          .array()
          .parse((await client.get('/api/cryptocurrencies')).body)
        const cryptoId = (code: string) => cryptos.find((c) => c.code === code)?.id ?? 0
        const bought = await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: cryptoId('BTC'),
          fiatCurrencyId: id('USD'),
          amount: 90,
          paymentMethod: 'wallet',
        })
        expect(bought.status, bought.text).toBe(201)
        expect(transactionSchema.parse(bought.body)).toMatchObject({
          type: 'purchase',
          amount: '90.00',
          convertedAmount: '0.00200000',
          convertedCurrency: { code: 'BTC', symbol: '₿' },
        })
        expect((await walletIn(client, 'USD')).balance).toBe('10.00')
        // $10 of ETH at 3200 is 0.003125 ETH exactly; $1 of BTC is 0.0000222222... truncated.
        await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: cryptoId('ETH'),
          fiatCurrencyId: id('USD'),
          amount: '10.00',
          paymentMethod: 'card',
        })
        await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: cryptoId('BTC'),
          fiatCurrencyId: id('USD'),
          amount: '1.00',
          paymentMethod: 'card',
        })
        expect((await walletIn(client, 'USD')).balance).toBe('10.00')
        const holdings = cryptoHoldingSchema
          .array()
          .parse((await client.get('/api/crypto/holdings')).body)
        expect(holdings.map((h) => [h.code, h.amount, h.usdValue])).toEqual([
          ['BTC', '0.00202222', '91.00'],
          ['ETH', '0.00312500', '10.00'],
        ])
      })

      it('charges a purchase paid in naira at the dollar rate, and refuses one the wallet cannot cover', async () => {
        const client = createTestClient(app)
        await signUpClient(client)
        await addFunds(client, (await walletIn(client, 'NGN')).id, '200000.00')
        const cryptos = cryptocurrencySchema
          .array()
          .parse((await client.get('/api/cryptocurrencies')).body)
        const usdt = cryptos.find((c) => c.code === 'USDT')?.id ?? 0
        const paid = await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: usdt,
          fiatCurrencyId: id('NGN'),
          amount: '100.00',
          paymentMethod: 'wallet',
        })
        expect(transactionSchema.parse(paid.body)).toMatchObject({
          amount: '153000.00',
          convertedAmount: '100.000000',
        })
        expect((await walletIn(client, 'NGN')).balance).toBe('47000.00')
        const tooMuch = await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: usdt,
          fiatCurrencyId: id('NGN'),
          amount: '100.00',
          paymentMethod: 'wallet',
        })
        expect(tooMuch.status).toBe(409)
        const bad = await moneyPost(client, '/api/crypto/purchase', {
          cryptoCurrencyId: 0,
          fiatCurrencyId: id('NGN'),
          amount: '1',
          paymentMethod: 'cash',
        })
        expect(bad.status).toBe(400)
        expect(bad.body).toMatchObject({ message: 'Please select a cryptocurrency' })
        expect((await walletIn(client, 'NGN')).balance).toBe('47000.00')
      })
    },
  )
}
