import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { PROJECT_ROOT } from '#server/project-root.ts'
import type * as schema from './schema.ts'

export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'db', 'migrations')
/**
 * Every SQL function and trigger, one current file each (ADR 011): applied after the migrations
 * on every start, in the order of their names, each file idempotent. A migration never carries a
 * function body.
 */
export const FUNCTIONS_FOLDER = join(PROJECT_ROOT, 'db', 'functions')

/** The function files' texts, in the order they are applied. */
export function readFunctionFiles(): { name: string; sql: string }[] {
  return readdirSync(FUNCTIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(FUNCTIONS_FOLDER, name), 'utf8') }))
}

// Any fixed number will do; it only has to be the same in every Sabi process.
const MIGRATION_LOCK_KEY = 7_310_512_001

/** PGlite is one in-process connection: nothing else can migrate it at the same time. */
export async function migratePgliteDatabase(
  db: PgliteDatabase<typeof schema>,
  client: PGlite,
): Promise<void> {
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  await client.transaction(async (tx) => {
    for (const file of readFunctionFiles()) await tx.exec(file.sql)
  })
}

/**
 * On PostgreSQL several server instances may start at once, so they take turns: the migrations
 * run in one transaction that first takes a transaction-level advisory lock. Nothing outlives
 * the transaction, so this works through a transaction-pooling PgBouncer too (ADR 008), where a
 * session-level lock would stay behind on whichever server connection took it. The history is
 * Drizzle's own table, written as Drizzle's migrator writes it, so either may run next. The
 * function files follow in the same transaction, so an instance never sees the tables of one
 * version with the functions of another.
 */
export async function migratePostgresDatabase(url: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin')
    try {
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
      await client.query('create schema if not exists drizzle')
      await client.query(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      )
      const last = await client.query(
        'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      )
      const lastMillis = Number(last.rows[0]?.created_at ?? Number.NEGATIVE_INFINITY)
      for (const migration of migrations) {
        if (migration.folderMillis <= lastMillis) continue
        for (const statement of migration.sql) await client.query(statement)
        await client.query(
          'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
          [migration.hash, migration.folderMillis],
        )
      }
      for (const file of readFunctionFiles()) await client.query(file.sql)
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    }
  } finally {
    await client.end()
  }
}
