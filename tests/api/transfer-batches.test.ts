import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { addFunds } from '#server/funding/add-funds.ts'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import { postUserTransfers, type UserTransferItem } from '#server/ledger/post-user-transfers.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { lagosDay } from '#server/limits/lagos-day.ts'
import { loadNairaValuer } from '#server/limits/naira-value.ts'
import { referencePriceBook } from '#server/market/refresh-market.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { ASSET_EXPONENTS, type AssetCode, formatMinor } from '#shared/money.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// The batches of user-to-user transfers that group commit posts in one statement (ADR 008,
// db/migrations/0014_post_user_transfers.sql): each transfer has its own outcome, one refused
// transfer fails no other, and a batch answers as its transfers would one after another.

type Member = { id: string; walletId: string }

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
          amountText: formatMinor(amountMinor, 2),
          feeText: '0.00',
          symbol: '₦',
          description: null,
          reference: newJournalReference(),
          day: lagosDay(new Date()),
        }
      }

      async function balanceOf(who: Member): Promise<bigint> {
        const [row] = await queryRows(
          database.db,
          sql`select a.balance_minor::text as balance from wallets w join ledger_accounts a on a.id = w.account_id where w.id = ${who.walletId}::uuid`,
        )
        return BigInt(String(row?.balance))
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
          refusal: { kind: 'insufficient', balanceMinor: '4000', requiredMinor: '5000' },
        })
        expect(outcomes[2]).toMatchObject({
          refusal: { kind: 'single', singleMaxMinor: '5000000' },
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
          refusal: { kind: 'daily', dailyMaxMinor: '5000000', usedMinor: '4000000' },
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
        expect(outcomes[2]).toMatchObject({ refusal: { kind: 'balance' } })
        expect(await balanceOf(capped)).toBe(24_000_000n)
      })

      it('values amounts in naira exactly as the limits do in TypeScript', async () => {
        const { db } = database
        const reference = JSON.stringify(
          Object.fromEntries(
            [...referencePriceBook()].map(([asset, price]) => [asset, `${price}`]),
          ),
        )
        const exponents = JSON.stringify(ASSET_EXPONENTS)
        // Recorded market prices for some assets, the reference price for the others.
        await db.execute(
          sql`insert into market_prices (asset, usd_price) values ('NGN', '0.000641025641025641'), ('BTC', '43210.123456789012345678'), ('KES', '0.007751937984496124')`,
        )
        const assets = Object.keys(ASSET_EXPONENTS).filter(
          (asset): asset is AssetCode => asset in ASSET_EXPONENTS,
        )
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...assets),
            fc.bigInt({ min: 0n, max: 10n ** 15n }),
            async (asset, amountMinor) => {
              const valuer = await loadNairaValuer(db, [asset])
              const [row] = await queryRows(
                db,
                sql`select sabi_naira_value(${asset}, ${amountMinor.toString()}::numeric, sabi_latest_prices(${reference}::jsonb), ${exponents}::jsonb)::bigint::text as value`,
              )
              expect(BigInt(String(row?.value))).toBe(valuer(asset, amountMinor))
            },
          ),
          { numRuns: 60 },
        )
      })
    },
  )
}
