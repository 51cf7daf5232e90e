import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { TEST_PIN } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestDatabase, serverDatabaseOf, type TestDatabase } from '../setup/test-database.ts'

// Group commit (ADR 008) answers a batch of transfers only after its one commit. A server
// killed with SIGKILL while batches are in flight must have lost no transfer it acknowledged,
// and a retry of every request it never answered, with the same key, moves money at most once.
const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

const SERVER_ENV = {
  MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
  LOG_LEVEL: 'fatal',
}

type Sender = { client: ReturnType<typeof createHttpClient>; id: string; walletId: string }
type Sent = { sender: Sender; to: string; key: string; journalId?: string }

describe.skipIf(skip !== undefined)(
  `a server killed mid-batch${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let database: TestDatabase
    let server: ServerProcess | undefined
    beforeAll(async () => {
      database = await createTestDatabase('postgres', 2)
    })
    afterAll(async () => {
      server?.process.kill('SIGKILL')
      await database?.destroy()
    })

    it('loses no acknowledged transfer, and retries with the same keys move money once', async () => {
      if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL')
      server = await startServerProcess(serverDatabaseOf(database), SERVER_ENV)
      const senders: Sender[] = []
      for (let i = 0; i < 6; i++) {
        const client = createHttpClient(server.url)
        const signUp = await signUpWithPin(client, buildSignUp())
        const body: unknown = signUp.body
        const id = typeof body === 'object' && body && 'id' in body ? String(body.id) : ''
        const usd = walletSchema
          .array()
          .parse((await client.request('GET', '/api/wallets')).body)
          .find((wallet) => wallet.currency.code === 'USD')
        if (!usd) throw new Error('no USD wallet')
        const funded = await client.request(
          'POST',
          '/api/add-funds',
          { walletId: usd.id, amount: '1000.00', method: 'card' },
          { 'idempotency-key': randomUUID() },
        )
        expect(funded.status, funded.text).toBe(201)
        senders.push({ client, id, walletId: usd.id })
      }

      const sent: Sent[] = []
      // To whichever server runs, with the sender's session.
      let serverUrl = server.url
      const send = (item: Sent) =>
        createHttpClient(serverUrl).request(
          'POST',
          '/api/send-money/sabi-user',
          {
            fromWalletId: item.sender.walletId,
            recipientUserId: item.to,
            amount: '1.00',
            pin: TEST_PIN,
          },
          { 'idempotency-key': item.key, cookie: item.sender.client.cookie() },
        )
      let killed = false
      const loops = Array.from({ length: 24 }, async (_, loop) => {
        while (!killed) {
          const sender = senders[loop % senders.length]
          const to = senders[(loop + 1) % senders.length]
          if (!sender || !to) throw new Error('bad index')
          const item: Sent = { sender, to: to.id, key: randomUUID() }
          sent.push(item)
          const answer = await send(item).catch(() => undefined)
          if (answer?.status === 201) item.journalId = transactionSchema.parse(answer.body).id
        }
      })
      // Kill it once batches are flowing: a few dozen transfers acknowledged, however long a
      // busy machine takes to get there (a fixed wait acknowledged none on a loaded one).
      await expect
        .poll(() => sent.filter((item) => item.journalId !== undefined).length, {
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(48)
      killed = true
      server.process.kill('SIGKILL')
      await Promise.all(loops)

      const acknowledged = sent.filter((item) => item.journalId !== undefined)
      expect(acknowledged.length).toBeGreaterThan(0)
      const ids = acknowledged.map((item) => sql`${item.journalId}::uuid`)
      const [found] = await queryRows(
        database.db,
        sql`select count(*)::int as count from journals where id in (${sql.join(ids, sql`, `)})`,
      )
      expect(found?.count).toBe(acknowledged.length)
      expect(await verifyLedger(database.db)).toEqual([])

      // A new server; every request is retried with its key. Acknowledged ones replay.
      server = await startServerProcess(serverDatabaseOf(database), SERVER_ENV)
      serverUrl = server.url
      for (const item of sent) {
        const answer = await send(item)
        expect(answer.status, answer.text).toBe(201)
        const journal = transactionSchema.parse(answer.body)
        if (item.journalId) expect(journal.id).toBe(item.journalId)
      }
      const [journals] = await queryRows(
        database.db,
        // The senders' own: the sandbox's demo account has a transfer of its own.
        sql`select count(*)::int as count from journals where type = 'send' and from_user_id in (${sql.join(
          senders.map((sender) => sql`${sender.id}::uuid`),
          sql`, `,
        )})`,
      )
      expect(journals?.count).toBe(sent.length)
      expect(await verifyLedger(database.db)).toEqual([])
    }, 120_000)
  },
)
