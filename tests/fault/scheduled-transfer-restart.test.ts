import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { journals, payouts, scheduledTransferRuns } from '#server/db/schema.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import type { BankProvider } from '#server/providers/bank-provider.ts'
import { sandboxProviders } from '#server/providers/providers.ts'
import { runScheduledTransfers } from '#server/scheduled-transfers/run-scheduled-transfers.ts'
import { seedReferenceData } from '#server/seed/seed.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { scheduledTransferDetailsSchema } from '#shared/schemas/scheduled-transfers.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../setup/private-postgres.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'

/*
 * Scheduled transfers run exactly once per occurrence through a PostgreSQL restart and with two
 * instances at once (docs/scheduled-transfers.md "Exactly once"): the cluster of the test's own
 * is crashed while a run is half done (inside its transaction, between the claim and the
 * journal), and after it comes back two runners, each with its own pool, race for the same
 * occurrence. One run, one journal, one payout, and the ledger still balances.
 */
const skip = process.env.TEST_DATABASE_URL
  ? privatePostgresUnavailable()
  : 'TEST_DATABASE_URL is not set (CI sets it)'

describe.skipIf(skip !== undefined)(
  `scheduled transfers through a PostgreSQL restart${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let cluster: PrivatePostgres
    let database: DatabaseHandle
    let other: DatabaseHandle

    beforeAll(async () => {
      cluster = await startPrivatePostgres()
      database = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 4 })
      await database.migrate()
      await seedReferenceData(database.db)
      other = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 4 })
    }, 120_000)
    afterAll(async () => {
      await other?.close().catch(() => undefined)
      await database?.close().catch(() => undefined)
      await cluster?.stop()
    })

    it('an occurrence cut short by a crash runs once when the database is back, whichever instance takes it', async () => {
      const app = await createTestApp({ ...database, destroy: async () => undefined })
      const sender = createTestClient(app)
      await signUpClient(sender)
      const ngn = await walletIn(sender, 'NGN')
      await addFunds(sender, ngn.id, '5000.00')
      const start = addDays(lagosDay(new Date()), 1)
      const made = await moneyPost(sender, '/api/scheduled-transfers', {
        kind: 'bank',
        fromWalletId: ngn.id,
        bankCode: '058',
        accountNumber: '1000001234',
        accountName: 'Ngozi Eze',
        amount: '1000.00',
        frequency: 'monthly',
        startDate: start,
      })
      expect(made.status, made.text).toBe(201)
      const schedule = scheduledTransferDetailsSchema.parse(made.body)
      await app.close()

      // The bank's name enquiry, asked inside the run's transaction, is where the crash comes.
      const bank = sandboxProviders().bank
      if (!bank) throw new Error('the sandbox has a bank')
      let crashed = false
      const crashing: BankProvider = {
        ...bank,
        resolveAccount: async (input) => {
          if (!crashed) {
            crashed = true
            await cluster.restart('immediate', 500)
          }
          return bank.resolveAccount(input)
        },
      }
      const due = new Date(lagosMoment(start, 8).getTime() + 60_000)
      await expect(runScheduledTransfers(database.db, crashing, due)).rejects.toThrow()
      expect(crashed).toBe(true)

      // Back up: two instances at once, each with its own connections.
      await expect
        .poll(
          () =>
            database.db
              .select()
              .from(scheduledTransferRuns)
              .then(
                () => true,
                () => false,
              ),
          { timeout: 20_000 },
        )
        .toBe(true)
      const results = await Promise.all([
        runScheduledTransfers(database.db, bank, due),
        runScheduledTransfers(other.db, bank, due),
      ])
      expect(results.reduce((sum, result) => sum + result.completed, 0)).toBe(1)
      expect(
        (await runScheduledTransfers(database.db, bank, new Date(due.getTime() + 3_600_000)))
          .completed,
      ).toBe(0)

      const runs = await database.db
        .select()
        .from(scheduledTransferRuns)
        .where(eq(scheduledTransferRuns.scheduleId, schedule.id))
      expect(runs).toHaveLength(1)
      expect(runs[0]).toMatchObject({ status: 'completed', attempts: 1, runDate: start })
      const journalId = runs[0]?.journalId ?? randomUUID()
      expect(
        await database.db.select().from(journals).where(eq(journals.id, journalId)),
      ).toHaveLength(1)
      expect(
        await database.db.select().from(payouts).where(eq(payouts.journalId, journalId)),
      ).toHaveLength(1)
      // Nothing else left the wallet: one 1,000.00 transfer and its 2% fee.
      const sent = await database.db
        .select({ id: journals.id })
        .from(journals)
        .where(eq(journals.fromWalletId, ngn.id))
      expect(sent).toHaveLength(1)
      expect(await verifyLedger(database.db)).toEqual([])
    }, 120_000)
  },
)
