import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { userSearchQuery } from '#server/users/search-users.ts'
import { addFunds, signUpClient, walletIn } from '../factories/money.ts'
import { createTestApp, createTestClient, TEST_SESSION_SECRET } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

function runVerifyCli(databaseUrl: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/verify-ledger.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `ledger verification on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database)
        const client = createTestClient(app)
        await signUpClient(client)
        await addFunds(client, (await walletIn(client, 'USD')).id, '75.00')
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      it('finds nothing wrong with books that balance', async () => {
        expect(await verifyLedger(database.db)).toEqual([])
        if (database.target.kind === 'postgres') {
          const result = runVerifyCli(database.target.url)
          expect(result.status, result.stderr).toBe(0)
          expect(result.stdout).toContain('every invariant holds')
        }
      })

      it('names the account whose balance disagrees with its postings, and the CLI exits 1', async () => {
        const [account] = await queryRows(
          database.db,
          sql`select id from ledger_accounts where kind = 'wallet' and balance_minor > 0 limit 1`,
        )
        // Tamper with a balance behind the ledger's back, as a bad migration or a manual fix might.
        await database.db.execute(
          sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${account?.id}`,
        )
        const violations = await verifyLedger(database.db)
        expect(violations).toContainEqual({
          invariant: 'every account balance equals the sum of its postings',
          detail: `account ${account?.id} (wallet, USD) has balance 7501 but its postings sum to 7500`,
        })
        expect(violations.map((v) => v.invariant)).toContain(
          'the sum over all accounts is zero per asset',
        )
        if (database.target.kind === 'postgres') {
          const result = runVerifyCli(database.target.url)
          expect(result.status).toBe(1)
          expect(result.stderr).toContain(`account ${account?.id} (wallet, USD) has balance 7501`)
        }
        await database.db.execute(
          sql`update ledger_accounts set balance_minor = balance_minor - 1 where id = ${account?.id}`,
        )
        expect(await verifyLedger(database.db)).toEqual([])
      })

      it('user search can use the trigram indexes for every name column', async () => {
        // With sequential scans priced out, the plan shows whether the query's expressions match
        // the indexes; with a million users the planner picks them on its own.
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`)
          const rows = await queryRows(tx, sql`explain ${userSearchQuery(tx, randomUUID(), 'ngo')}`)
          return rows.map((row) => String(Object.values(row)[0])).join('\n')
        })
        expect(plan).toContain('users_first_name_trgm_idx')
        expect(plan).toContain('users_last_name_trgm_idx')
        expect(plan).toContain('users_username_trgm_idx')
      })
    },
  )
}
