import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { DEMO_ACCOUNT, seedDemoAccount, seedReferenceData } from '#server/seed/seed.ts'
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
        // The demo account starts with money, history of several kinds, a recipient, a PIN and tier 3,
        // and the ledger still verifies.
        const [demo] = await queryRows(
          database.db,
          sql`select
            (select string_agg(distinct j.type, ',' order by j.type) from journals j join users u
               on u.id in (j.from_user_id, j.to_user_id) where u.email = ${DEMO_ACCOUNT.email}) as kinds,
            (select count(*) from recipients r join users u on u.id = r.user_id
               where u.email = ${DEMO_ACCOUNT.email})::int as recipients,
            (select count(*) from transaction_pins p join users u on u.id = p.user_id
               where u.email = ${DEMO_ACCOUNT.email})::int as pins,
            (select kyc_tier from users where email = ${DEMO_ACCOUNT.email})::int as tier`,
        )
        // It is tier 3 (docs/limits.md), so its dollars are not over a balance cap.
        expect(demo).toEqual({ kinds: 'add_funds,exchange,send', recipients: 1, pins: 1, tier: 3 })
        const balances = await queryRows(
          database.db,
          sql`select c.code, a.balance_minor::text as minor from wallets w
              join currencies c on c.id = w.currency_id join ledger_accounts a on a.id = w.account_id
              join users u on u.id = w.user_id where u.email = ${DEMO_ACCOUNT.email} order by c.code`,
        )
        expect(balances.map((row) => row.code)).toEqual(['NGN', 'USD'])
        expect(balances.every((row) => BigInt(String(row.minor)) > 0n)).toBe(true)
        expect(await verifyLedger(database.db)).toEqual([])
      })
    },
  )
}
