import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { postUserTransfers, type UserTransferItem } from '#server/transfers/post-user-transfers.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { formatMinor } from '#shared/money.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// The batches of user-to-user transfers that group commit posts in one transaction (ADR 008,
// ADR 013, transfers/post-user-transfers.ts): each transfer has its own outcome, one refused
// transfer fails no other, and a batch answers as its transfers would one after another.

type Member = { id: string; walletId: string }

/** Thrown to take a transaction back once its effects have been read. */
class TakenBack extends Error {}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `transfer batches on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      async function member(tier: 1 | 2 | 3 = 3, fundedMinor = 0n): Promise<Member> {
        const { db } = database
        const user = await signUpAtTier(db, tier)
        const usd = (await listWallets(db, user.id)).find((w) => w.currency.code === 'NGN')
        if (!usd) throw new Error('no NGN wallet')
        if (fundedMinor > 0n) {
          await db.transaction((tx) =>
            addFunds(
              tx,
              user.id,
              { walletId: usd.id, amount: formatMinor(fundedMinor, 2), method: 'card' },
              createSandboxFundingProvider(),
            ),
          )
        }
        return { id: user.id, walletId: usd.id }
      }

      function transfer(
        from: Member,
        to: Member,
        amountMinor: bigint,
        key: string | null = randomUUID(),
        requestHash = key ? `${key}-body`.padEnd(64, '0').slice(0, 64) : null,
      ): UserTransferItem {
        return {
          userId: from.id,
          key,
          requestHash,
          fromWalletId: from.walletId,
          recipientUserId: to.id,
          asset: 'NGN',
          amountMinor,
          symbol: '₦',
          description: null,
          reference: newJournalReference(),
        }
      }

      async function balanceIn(db: Queryable, who: Member): Promise<string> {
        const [row] = await queryRows(
          db,
          sql`select a.balance_minor::text as balance from wallets w join ledger_accounts a on a.id = w.account_id where w.id = ${who.walletId}::uuid`,
        )
        return String(row?.balance)
      }

      async function balanceOf(who: Member): Promise<bigint> {
        return BigInt(await balanceIn(database.db, who))
      }

      /** What `read` finds inside a transaction that is then taken back, leaving nothing. */
      async function takenBack<T>(read: (tx: Queryable) => Promise<T>): Promise<T> {
        let found: { value: T } | undefined
        await database.db
          .transaction(async (tx) => {
            found = { value: await read(tx) }
            throw new TakenBack()
          })
          .catch((error: unknown) => {
            if (!(error instanceof TakenBack)) throw error
          })
        if (!found) throw new Error('the transaction read nothing')
        return found.value
      }

      it('a batch with mixed outcomes: each transfer answers for itself and the others stand', async () => {
        const alice = await member(3, 10_000n)
        const bob = await member(3, 0n)
        const tierOne = await member(1, 10_000_000n)
        const firstKey = randomUUID()
        const refusedKey = randomUUID()
        const outcomes = await postUserTransfers(database.db, [
          // 0: goes through.
          transfer(alice, bob, 6_000n, firstKey),
          // 1: more than Alice has left: insufficient funds.
          transfer(alice, bob, 5_000n, refusedKey),
          // 2: over tier 1's single payment limit (₦50,000).
          transfer(tierOne, bob, 5_000_001n),
          // 3: the same key and body as 0: the first answer again, no second journal.
          transfer(alice, bob, 6_000n, firstKey),
          // 4: the same key as 0 with another body: a mismatch.
          transfer(alice, bob, 1n, firstKey, 'f'.repeat(64)),
          // 5: the reverse of 0 in the same batch: Bob can spend what 0 gave him.
          transfer(bob, alice, 6_000n),
          // 6: the refused key of 1 again, now affordable: it runs afresh.
          transfer(alice, bob, 1_000n, refusedKey),
          // 7: a recipient that does not exist.
          transfer(alice, { id: randomUUID(), walletId: alice.walletId }, 1n),
        ])
        expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
          'completed',
          'refused',
          'refused',
          'replayed',
          'mismatch',
          'completed',
          'completed',
          'refused',
        ])
        expect(outcomes[1]).toMatchObject({
          refusal: { kind: 'ledger', error: { balanceMinor: 4000n, requiredMinor: 5000n } },
        })
        expect(outcomes[2]).toMatchObject({
          refusal: {
            kind: 'ledger',
            error: { code: 'LIMIT_EXCEEDED', details: { limit: 'single', remaining: '50000.00' } },
          },
        })
        const first = outcomes[0]
        const replay = outcomes[3]
        if (first?.outcome !== 'completed' || replay?.outcome !== 'replayed')
          throw new Error('unexpected outcomes')
        expect(replay.response).toEqual(first.response)
        expect(replay.statusCode).toBe(201)
        expect(outcomes[7]).toMatchObject({ refusal: { kind: 'recipient_not_found' } })
        expect(await balanceOf(alice)).toBe(10_000n - 6_000n + 6_000n - 1_000n)
        expect(await balanceOf(bob)).toBe(6_000n - 6_000n + 1_000n)
        expect(await balanceOf(tierOne)).toBe(10_000_000n)
        // Refused transfers leave no journal, no used limit and no claimed key.
        const [counts] = await queryRows(
          database.db,
          sql`select
                (select count(*) from journals where from_user_id = ${tierOne.id}::uuid)::int as journals,
                (select count(*) from kyc_daily_usage where user_id = ${tierOne.id}::uuid)::int as usage,
                (select count(*) from idempotency_keys where user_id = ${alice.id}::uuid)::int as keys`,
        )
        expect(counts).toEqual({ journals: 0, usage: 0, keys: 2 })
        expect(await verifyLedger(database.db)).toEqual([])
      })

      it.skipIf(kind !== 'postgres').each([
        {
          other: "another action that has just counted the sender's first payment of the day",
          before: 0,
          claim: `insert into kyc_daily_usage as u (user_id, day, sent_minor) values ($1, $2, 1)
                  on conflict (user_id, day) do update set sent_minor = u.sent_minor + 1`,
        },
        {
          other: "another process's batch that has locked the sender's usage row of the day",
          before: 1,
          claim: 'select 1 from kyc_daily_usage where user_id = $1 and day = $2 for update',
        },
      ])('waits for $other, without a deadlock', async ({ before, claim }) => {
        // Another money action (enforce-limits.ts, then post-journal.ts), or another batch, has
        // made or locked the sender's usage row of the day and is about to lock their account
        // when the batch starts. The batch must wait for that row before it locks any account.
        const sender = await member(3, 10_000n)
        const friend = await member(3, 0n)
        for (let paid = 0; paid < before; paid++) {
          await postUserTransfers(database.db, [transfer(sender, friend, 100n)])
        }
        const url = database.target.kind === 'postgres' ? database.target.url : ''
        const other = new pg.Client({ connectionString: url })
        await other.connect()
        try {
          await other.query("set statement_timeout = '10s'")
          await other.query('begin')
          await other.query(claim, [sender.id, lagosDay(new Date())])
          const posted = postUserTransfers(database.db, [transfer(sender, friend, 100n)])
          // The batch is waiting for the other transaction before it goes on.
          await expect
            .poll(async () => {
              const [row] = await queryRows(
                database.db,
                sql`select count(*)::int as waiting from pg_stat_activity
                      where wait_event_type = 'Lock' and query like '%sabi_lock_ledger%'`,
              )
              return row?.waiting
            })
            .toBe(1)
          await other.query(
            'select a.id from ledger_accounts a join wallets w on w.account_id = a.id where w.id = $1 for update of a',
            [sender.walletId],
          )
          await other.query('commit')
          expect((await posted).map((outcome) => outcome.outcome)).toEqual(['completed'])
        } finally {
          await other.end()
        }
        expect(await balanceOf(sender)).toBe(10_000n - 100n * BigInt(before + 1))
        const [usage] = await queryRows(
          database.db,
          sql`select sent_minor::int as sent from kyc_daily_usage where user_id = ${sender.id}::uuid`,
        )
        expect(usage?.sent).toBe(100 * (before + 1) + (before === 0 ? 1 : 0))
      })

      it('a batch over the daily limit refuses only the transfers past it, in order', async () => {
        // Tier 1: ₦50,000 a day. Four payments of ₦20,000 in one batch: two go, two are refused.
        const sender = await member(1, 10_000_000n)
        const payees = await Promise.all([1, 2, 3, 4].map(() => member(3)))
        const outcomes = await postUserTransfers(
          database.db,
          payees.map((payee) => transfer(sender, payee, 2_000_000n)),
        )
        expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
          'completed',
          'completed',
          'refused',
          'refused',
        ])
        expect(outcomes[2]).toMatchObject({
          refusal: {
            kind: 'ledger',
            error: { code: 'LIMIT_EXCEEDED', details: { limit: 'daily', remaining: '10000.00' } },
          },
        })
        expect(await balanceOf(sender)).toBe(10_000_000n - 4_000_000n)
        expect(await verifyLedger(database.db)).toEqual([])
      })

      it('a batch paying a capped recipient stops at their balance cap', async () => {
        // Tier 1 holds at most ₦300,000; three payments of ₦120,000 to them: the third is refused.
        const capped = await member(1)
        const payers = await Promise.all([1, 2, 3].map(() => member(3, 20_000_000n)))
        const outcomes = await postUserTransfers(
          database.db,
          payers.map((payer) => transfer(payer, capped, 12_000_000n)),
        )
        expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
          'completed',
          'completed',
          'refused',
        ])
        expect(outcomes[2]).toMatchObject({
          refusal: {
            kind: 'ledger',
            error: { code: 'LIMIT_EXCEEDED', details: { limit: 'balance' } },
          },
        })
        expect(await balanceOf(capped)).toBe(24_000_000n)
      })

      /**
       * A batch's answers and the members' balances afterwards, the batch taken back again, so
       * that another way of posting it can start from the same state: all in one call, or each
       * transfer in a call of its own, one after another.
       */
      async function tryBatch(
        items: UserTransferItem[],
        members: Member[],
        oneByOne: boolean,
      ): Promise<unknown> {
        return takenBack(async (tx) => {
          const outcomes = oneByOne
            ? await (async () => {
                const each = []
                for (const item of items) each.push(...(await postUserTransfers(tx, [item])))
                return each
              })()
            : await postUserTransfers(tx, items)
          return {
            // What differs between two postings of one batch: new ids, codes and clock readings.
            outcomes: JSON.parse(
              JSON.stringify(outcomes, (key, value: unknown) =>
                ['id', 'verificationCode', 'createdAt', 'updatedAt'].includes(key)
                  ? 'varies'
                  : typeof value === 'bigint'
                    ? String(value)
                    : value instanceof Error
                      ? { ...value, message: value.message }
                      : value,
              ),
            ),
            balances: await Promise.all(members.map((who) => balanceIn(tx, who))),
            usage: await queryRows(
              tx,
              sql`select user_id, sent_minor::text as sent from kyc_daily_usage where user_id in (${sql.join(
                members.map((who) => sql`${who.id}::uuid`),
                sql`, `,
              )}) order by user_id`,
            ),
            keys: await queryRows(
              tx,
              sql`select user_id, key, status_code from idempotency_keys where user_id in (${sql.join(
                members.map((who) => sql`${who.id}::uuid`),
                sql`, `,
              )}) order by user_id, key`,
            ),
            // The recipients' "money received" events and the channels each goes out on, in
            // the order they were written (the transaction they name has a new id each time).
            announcements: await queryRows(
              tx,
              sql`select e.user_id, e.data - 'transactionId' as data,
                    array(select d.channel from outbox_deliveries d where d.event_id = e.id
                      order by d.channel) as channels
                  from outbox_events e
                  where e.kind = 'money_received' and e.user_id in (${sql.join(
                    members.map((who) => sql`${who.id}::uuid`),
                    sql`, `,
                  )}) order by e.position`,
            ),
          }
        })
      }

      it('a batch answers and ends exactly as its transfers posted one after another would', async () => {
        const members = await Promise.all([
          member(3, 3_000n),
          member(3, 1_000n),
          member(3, 0n),
          member(1, 500n),
        ])
        const keys = [randomUUID(), randomUUID(), randomUUID()]
        await fc.assert(
          fc.asyncProperty(
            fc.array(
              fc.record({
                from: fc.nat({ max: members.length - 1 }),
                to: fc.nat({ max: members.length - 1 }),
                amountMinor: fc.bigInt({ min: 1n, max: 2_500n }),
                // Mostly a fresh key; sometimes one of a few, so that keys repeat in a batch.
                key: fc.option(fc.constantFrom(...keys), { freq: 4 }),
                otherBody: fc.boolean(),
              }),
              { minLength: 1, maxLength: 8 },
            ),
            async (draws) => {
              const items = draws
                .filter((draw) => draw.from !== draw.to)
                .map((draw) => {
                  const from = members[draw.from]
                  const to = members[draw.to]
                  if (!from || !to) throw new Error('no such member')
                  const key = draw.key ?? randomUUID()
                  return transfer(
                    from,
                    to,
                    draw.amountMinor,
                    key,
                    draw.otherBody ? 'e'.repeat(64) : undefined,
                  )
                })
              if (items.length === 0) return
              expect(await tryBatch(items, members, false)).toEqual(
                await tryBatch(items, members, true),
              )
            },
          ),
          { numRuns: kind === 'postgres' ? 60 : 25 },
        )
      })
    },
  )
}
