import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { formatMinor } from '#shared/money.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// Group commit (ADR 008) must not change what a user sees: however concurrent transfers are
// batched, the balances and every answer are those of running them one at a time in some order.
// The order the batches posted them in (each journal's own clock reading) is that order; the
// property checks that it explains every answer.

const USERS = 4
type Command =
  | { kind: 'send'; from: number; to: number; amountMinor: bigint }
  | { kind: 'again'; of: number }

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('send' as const),
      from: fc.integer({ min: 0, max: USERS - 1 }),
      to: fc.integer({ min: 0, max: USERS - 1 }),
      amountMinor: fc.bigInt({ min: 1n, max: 3_000n }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('again' as const), of: fc.nat() }) },
)

type Member = { client: TestClient; id: string; walletId: string; accountId: number }

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `concurrent transfers against a serial order on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>
      const members: Member[] = []

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database, { MONEY_RATE_LIMIT_PER_MINUTE: '100000' })
        for (let i = 0; i < USERS; i++) {
          const client = createTestClient(app)
          const user = await signUpClient(client)
          const wallet = await walletIn(client, 'USD')
          const [row] = await queryRows(
            database.db,
            sql`select account_id from wallets where id = ${wallet.id}::uuid`,
          )
          members.push({
            client,
            id: user.id,
            walletId: wallet.id,
            accountId: Number(row?.account_id),
          })
        }
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      async function balances(): Promise<bigint[]> {
        const rows = await queryRows(
          database.db,
          sql`select id, balance_minor::text as balance from ledger_accounts where id in (${sql.join(
            members.map((m) => sql`${m.accountId}`),
            sql`, `,
          )})`,
        )
        const byId = new Map(rows.map((row) => [Number(row.id), BigInt(String(row.balance))]))
        return members.map((m) => byId.get(m.accountId) ?? 0n)
      }

      it('any interleaving answers and ends as the transfers one at a time in the order posted', async () => {
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.bigInt({ min: 0n, max: 5_000n }), {
              minLength: USERS,
              maxLength: USERS,
            }),
            fc.array(command, { minLength: 1, maxLength: 12 }),
            async (topUps, commands) => {
              for (const [index, amountMinor] of topUps.entries()) {
                const member = members[index]
                if (member && amountMinor > 0n)
                  await addFunds(member.client, member.walletId, formatMinor(amountMinor, 2))
              }
              const start = await balances()
              // Each request: who sends what to whom, under which key (a repeat reuses one).
              const requests: { from: number; to: number; amountMinor: bigint; key: string }[] = []
              for (const step of commands) {
                if (step.kind === 'send') {
                  requests.push({ ...step, key: randomUUID() })
                } else if (requests.length > 0) {
                  const first = requests[step.of % requests.length]
                  if (first) requests.push({ ...first })
                }
              }
              const answers = await Promise.all(
                requests.map((request) => {
                  const from = members[request.from]
                  const to = members[request.to]
                  if (!from || !to) throw new Error('bad index')
                  return moneyPost(
                    from.client,
                    '/api/send-money/sabi-user',
                    {
                      fromWalletId: from.walletId,
                      recipientUserId: to.id,
                      amount: formatMinor(request.amountMinor, 2),
                    },
                    request.key,
                  )
                }),
              )

              // Every answer is one a single transfer can give; one journal per key at most,
              // and every answer to a key the same.
              const journalOfKey = new Map<string, string>()
              const refused: { from: number; amountMinor: bigint }[] = []
              answers.forEach((answer, index) => {
                const request = requests[index]
                if (!request) throw new Error('bad index')
                if (request.from === request.to) {
                  expect(answer.status, answer.text).toBe(400)
                  return
                }
                if (answer.status === 409) {
                  expect(answer.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
                  refused.push(request)
                  return
                }
                expect(answer.status, answer.text).toBe(201)
                const journal = transactionSchema.parse(answer.body)
                expect(journal.amount).toBe(formatMinor(request.amountMinor, 2))
                expect(journal.toUserId).toBe(members[request.to]?.id)
                const known = journalOfKey.get(request.key)
                if (known) expect(journal.id).toBe(known)
                journalOfKey.set(request.key, journal.id)
              })

              // The transfers that went through, in the order they were posted.
              const ids = [...journalOfKey.values()]
              const posted =
                ids.length === 0
                  ? []
                  : await queryRows(
                      database.db,
                      sql`select j.id from journals j
                          where j.id in (${sql.join(
                            ids.map((id) => sql`${id}::uuid`),
                            sql`, `,
                          )})
                          order by j.created_at, (select min(p.id) from postings p where p.journal_id = j.id)`,
                    )
              const requestOfJournal = new Map(
                [...journalOfKey].map(([key, id]) => [id, requests.find((r) => r.key === key)]),
              )
              // Run them one at a time: nobody ever goes below zero, and the balances end where
              // the database's did. Each refusal fits some moment of that run when the sender
              // had too little (a refusal changes nothing, so it may stand at that moment).
              const model = [...start]
              const seen: bigint[][] = [[...model]]
              for (const row of posted) {
                const request = requestOfJournal.get(String(row.id))
                if (!request) throw new Error('a journal no request made')
                model[request.from] = (model[request.from] ?? 0n) - request.amountMinor
                model[request.to] = (model[request.to] ?? 0n) + request.amountMinor
                expect(model[request.from]).toBeGreaterThanOrEqual(0n)
                seen.push([...model])
              }
              expect(await balances()).toEqual(model)
              for (const refusal of refused) {
                expect(
                  seen.some((moment) => (moment[refusal.from] ?? 0n) < refusal.amountMinor),
                ).toBe(true)
              }
            },
          ),
          {
            numRuns: kind === 'pglite' ? 15 : 20,
            seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31),
          },
        )
        expect(await verifyLedger(database.db)).toEqual([])
      })
    },
  )
}
