import { join } from 'node:path'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { PROJECT_ROOT } from '../project-root.ts'
import type * as schema from './schema.ts'

export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'db', 'migrations')

// Any fixed number will do; it only has to be the same in every Sabi process.
const MIGRATION_LOCK_KEY = 7_310_512_001

/** PGlite is one in-process connection: nothing else can migrate it at the same time. */
export async function migratePgliteDatabase(db: PgliteDatabase<typeof schema>): Promise<void> {
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
}

/**
 * On PostgreSQL several server instances may start at once, so a session-level advisory lock
 * on a dedicated connection makes them take turns applying db/migrations.
 */
export async function migratePostgresDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
    await client.end()
  }
}
