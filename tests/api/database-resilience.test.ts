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

    it('survives the server closing its idle connections: queries answer again on new ones', async () => {
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
      // The pool drops the ended connections as it hears of it and opens new ones: queries
      // answer again, however long a busy machine takes to deliver those errors.
      await expect
        .poll(
          () =>
            queryRows(database.db, sql`select 1 as ok`).then(
              ([row]) => row,
              () => undefined,
            ),
          { timeout: 10_000 },
        )
        .toEqual({ ok: 1 })
    })
  },
)
