import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { TEST_PIN } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestDatabase, serverDatabaseOf, type TestDatabase } from '../setup/test-database.ts'

// WORKERS=2 (ADR 008): two server processes behind one port, started, replaced when one dies
// and stopped by their primary, keeping every invariant of the ledger.
const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
    if (text) children.push(...text.split(/\s+/).map(Number))
  }
  return children
}

describe.skipIf(skip !== undefined)(`WORKERS=2${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let database: TestDatabase
  let server: ServerProcess | undefined
  beforeAll(async () => {
    database = await createTestDatabase('postgres', 2)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.destroy()
  })

  it('serves from two processes, replaces one that is killed, and keeps the ledger whole', async () => {
    if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL')
    server = await startServerProcess(serverDatabaseOf(database), {
      WORKERS: '2',
      MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
      SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
      LOG_LEVEL: 'fatal',
    })
    const primary = server.process.pid ?? 0
    expect(childrenOf(primary)).toHaveLength(2)
    const people: { client: ReturnType<typeof createHttpClient>; id: string; walletId: string }[] =
      []
    for (let i = 0; i < 3; i++) {
      const client = createHttpClient(server.url)
      const signUp = await signUpWithPin(client, buildSignUp())
      const body: unknown = signUp.body
      const id = typeof body === 'object' && body && 'id' in body ? String(body.id) : ''
      const usd = walletSchema
        .array()
        .parse((await client.request('GET', '/api/wallets')).body)
        .find((wallet) => wallet.currency.code === 'USD')
      if (!usd) throw new Error('no USD wallet')
      await client.request(
        'POST',
        '/api/add-funds',
        { walletId: usd.id, amount: '100.00', method: 'card' },
        { 'idempotency-key': randomUUID() },
      )
      people.push({ client, id, walletId: usd.id })
    }
    const send = () =>
      Promise.all(
        Array.from({ length: 60 }, (_, index) => {
          const from = people[index % 3]
          const to = people[(index + 1) % 3]
          if (!from || !to) throw new Error('bad index')
          // A connection the killed worker held fails, or never answers; that request is
          // simply not counted.
          return Promise.race([
            from.client
              .request(
                'POST',
                '/api/send-money/sabi-user',
                {
                  fromWalletId: from.walletId,
                  recipientUserId: to.id,
                  amount: '1.00',
                  pin: TEST_PIN,
                },
                { 'idempotency-key': randomUUID() },
              )
              .catch(() => ({ status: 0 })),
            new Promise<{ status: number }>((resolve) =>
              setTimeout(() => resolve({ status: 0 }), 10_000).unref(),
            ),
          ])
        }),
      )
    expect((await send()).map((answer) => answer.status)).toEqual(Array(60).fill(201))

    const [victim] = childrenOf(primary)
    if (!victim) throw new Error('no worker')
    process.kill(victim, 'SIGKILL')
    for (let i = 0; i < 100 && !childrenOf(primary).some((pid) => pid !== victim); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Its replacement, or the other worker meanwhile, answers.
    expect(childrenOf(primary).filter((pid) => pid !== victim).length).toBeGreaterThanOrEqual(1)
    const after = await send()
    expect(after.filter((answer) => answer.status === 201).length).toBeGreaterThan(0)
    expect(await verifyLedger(database.db)).toEqual([])
  }, 120_000)
})
