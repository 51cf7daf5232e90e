import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { cryptocurrencySchema, currencySchema, walletSchema } from '#shared/schemas/reference.ts'
import { addFunds, moneyPost, signUpClient, walletIn, withPin } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, serverDatabaseOf, type TestDatabase } from '../setup/test-database.ts'

// Concurrency means something only with many connections: PGlite has one, so these run on
// PostgreSQL (CI always provides it).
const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

describe.skipIf(skip !== undefined)(
  `concurrent money on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let database: TestDatabase
    let app: Awaited<ReturnType<typeof createTestApp>>

    beforeAll(async () => {
      database = await createTestDatabase('postgres', 20)
      app = await createTestApp(database, { MONEY_RATE_LIMIT_PER_MINUTE: '100000' })
    })
    afterAll(async () => {
      await app?.close()
      await database?.destroy()
    })

    it('80 concurrent 10.00 transfers from a 500.00 wallet: exactly 50 succeed and the wallet ends at 0.00', async () => {
      const sender = createTestClient(app)
      const recipient = createTestClient(app)
      await signUpClient(sender)
      const recipientUser = await signUpClient(recipient)
      const usd = await walletIn(sender, 'USD')
      await addFunds(sender, usd.id, '500.00')

      const results = await Promise.all(
        Array.from({ length: 80 }, () =>
          moneyPost(sender, '/api/send-money/sabi-user', {
            fromWalletId: usd.id,
            recipientUserId: recipientUser.id,
            amount: '10.00',
          }),
        ),
      )
      const statuses = results.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(50)
      expect(statuses.filter((s) => s === 409)).toHaveLength(30)
      expect((await walletIn(sender, 'USD')).balance).toBe('0.00')
      expect((await walletIn(recipient, 'USD')).balance).toBe('500.00')
      expect(await verifyLedger(database.db)).toEqual([])
    })

    it('a double-tapped submission (same key, sent 10 times at once) moves money once and every reply is the same', async () => {
      const sender = createTestClient(app)
      const recipient = createTestClient(app)
      await signUpClient(sender)
      const recipientUser = await signUpClient(recipient)
      const usd = await walletIn(sender, 'USD')
      await addFunds(sender, usd.id, '100.00')
      const key = randomUUID()
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          moneyPost(
            sender,
            '/api/send-money/sabi-user',
            { fromWalletId: usd.id, recipientUserId: recipientUser.id, amount: '60.00' },
            key,
          ),
        ),
      )
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201))
      expect(new Set(results.map((r) => r.text)).size).toBe(1)
      expect((await walletIn(sender, 'USD')).balance).toBe('40.00')
      expect((await walletIn(recipient, 'USD')).balance).toBe('60.00')
      expect(await verifyLedger(database.db)).toEqual([])
    })

    it('transfers crossing in both directions at once never deadlock or lose money', async () => {
      const a = createTestClient(app)
      const b = createTestClient(app)
      const aUser = await signUpClient(a)
      const bUser = await signUpClient(b)
      const aUsd = await walletIn(a, 'USD')
      const bUsd = await walletIn(b, 'USD')
      await addFunds(a, aUsd.id, '100.00')
      await addFunds(b, bUsd.id, '100.00')
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? moneyPost(a, '/api/send-money/sabi-user', {
                fromWalletId: aUsd.id,
                recipientUserId: bUser.id,
                amount: '1.00',
              })
            : moneyPost(b, '/api/send-money/sabi-user', {
                fromWalletId: bUsd.id,
                recipientUserId: aUser.id,
                amount: '1.00',
              }),
        ),
      )
      expect(results.every((r) => r.status === 201)).toBe(true)
      expect((await walletIn(a, 'USD')).balance).toBe('100.00')
      expect((await walletIn(b, 'USD')).balance).toBe('100.00')
      expect(await verifyLedger(database.db)).toEqual([])
    })

    it("a sender's first transfer of the day and another payment of theirs at once never deadlock", async () => {
      // The transfer is posted in a batch, the payment of a request on its own: both count the
      // day's usage, and the first of the day makes its row (db/functions/300_sabi_lock_ledger.sql).
      const requester = createTestClient(app)
      await signUpClient(requester)
      const requesterNgn = await walletIn(requester, 'NGN')
      const senders = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const client = createTestClient(app)
          await signUpClient(client)
          const ngn = await walletIn(client, 'NGN')
          await addFunds(client, ngn.id, '1000.00')
          const asked = await requester.post('/api/payment-requests', {
            walletId: requesterNgn.id,
            amount: '10.00',
          })
          expect(asked.status, asked.text).toBe(201)
          const requestId =
            typeof asked.body === 'object' && asked.body && 'id' in asked.body
              ? String(asked.body.id)
              : ''
          return { client, ngn, requestId }
        }),
      )
      const results = await Promise.all(
        senders.flatMap(({ client, ngn, requestId }) => [
          moneyPost(client, '/api/send-money/sabi-user', {
            fromWalletId: ngn.id,
            recipientUserId: requesterNgn.userId,
            amount: '10.00',
          }),
          moneyPost(client, `/api/payment-requests/${requestId}/pay`, { fromWalletId: ngn.id }),
        ]),
      )
      expect(results.map((result) => result.status)).toEqual(results.map(() => 201))
      for (const { client } of senders) {
        expect((await walletIn(client, 'NGN')).balance).toBe('980.00')
      }
      expect(await verifyLedger(database.db)).toEqual([])
    })

    it('concurrent exchanges and crypto purchases from one wallet never overdraw it', async () => {
      const client = createTestClient(app)
      await signUpClient(client)
      const usd = await walletIn(client, 'USD')
      await addFunds(client, usd.id, '100.00')
      const currencies = currencySchema.array().parse((await client.get('/api/currencies')).body)
      const cryptos = cryptocurrencySchema
        .array()
        .parse((await client.get('/api/cryptocurrencies')).body)
      const idOf = (code: string) => currencies.find((c) => c.code === code)?.id ?? 0
      const btc = cryptos.find((c) => c.code === 'BTC')?.id ?? 0
      // Each exchange costs 10.05 (fee included) and each purchase 10.00: 20 of them want ~200.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? moneyPost(client, '/api/exchange', {
                fromWalletId: usd.id,
                fromCurrencyId: idOf('USD'),
                toCurrencyId: idOf('NGN'),
                amount: '10.00',
              })
            : moneyPost(client, '/api/crypto/purchase', {
                cryptoCurrencyId: btc,
                fiatCurrencyId: idOf('USD'),
                amount: '10.00',
                paymentMethod: 'wallet',
              }),
        ),
      )
      for (const result of results) expect([201, 409]).toContain(result.status)
      const exchanges = results.filter((r, i) => i % 2 === 0 && r.status === 201).length
      const purchases = results.filter((r, i) => i % 2 === 1 && r.status === 201).length
      const spentCents = exchanges * 1005 + purchases * 1000
      expect(spentCents).toBeLessThanOrEqual(10000)
      // Nothing that fits is refused: what is left is less than the cheapest operation.
      expect(10000 - spentCents).toBeLessThan(1005)
      const balance = (await walletIn(client, 'USD')).balance
      expect(balance).toBe(((10000 - spentCents) / 100).toFixed(2))
      expect(await verifyLedger(database.db)).toEqual([])
    })

    describe('two server processes on one database', () => {
      let servers: ServerProcess[] = []
      let shared: TestDatabase

      beforeAll(async () => {
        shared = await createTestDatabase('postgres', 2)
        servers = await Promise.all([
          startServerProcess(serverDatabaseOf(shared), { MONEY_RATE_LIMIT_PER_MINUTE: '100000' }),
          startServerProcess(serverDatabaseOf(shared), { MONEY_RATE_LIMIT_PER_MINUTE: '100000' }),
        ])
      }, 120_000)
      afterAll(async () => {
        await Promise.all(servers.map((server) => server.stop()))
        await shared?.destroy()
      })

      it('hold a tier-1 user to the daily limit when their sends arrive through both at once', async () => {
        const [one, two] = servers
        if (!one || !two) throw new Error('servers did not start')
        const sender = createHttpClient(one.url)
        expect((await signUpWithPin(sender, buildSignUp(), { tier: 1 })).status).toBe(201)
        const friend = createHttpClient(two.url)
        const friendSignUp = await signUpWithPin(friend, buildSignUp())
        const friendId =
          typeof friendSignUp.body === 'object' && friendSignUp.body && 'id' in friendSignUp.body
            ? String(friendSignUp.body.id)
            : ''
        const ngn = walletSchema
          .array()
          .parse((await sender.request('GET', '/api/wallets')).body)
          .find((wallet) => wallet.currency.code === 'NGN')
        if (!ngn) throw new Error('no NGN wallet')
        const topUp = await sender.request(
          'POST',
          '/api/add-funds',
          { walletId: ngn.id, amount: '200000.00', method: 'bank' },
          { 'idempotency-key': randomUUID() },
        )
        expect(topUp.status).toBe(201)
        const elsewhere = createHttpClient(two.url)
        elsewhere.useCookieOf(sender)
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 === 0 ? sender : elsewhere).request(
              'POST',
              '/api/send-money/sabi-user',
              withPin({ fromWalletId: ngn.id, recipientUserId: friendId, amount: '5000.00' }),
              { 'idempotency-key': randomUUID() },
            ),
          ),
        )
        const statuses = results.map((result) => result.status)
        expect(statuses.filter((status) => status === 201)).toHaveLength(10)
        expect(statuses.filter((status) => status === 403)).toHaveLength(10)
        const after = walletSchema
          .array()
          .parse((await elsewhere.request('GET', '/api/wallets')).body)
          .find((wallet) => wallet.currency.code === 'NGN')
        expect(after?.balance).toBe('150000.00')
        expect(await verifyLedger(shared.db)).toEqual([])
      })

      it('keep every invariant under concurrent random transfers through both', async () => {
        const [one, two] = servers
        if (!one || !two) throw new Error('servers did not start')
        const people = await Promise.all(
          Array.from({ length: 6 }, async () => {
            const client = createHttpClient(one.url)
            const signUp = await signUpWithPin(client, buildSignUp())
            expect(signUp.status).toBe(201)
            const id =
              typeof signUp.body === 'object' && signUp.body && 'id' in signUp.body
                ? String(signUp.body.id)
                : ''
            const wallets = walletSchema
              .array()
              .parse((await client.request('GET', '/api/wallets')).body)
            const usd = wallets.find((w) => w.currency.code === 'USD')
            if (!usd) throw new Error('no USD wallet')
            const topUp = await client.request(
              'POST',
              '/api/add-funds',
              { walletId: usd.id, amount: '100.00', method: 'bank' },
              { 'idempotency-key': randomUUID() },
            )
            expect(topUp.status).toBe(201)
            // The same session works on the other instance: sessions live in the database.
            const elsewhere = createHttpClient(two.url)
            elsewhere.useCookieOf(client)
            return { id, usdId: usd.id, clients: [client, elsewhere] }
          }),
        )
        const transfers = Array.from({ length: 120 }, (_, i) => {
          const from = people[i % people.length]
          const to = people[(i * 7 + 3) % people.length]
          if (!from || !to) throw new Error('bad index')
          const client = from.clients[i % 2]
          if (!client) throw new Error('no client')
          return client.request(
            'POST',
            '/api/send-money/sabi-user',
            withPin({
              fromWalletId: from.usdId,
              recipientUserId: to.id,
              amount: `${(i % 40) + 1}.00`,
            }),
            { 'idempotency-key': randomUUID() },
          )
        })
        const results = await Promise.all(transfers)
        for (const result of results) expect([201, 400, 409]).toContain(result.status)
        expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(20)

        expect(await verifyLedger(shared.db)).toEqual([])
        const total = (
          await Promise.all(
            people.map(async (person) => {
              const wallets = walletSchema
                .array()
                .parse((await person.clients[1]?.request('GET', '/api/wallets'))?.body)
              return Number(wallets.find((w) => w.currency.code === 'USD')?.balance)
            }),
          )
        ).reduce((sum, balance) => sum + balance, 0)
        // Money only moved between these six people: they still hold all 600.00 between them.
        expect(total).toBe(600)
      })
    })
  },
)
