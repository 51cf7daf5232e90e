import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payouts, transactionEvents } from '#server/db/schema.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { formatMinor, parseScaled } from '#shared/money.ts'
import { recipientSchema } from '#shared/schemas/recipients.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn, withPin } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, serverDatabaseOf, type TestDatabase } from '../setup/test-database.ts'

const providers = payoutProvidersOf(sandboxProviders())
/** Past the sandbox bank's settling delay, so one worker pass sends and a second settles. */
const LATER_MS = 10_000

function minorOf(balance: string): bigint {
  return parseScaled(balance, 2)
}

function bankTransfer(client: TestClient, fromWalletId: string, amount: string, account: string) {
  return moneyPost(client, '/api/send-money/bank', {
    fromWalletId,
    bankCode: '058',
    accountNumber: account,
    accountName: 'Ngozi Eze',
    amount,
  })
}

describeMoneyApi(
  'payouts',
  (context) => {
    async function settleEverything() {
      const now = Date.now()
      await runPayoutWorker(context.database.db, providers, now)
      await runPayoutWorker(context.database.db, providers, now + LATER_MS)
    }

    it('charges exactly amount + 2% (rounded up) for any amount, and a reversal gives back every kobo', async () => {
      const client = createTestClient(context.app)
      await signUpClient(client)
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, '1000000.00')
      await fc.assert(
        fc.asyncProperty(
          fc.bigInt({ min: 1n, max: 5_000_000n }),
          fc.boolean(),
          async (amountMinor, bankRejects) => {
            const before = minorOf((await walletIn(client, 'NGN')).balance)
            const amount = formatMinor(amountMinor, 2)
            const account = bankRejects ? '3141599999' : '3141592653'
            const response = await bankTransfer(client, ngn.id, amount, account)
            expect(response.status, response.text).toBe(201)
            const transfer = transactionSchema.parse(response.body)
            // 2% rounded up to the kobo (ADR 010): (amount * 200 + 9999) / 10000 in whole kobo.
            const feeMinor = (amountMinor * 200n + 9_999n) / 10_000n
            expect(transfer.fee).toBe(formatMinor(feeMinor, 2))
            const afterSend = minorOf((await walletIn(client, 'NGN')).balance)
            expect(before - afterSend).toBe(amountMinor + feeMinor)
            await settleEverything()
            const after = minorOf((await walletIn(client, 'NGN')).balance)
            expect(after).toBe(bankRejects ? before : afterSend)
          },
        ),
        { numRuns: 15 },
      )
    })

    it('saves the recipient once the transfer completes, and counts them once however often they are paid', async () => {
      const client = createTestClient(context.app)
      await signUpClient(client)
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, '10000.00')
      const first = await bankTransfer(client, ngn.id, '10.00', '2718281828')
      expect(first.status).toBe(201)
      // Pending is not "successful" yet: nobody is saved until the bank says it arrived.
      expect((await client.get('/api/recipients?kind=bank')).body).toEqual([])
      await settleEverything()
      for (let i = 0; i < 2; i++) {
        expect((await bankTransfer(client, ngn.id, '10.00', '2718281828')).status).toBe(201)
      }
      // A transfer that fails does not save anyone.
      expect((await bankTransfer(client, ngn.id, '10.00', '2718289999')).status).toBe(201)
      await settleEverything()
      const saved = recipientSchema
        .array()
        .parse((await client.get('/api/recipients?kind=bank')).body)
      expect(saved).toHaveLength(1)
      expect(saved[0]).toMatchObject({
        kind: 'bank',
        bankCode: '058',
        accountNumber: '2718281828',
        countryCode: 'NG',
        useCount: 3,
        isFrequent: true,
      })
      expect((await client.get('/api/recipients?kind=international')).body).toEqual([])
      expect((await client.get('/api/recipients?kind=nonsense')).status).toBe(400)

      // Nobody else sees them or can forget them.
      const stranger = createTestClient(context.app)
      await signUpClient(stranger)
      expect((await stranger.get('/api/recipients')).body).toEqual([])
      const id = saved[0]?.id ?? ''
      expect((await stranger.delete(`/api/recipients/${id}`)).status).toBe(404)
      expect((await client.delete(`/api/recipients/${id}`)).status).toBe(204)
      expect((await client.get('/api/recipients')).body).toEqual([])
    })

    it('shows where a payout went and how it ended in its details', async () => {
      const client = createTestClient(context.app)
      await signUpClient(client)
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, '1000.00')
      const sent = transactionSchema.parse(
        (await bankTransfer(client, ngn.id, '100.00', '1618033988')).body,
      )
      await settleEverything()
      const details = transactionDetailsSchema.parse(
        (await client.get(`/api/transactions/${sent.id}`)).body,
      )
      expect(details.payout).toMatchObject({
        kind: 'bank',
        status: 'completed',
        details: { bankName: 'GTBank', accountNumber: '1618033988', accountName: 'Ngozi Eze' },
        failureReason: null,
      })
      expect(details.events.map((event) => event.status)).toEqual([
        'pending',
        'submitted',
        'completed',
      ])
    })
  },
  { MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
)

// Racing and restarting need many connections and real processes: PostgreSQL only.
const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

describe.skipIf(skip !== undefined)(
  `payouts under concurrency on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`,
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

    it('bank payouts racing transfers and two workers never overdraw, and each payout is sent and settled once', async () => {
      const sender = createTestClient(app)
      const friend = createTestClient(app)
      await signUpClient(sender)
      const friendUser = await signUpClient(friend)
      const ngn = await walletIn(sender, 'NGN')
      await addFunds(sender, ngn.id, '1000.00')

      // 20 bank transfers of 51.00 all in (50.00 + 1.00 fee), every fourth one to an account
      // whose bank rejects it, and 20 transfers of 20.00 to a friend: ~1420.00 asked of 1000.00,
      // while two workers send, settle and reverse whatever is already pending.
      let stop = false
      // Each pass runs a fixed step ahead of the real clock, never further: a payout's lease is
      // 60 s of that clock, and a worker whose own clock raced ahead pass by pass (as this one
      // once did) would take the other's lease while its provider call was still in flight on a
      // busy machine, and send the payout twice.
      const worker = async () => {
        while (!stop) await runPayoutWorker(database.db, providers, Date.now() + LATER_MS)
      }
      const workers = [worker(), worker()]
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0
            ? bankTransfer(sender, ngn.id, '50.00', i % 8 === 0 ? '1000009999' : '1000001234')
            : moneyPost(sender, '/api/send-money/sabi-user', {
                fromWalletId: ngn.id,
                recipientUserId: friendUser.id,
                amount: '20.00',
              }),
        ),
      )
      stop = true
      await Promise.all(workers)
      for (const result of results) expect([201, 409]).toContain(result.status)
      // Even if every rejected payout came back before the rest asked, 1,420.00 is more than
      // 1,000.00 + 5 x 51.00: some requests must have been refused for want of money.
      expect(results.some((result) => result.status === 409)).toBe(true)
      // Whatever the workers had not reached yet, settle now. A pass sends at most ten payouts
      // and a payout it sends is answered only on a later pass, so on a busy machine, where the
      // requests outran the workers, this takes as many passes as are left over: passes run
      // until nothing is open, each a step later on the clock.
      for (let pass = 1; pass <= 10; pass++) {
        await runPayoutWorker(database.db, providers, Date.now() + pass * 100 * LATER_MS)
        const open = await database.db
          .select({ id: payouts.id })
          .from(payouts)
          .where(inArray(payouts.status, ['pending', 'submitted']))
        if (open.length === 0) break
      }

      const bankIds = results
        .filter((r, i) => i % 2 === 0 && r.status === 201)
        .map((r) => transactionSchema.parse(r.body).id)
      const friendCount = results.filter((r, i) => i % 2 === 1 && r.status === 201).length
      let completedCost = 0
      for (const id of bankIds) {
        const [payout] = await database.db.select().from(payouts).where(eq(payouts.journalId, id))
        expect(payout?.status === 'completed' || payout?.status === 'failed').toBe(true)
        expect(payout?.attempts).toBe(1)
        const events = await database.db
          .select()
          .from(transactionEvents)
          .where(eq(transactionEvents.journalId, id))
        expect(events.map((event) => event.status)).toEqual([
          'pending',
          'submitted',
          payout?.status,
        ])
        if (payout?.status === 'completed') completedCost += 5100
      }
      const expected = 100_000 - completedCost - friendCount * 2000
      expect((await walletIn(sender, 'NGN')).balance).toBe(formatMinor(BigInt(expected), 2))
      expect((await walletIn(friend, 'NGN')).balance).toBe(
        formatMinor(BigInt(friendCount * 2000), 2),
      )
      expect(await verifyLedger(database.db)).toEqual([])
    })

    describe('a server killed with payouts in flight', () => {
      let shared: TestDatabase
      let running: ServerProcess[] = []

      beforeAll(async () => {
        shared = await createTestDatabase('postgres', 2)
      })
      afterAll(async () => {
        await Promise.all(running.map((server) => server.stop()))
        await shared?.destroy()
      })

      it('picks the pending work up again at start and settles it once', async () => {
        const first = await startServerProcess(serverDatabaseOf(shared))
        running.push(first)
        const client = createHttpClient(first.url)
        expect((await signUpWithPin(client, buildSignUp())).status).toBe(201)
        const wallets = walletSchema
          .array()
          .parse((await client.request('GET', '/api/wallets')).body)
        const ngn = wallets.find((wallet) => wallet.currency.code === 'NGN')
        if (!ngn) throw new Error('no NGN wallet')
        const key = () => ({ 'idempotency-key': randomUUID() })
        const funded = await client.request(
          'POST',
          '/api/add-funds',
          { walletId: ngn.id, amount: '500.00', method: 'bank' },
          key(),
        )
        expect(funded.status).toBe(201)
        const sends = await Promise.all(
          ['4000001111', '4000009999'].map((accountNumber) =>
            client.request(
              'POST',
              '/api/send-money/bank',
              withPin({
                fromWalletId: ngn.id,
                bankCode: '044',
                accountNumber,
                accountName: 'Amina Bello',
                amount: '100.00',
              }),
              key(),
            ),
          ),
        )
        const [ok, rejected] = sends.map((send) => transactionSchema.parse(send.body).id)
        // Killed outright, before the sandbox bank's three seconds are up: nothing is settled.
        first.process.kill('SIGKILL')
        await new Promise((done) => first.process.once('exit', done))
        running = []
        const [row] = await shared.db
          .select()
          .from(payouts)
          .where(eq(payouts.journalId, ok ?? ''))
        expect(row?.status === 'pending' || row?.status === 'submitted').toBe(true)

        const second = await startServerProcess(serverDatabaseOf(shared))
        running.push(second)
        const again = createHttpClient(second.url)
        again.useCookieOf(client)
        const statusOf = async (id: string | undefined) =>
          transactionDetailsSchema.parse(
            (await again.request('GET', `/api/transactions/${id}`)).body,
          ).status
        const deadline = Date.now() + 20_000
        while (Date.now() < deadline) {
          if ((await statusOf(ok)) !== 'pending' && (await statusOf(rejected)) !== 'pending') break
          await new Promise((done) => setTimeout(done, 250))
        }
        expect(await statusOf(ok)).toBe('completed')
        expect(await statusOf(rejected)).toBe('failed')
        const after = walletSchema.array().parse((await again.request('GET', '/api/wallets')).body)
        // 500.00 - (100.00 + 2.00) for the one that arrived; the rejected one came back in full.
        expect(after.find((wallet) => wallet.id === ngn.id)?.balance).toBe('398.00')
        expect(await verifyLedger(shared.db)).toEqual([])
      }, 60_000)
    })
  },
)
