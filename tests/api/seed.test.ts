import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { DEMO_ACCOUNT, seedDemoAccount, seedReferenceData } from '#server/db/seed.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `seeding on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('can run again and again, and by several instances at once, with one result', async () => {
        await Promise.all([
          seedReferenceData(database.db),
          seedReferenceData(database.db),
          seedDemoAccount(database.db),
          seedDemoAccount(database.db),
          seedDemoAccount(database.db),
        ])
        await seedDemoAccount(database.db)
        const [counts] = await queryRows(
          database.db,
          sql`select (select count(*) from users where email = ${DEMO_ACCOUNT.email})::int as demo,
          (select count(*) from currencies)::int as currencies,
          (select count(*) from exchange_rates)::int as rates,
          (select count(*) from wallets w join users u on u.id = w.user_id where u.email = ${DEMO_ACCOUNT.email})::int as demo_wallets`,
        )
        expect(counts).toEqual({ demo: 1, currencies: 17, rates: 17 * 16, demo_wallets: 2 })
      })
    },
  )
}
