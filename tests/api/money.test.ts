import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { userSearchResultSchema } from '#shared/schemas/money-requests.ts'
import { currencySchema } from '#shared/schemas/reference.ts'
import { transactionPageSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import {
  addFunds,
  history,
  listWallets,
  moneyPost,
  signUpClient,
  walletIn,
} from '../factories/money.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `top-ups, transfers and history on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database)
      })
      afterEach(async () => {
        expect(await verifyLedger(database.db)).toEqual([])
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      async function twoUsers() {
        const alice = createTestClient(app)
        const bob = createTestClient(app)
        const aliceUser = await signUpClient(alice, { firstName: 'Alice' })
        const bobUser = await signUpClient(bob, { firstName: 'Bob' })
        return { alice, bob, aliceUser, bobUser }
      }

      it('adds funds in sandbox mode and shows them in the balance and the history', async () => {
        const client = createTestClient(app)
        await signUpClient(client)
        const usd = await walletIn(client, 'USD')
        const topUp = await addFunds(client, usd.id, '250.75')
        expect(topUp).toMatchObject({
          type: 'add_funds',
          status: 'completed',
          amount: '250.75',
          fee: '0.00',
        })
        expect((await walletIn(client, 'USD')).balance).toBe('250.75')
        const [latest] = await history(client)
        expect(latest).toMatchObject({
          id: topUp.id,
          type: 'add_funds',
          fromWallet: { currency: { code: 'USD', symbol: '$' } },
        })
      })

      it('sends money to another user: the sender sees send, the recipient receive, balances move once', async () => {
        const { alice, bob, bobUser } = await twoUsers()
        const aliceNgn = await walletIn(alice, 'NGN')
        await addFunds(alice, aliceNgn.id, '10000.00')
        const sent = await moneyPost(alice, '/api/send-money/sabi-user', {
          fromWalletId: aliceNgn.id,
          recipientUserId: bobUser.id,
          amount: 2500.5,
          description: 'Jollof money',
        })
        expect(sent.status, sent.text).toBe(201)
        expect(transactionSchema.parse(sent.body)).toMatchObject({
          type: 'send',
          status: 'completed',
          amount: '2500.50',
          description: 'Jollof money',
        })
        expect((await walletIn(alice, 'NGN')).balance).toBe('7499.50')
        expect((await walletIn(bob, 'NGN')).balance).toBe('2500.50')
        expect((await history(alice))[0]).toMatchObject({ type: 'send', amount: '2500.50' })
        expect((await history(bob))[0]).toMatchObject({
          type: 'receive',
          amount: '2500.50',
          description: 'Jollof money',
        })
      })

      it("opens the recipient's wallet in the currency when they have none", async () => {
        const { alice, bob, bobUser } = await twoUsers()
        const currencies = await alice.get('/api/currencies')
        const zarId = currencySchema
          .array()
          .parse(currencies.body)
          .find((c) => c.code === 'ZAR')?.id
        const opened = await alice.post('/api/wallets', { currencyId: zarId })
        expect(opened.status, opened.text).toBe(201)
        const again = await alice.post('/api/wallets', { currencyId: zarId })
        expect(again.status).toBe(409)
        const zar = await walletIn(alice, 'ZAR')
        await addFunds(alice, zar.id, '100.00')
        expect((await listWallets(bob)).map((w) => w.currency.code)).not.toContain('ZAR')
        const sent = await moneyPost(alice, '/api/send-money/sabi-user', {
          fromWalletId: zar.id,
          recipientUserId: bobUser.id,
          amount: '40',
        })
        expect(sent.status).toBe(201)
        expect((await walletIn(bob, 'ZAR')).balance).toBe('40.00')
      })

      it('refuses to overdraw with 409 and names the shortfall', async () => {
        const { alice, bobUser } = await twoUsers()
        const usd = await walletIn(alice, 'USD')
        await addFunds(alice, usd.id, '10.00')
        const response = await moneyPost(alice, '/api/send-money/sabi-user', {
          fromWalletId: usd.id,
          recipientUserId: bobUser.id,
          amount: '15.00',
        })
        expect(response.status).toBe(409)
        expect(response.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
        expect(response.body).toMatchObject({ message: expect.stringContaining('$5.00 short') })
        expect((await walletIn(alice, 'USD')).balance).toBe('10.00')
      })

      it('answers every bad transfer with a clear 4xx and moves nothing', async () => {
        const { alice, bob, aliceUser, bobUser } = await twoUsers()
        const usd = await walletIn(alice, 'USD')
        const bobUsd = await walletIn(bob, 'USD')
        await addFunds(alice, usd.id, '100.00')
        const base = { fromWalletId: usd.id, recipientUserId: bobUser.id, amount: '1.00' }
        const cases: [Record<string, unknown>, number, string][] = [
          [{ ...base, amount: '0' }, 400, 'Amount must be greater than 0'],
          [{ ...base, amount: '-5' }, 400, 'Amount must be greater than 0'],
          [{ ...base, amount: '1.001' }, 400, 'Amount can have at most 2 decimal places for USD'],
          [{ ...base, amount: 'ten' }, 400, 'Amount must be a number'],
          [{ ...base, amount: '99999999999999' }, 400, 'Amount is too large'],
          [{ ...base, amount: true }, 400, 'Amount must be a number'],
          [{ ...base, fromWalletId: '' }, 400, 'Please select a wallet'],
          [{ ...base, recipientUserId: 'nobody' }, 400, 'Please select a recipient'],
          [
            { ...base, description: 'x'.repeat(141) },
            400,
            'Description must be at most 140 characters',
          ],
          [{ ...base, fromWalletId: bobUsd.id }, 404, 'Wallet not found'],
          [{ ...base, fromWalletId: randomUUID() }, 404, 'Wallet not found'],
          [{ ...base, recipientUserId: randomUUID() }, 404, 'Recipient not found'],
          [{ ...base, recipientUserId: aliceUser.id }, 400, 'You cannot send money to yourself'],
        ]
        for (const [body, status, message] of cases) {
          const response = await moneyPost(alice, '/api/send-money/sabi-user', body)
          expect(response.status, JSON.stringify(body)).toBe(status)
          expect(response.body, JSON.stringify(body)).toMatchObject({ message })
        }
        const noKey = await alice.post('/api/send-money/sabi-user', base)
        expect(noKey.status).toBe(400)
        expect(noKey.body).toMatchObject({ message: expect.stringContaining('Idempotency-Key') })
        const signedOut = await moneyPost(createTestClient(app), '/api/send-money/sabi-user', base)
        expect(signedOut.status).toBe(401)
        expect((await walletIn(alice, 'USD')).balance).toBe('100.00')
        expect((await walletIn(bob, 'USD')).balance).toBe('0.00')
        expect(await history(bob)).toEqual([])
      })

      it('refuses bad top-ups, including over 1,000,000.00 and into a wallet that is not yours', async () => {
        const { alice, bob } = await twoUsers()
        const usd = await walletIn(alice, 'USD')
        const bobUsd = await walletIn(bob, 'USD')
        const cases: [Record<string, unknown>, number, string][] = [
          [
            { walletId: usd.id, amount: '1000000.01', method: 'card' },
            400,
            'Amount can be at most 1,000,000.00 USD',
          ],
          [{ walletId: usd.id, amount: '5', method: 'cash' }, 400, 'Please choose card or bank'],
          [{ walletId: bobUsd.id, amount: '5', method: 'bank' }, 404, 'Wallet not found'],
        ]
        for (const [body, status, message] of cases) {
          const response = await moneyPost(alice, '/api/add-funds', body)
          expect(response.status, JSON.stringify(body)).toBe(status)
          expect(response.body).toMatchObject({ message })
        }
        expect((await addFunds(alice, usd.id, '1000000.00')).amount).toBe('1000000.00')
        expect((await walletIn(bob, 'USD')).balance).toBe('0.00')
      })

      it('replays a retried submission instead of moving money twice, and refuses a reused key with another body', async () => {
        const { alice, bob, bobUser } = await twoUsers()
        const usd = await walletIn(alice, 'USD')
        await addFunds(alice, usd.id, '50.00')
        const key = randomUUID()
        const body = { fromWalletId: usd.id, recipientUserId: bobUser.id, amount: '20.00' }
        const first = await moneyPost(alice, '/api/send-money/sabi-user', body, key)
        const retry = await moneyPost(alice, '/api/send-money/sabi-user', body, key)
        expect(first.status).toBe(201)
        expect(retry.status).toBe(201)
        expect(retry.headers['idempotent-replayed']).toBe('true')
        expect(retry.body).toEqual(first.body)
        expect((await walletIn(alice, 'USD')).balance).toBe('30.00')
        expect((await walletIn(bob, 'USD')).balance).toBe('20.00')
        const mismatch = await moneyPost(
          alice,
          '/api/send-money/sabi-user',
          { ...body, amount: '21.00' },
          key,
        )
        expect(mismatch.status).toBe(422)
        expect(mismatch.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' })
        expect((await walletIn(alice, 'USD')).balance).toBe('30.00')
      })

      it('finds other users by any part of their names, never the caller, from 3 characters', async () => {
        const tag = randomUUID().slice(0, 6)
        const searcher = createTestClient(app)
        await signUpClient(searcher, {
          firstName: `Zed${tag}`,
          lastName: 'Searcher',
          username: `zed_${tag}`,
        })
        const target = await signUpClient(createTestClient(app), {
          firstName: 'Ngozi',
          lastName: `Adichie${tag}`,
          username: `ngozi_${tag}`,
        })
        const byLast = await searcher.get(`/api/users/search?q=${`ADICHIE${tag}`.slice(2)}`)
        expect(byLast.status).toBe(200)
        const results = userSearchResultSchema.array().parse(byLast.body)
        expect(results.map((r) => r.id)).toEqual([target.id])
        expect(Object.keys(results[0] ?? {}).sort()).toEqual([
          'firstName',
          'id',
          'lastName',
          'profileImageUrl',
          'username',
        ])
        const self = userSearchResultSchema
          .array()
          .parse((await searcher.get(`/api/users/search?q=zed_${tag}`)).body)
        expect(self).toEqual([])
        expect((await searcher.get('/api/users/search?q=ab')).status).toBe(400)
        expect((await searcher.get('/api/users/search')).status).toBe(400)
        const wildcard = userSearchResultSchema
          .array()
          .parse((await searcher.get('/api/users/search?q=%25%25%25')).body)
        expect(wildcard).toEqual([])
      })

      it('lists the people you have sent money to, most recent first, and shows one by id', async () => {
        const sender = createTestClient(app)
        await signUpClient(sender)
        const usd = await walletIn(sender, 'USD')
        await addFunds(sender, usd.id, '100.00')
        const [ada, bola, chidi] = await Promise.all(
          ['Ada', 'Bola', 'Chidi'].map((firstName) =>
            signUpClient(createTestClient(app), { firstName }),
          ),
        )
        if (!ada || !bola || !chidi) throw new Error('sign-up failed')
        for (const to of [ada, bola, ada]) {
          const sent = await moneyPost(sender, '/api/send-money/sabi-user', {
            fromWalletId: usd.id,
            recipientUserId: to.id,
            amount: '1.00',
          })
          expect(sent.status).toBe(201)
        }
        const recent = userSearchResultSchema
          .array()
          .parse((await sender.get('/api/users/recent')).body)
        // Ada was paid last, Bola before; Chidi was never paid; nobody appears twice.
        expect(recent.map((user) => user.firstName)).toEqual(['Ada', 'Bola'])
        // Signed out, there is nobody to list.
        expect((await createTestClient(app).get('/api/users/recent')).status).toBe(401)

        const one = userSearchResultSchema.parse((await sender.get(`/api/users/${chidi.id}`)).body)
        expect(one).toMatchObject({ id: chidi.id, firstName: 'Chidi', username: chidi.username })
        expect(Object.keys(one)).not.toContain('email')
        expect((await sender.get(`/api/users/${randomUUID()}`)).status).toBe(404)
        expect((await sender.get('/api/users/not-a-uuid')).status).toBe(400)
      })

      it('pages through history newest first with a cursor', async () => {
        const client = createTestClient(app)
        await signUpClient(client)
        const usd = await walletIn(client, 'USD')
        for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00'])
          await addFunds(client, usd.id, amount)
        const first = transactionPageSchema.parse(
          (await client.get('/api/transactions?limit=2')).body,
        )
        expect(first.items.map((t) => t.amount)).toEqual(['5.00', '4.00'])
        const second = transactionPageSchema.parse(
          (await client.get(`/api/transactions?limit=2&cursor=${first.nextCursor}`)).body,
        )
        expect(second.items.map((t) => t.amount)).toEqual(['3.00', '2.00'])
        const third = transactionPageSchema.parse(
          (await client.get(`/api/transactions?limit=2&cursor=${second.nextCursor}`)).body,
        )
        expect(third.items.map((t) => t.amount)).toEqual(['1.00'])
        expect(third.nextCursor).toBeNull()
        expect((await client.get('/api/transactions?limit=101')).status).toBe(400)
        expect((await client.get('/api/transactions?cursor=garbage')).status).toBe(400)
      })

      it('pages through interleaved sent and received transfers without gaps or repeats', async () => {
        const { alice, bob, aliceUser, bobUser } = await twoUsers()
        const aliceUsd = await walletIn(alice, 'USD')
        const bobUsd = await walletIn(bob, 'USD')
        await addFunds(alice, aliceUsd.id, '100.00')
        await addFunds(bob, bobUsd.id, '100.00')
        const sentIds: string[] = []
        for (let i = 1; i <= 6; i++) {
          const [from, wallet, to] = i % 2 ? [alice, aliceUsd, bobUser] : [bob, bobUsd, aliceUser]
          const response = await moneyPost(from, '/api/send-money/sabi-user', {
            fromWalletId: wallet.id,
            recipientUserId: to.id,
            amount: `${i}.00`,
          })
          sentIds.push(transactionSchema.parse(response.body).id)
        }
        const seen: { id: string; type: string }[] = []
        let cursor: string | null = null
        do {
          const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2'
          const page = transactionPageSchema.parse(
            (await alice.get(`/api/transactions${query}`)).body,
          )
          seen.push(...page.items.map((item) => ({ id: item.id, type: item.type })))
          cursor = page.nextCursor
        } while (cursor)
        // Newest first: the six transfers in reverse, then Alice's own top-up.
        expect(seen.map((item) => item.id).slice(0, 6)).toEqual([...sentIds].reverse())
        expect(seen.map((item) => item.type)).toEqual([
          'receive',
          'send',
          'receive',
          'send',
          'receive',
          'send',
          'add_funds',
        ])
      })

      it('keeps postings append-only and refuses an unbalanced journal in the database itself', async () => {
        const client = createTestClient(app)
        await signUpClient(client)
        await addFunds(client, (await walletIn(client, 'USD')).id, '5.00')
        await expect(
          database.db.execute(sql`update postings set amount_minor = amount_minor * 2`),
        ).rejects.toThrow()
        await expect(database.db.execute(sql`delete from postings`)).rejects.toThrow()
        await expect(
          database.db.transaction(async (tx) => {
            const [journal] = await queryRows(tx, sql`select id from journals limit 1`)
            const [account] = await queryRows(
              tx,
              sql`select id from ledger_accounts where kind = 'system' and asset = 'USD' limit 1`,
            )
            await tx.execute(
              sql`insert into postings (journal_id, account_id, asset, amount_minor) values (${journal?.id}, ${account?.id}, 'USD', 100)`,
            )
          }),
        ).rejects.toThrow()
      })
    },
  )
}
