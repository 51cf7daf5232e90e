import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundingAccounts, ledgerAccounts, payouts, topUps, wallets } from '#server/db/schema.ts'
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
    },
  )
}
