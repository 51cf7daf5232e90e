import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts'

const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

describe.skipIf(skip !== undefined)(
  `database connections on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase('postgres', 2)
    })
    afterAll(async () => {
      await database?.destroy()
    })

    it('survives the server closing its idle connections, and the next query reconnects', async () => {
      const [mine] = await queryRows(
        database.db,
        sql`select pg_backend_pid() as pid, current_database() as name`,
      )
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      // As a restart or a failover would: end every connection to this database.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [mine?.name],
      )
      await admin.end()
      await new Promise((resolve) => setTimeout(resolve, 200))
      const [after] = await queryRows(database.db, sql`select 1 as ok`)
      expect(after).toEqual({ ok: 1 })
    })
  },
)
