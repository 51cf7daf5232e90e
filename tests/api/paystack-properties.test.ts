import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fundingAccounts,
  ledgerAccounts,
  payouts,
  topUps,
  users,
  wallets,
} from '#server/db/schema.ts'
import { releaseHeldTopUps } from '#server/funding/held-top-ups.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { initiatePayout } from '#server/payouts/initiate-payout.ts'
import { applyPaystackEvent } from '#server/provider-events/apply-paystack-event.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

const LOG = { info: () => undefined, error: () => undefined }
const TRANSFER_EVENTS = ['transfer.success', 'transfer.failed', 'transfer.reversed'] as const

/**
 * Paystack's events for one payout, as a sequence it might deliver: any of its results, each
 * possibly more than once, in any order. What Paystack can really say is a path (success, then
 * maybe reversed; or failed); the shuffle covers late and reordered deliveries of that path.
 */
const deliveries = fc
  .constantFrom<readonly (typeof TRANSFER_EVENTS)[number][]>(
    ['transfer.success'],
    ['transfer.failed'],
    ['transfer.success', 'transfer.reversed'],
    ['transfer.reversed'],
  )
  .chain((path) =>
    fc
      .array(fc.constantFrom(...path), { minLength: path.length, maxLength: 6 })
      .filter((events) => path.every((event) => events.includes(event)))
      .map((events) => ({ path, events })),
  )

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `Paystack events in any order on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let userId = ''
      let walletId = ''

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        const user = await signUpAtTier(database.db, 3)
        userId = user.id
        const ngn = (await listWallets(database.db, userId)).find(
          (wallet) => wallet.currency.code === 'NGN',
        )
        if (!ngn) throw new Error('no NGN wallet')
        walletId = ngn.id
        await database.db.transaction((tx) =>
          addFunds(
            tx,
            userId,
            { walletId, amount: '1000000.00', method: 'card' },
            createSandboxFundingProvider(),
          ),
        )
      })
      afterAll(async () => {
        await database?.destroy()
      })

      async function balance(): Promise<bigint> {
        const [row] = await database.db
          .select({ balance: ledgerAccounts.balanceMinor })
          .from(wallets)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
          .where(eq(wallets.id, walletId))
        return row?.balance ?? 0n
      }

      it('however transfer results are duplicated or reordered, the money ends in exactly one place, once', async () => {
        await fc.assert(
          fc.asyncProperty(
            deliveries,
            fc.bigInt({ min: 1n, max: 500_000n }),
            async ({ path, events }, amountMinor) => {
              const before = await balance()
              const fee = (amountMinor * 200n + 9_999n) / 10_000n
              const payoutId = await database.db.transaction(async (tx) => {
                const wallet = await findOwnWallet(tx, userId, walletId)
                const journal = await initiatePayout(tx, {
                  userId,
                  wallet,
                  amount: { amountMinor, asset: 'NGN' },
                  fee: { amountMinor: fee, asset: 'NGN' },
                  kind: 'bank',
                  provider: 'paystack',
                  details: { bankCode: '999992', accountNumber: '8012345678' },
                  description: 'Property payout',
                })
                const [row] = await tx
                  .select({ id: payouts.id })
                  .from(payouts)
                  .where(eq(payouts.journalId, journal.id))
                if (!row) throw new Error('no payout')
                return row.id
              })
              for (const event of events) {
                await applyPaystackEvent(
                  database.db,
                  {
                    event,
                    data: {
                      reference: payoutId,
                      amount: Number(amountMinor),
                      currency: 'NGN',
                      status: event.slice('transfer.'.length),
                    },
                  },
                  LOG,
                )
              }
              const [payout] = await database.db
                .select({ status: payouts.status })
                .from(payouts)
                .where(eq(payouts.id, payoutId))
              const after = await balance()
              // The first result to arrive decides, and a reversal after a success undoes it.
              const first = events[0]
              const paid = first === 'transfer.success' && !events.includes('transfer.reversed')
              if (paid) {
                expect(payout?.status).toBe('completed')
                expect(after).toBe(before - amountMinor - fee)
              } else {
                expect(['failed', 'reversed']).toContain(payout?.status)
                expect(after).toBe(before)
              }
              expect(path.length).toBeGreaterThan(0)
            },
          ),
          { numRuns: 40 },
        )
        expect(await verifyLedger(database.db)).toEqual([])
      })

      it('a bank transfer into an account number, delivered any number of times, is credited once', async () => {
        const customerCode = `CUS_${randomUUID().slice(0, 12)}`
        await database.db.insert(fundingAccounts).values({
          userId,
          provider: 'paystack',
          customerCode,
          accountNumber: '9930000001',
          accountName: 'SABI / TEST',
          bankName: 'Test Bank',
          asset: 'NGN',
        })
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 5 }),
            fc.integer({ min: 1, max: 5_000_000 }),
            async (times, amount) => {
              const before = await balance()
              const reference = `T${randomUUID().replaceAll('-', '').slice(0, 15)}`
              const body = {
                event: 'charge.success',
                data: {
                  id: 1,
                  reference,
                  status: 'success',
                  amount,
                  currency: 'NGN',
                  channel: 'dedicated_nuban',
                  customer: { customer_code: customerCode },
                  authorization: { sender_name: 'ADA OBI', sender_bank: 'Kuda Bank' },
                },
              }
              await Promise.all(
                Array.from({ length: times }, () => applyPaystackEvent(database.db, body, LOG)),
              )
              const rows = await database.db
                .select()
                .from(topUps)
                .where(eq(topUps.reference, reference))
              expect(rows).toHaveLength(1)
              expect(rows[0]?.status).toBe('credited')
              expect(await balance()).toBe(before + BigInt(amount))
            },
          ),
          { numRuns: 15 },
        )
        expect(await verifyLedger(database.db)).toEqual([])
      })

      it('held top-ups that never fit go to the back, so one that now fits is credited in a later pass', async () => {
        const capped = await signUpAtTier(database.db, 1)
        const roomy = await signUpAtTier(database.db, 1)
        const accounts = []
        for (const user of [capped, roomy]) {
          const customerCode = `CUS_${randomUUID().slice(0, 12)}`
          await database.db.insert(fundingAccounts).values({
            userId: user.id,
            provider: 'paystack',
            customerCode,
            accountNumber: `99${randomUUID().replaceAll(/\D/g, '').slice(0, 8).padEnd(8, '1')}`,
            accountName: 'SABI / TEST',
            bankName: 'Test Bank',
            asset: 'NGN',
          })
          accounts.push({ user, customerCode })
        }
        const pay = async (customerCode: string, amount: number) => {
          const reference = `T${randomUUID().replaceAll('-', '').slice(0, 15)}`
          await applyPaystackEvent(
            database.db,
            {
              event: 'charge.success',
              data: {
                id: 1,
                reference,
                status: 'success',
                amount,
                currency: 'NGN',
                channel: 'dedicated_nuban',
                customer: { customer_code: customerCode },
              },
            },
            LOG,
          )
          return reference
        }
        const statusOf = async (reference: string) =>
          (await database.db.select().from(topUps).where(eq(topUps.reference, reference)))[0]
            ?.status
        const [first, second] = accounts
        if (!first || !second) throw new Error('two users are needed')
        // Tier 1 holds ₦300,000: two of ₦400,000 never fit the first user; ₦400,000 to the second
        // is held too, until they move up a tier.
        const never = [
          await pay(first.customerCode, 40_000_000),
          await pay(first.customerCode, 40_000_000),
        ]
        const later = await pay(second.customerCode, 40_000_000)
        for (const reference of [...never, later]) expect(await statusOf(reference)).toBe('held')
        await database.db.update(users).set({ kycTier: 3 }).where(eq(users.id, second.user.id))
        // One at a time: the two that never fit are tried first, then go behind it.
        for (let pass = 0; pass < 3; pass++)
          await releaseHeldTopUps(database.db, new Date(Date.now() + pass * 1_000), 1)
        expect(await statusOf(later)).toBe('credited')
        for (const reference of never) expect(await statusOf(reference)).toBe('held')
        expect(await verifyLedger(database.db)).toEqual([])
      })
    },
  )
}
