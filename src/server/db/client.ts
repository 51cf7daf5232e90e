import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate.ts'
import * as schema from './schema.ts'

/** One Drizzle type for both engines, so queries and use cases never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** A transaction handle has the same query surface as the database itself. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The database or a transaction: what every query function takes first (STYLE "Layers"). */
export type Queryable = Database | Transaction

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'postgres'; url: string; poolSize?: number }

export type DatabaseHandle = {
  db: Database
  kind: DatabaseTarget['kind']
  target: DatabaseTarget
  /** Applies the migrations of db/migrations that have not run yet. */
  migrate(): Promise<void>
  close(): Promise<void>
}

/**
 * Opens embedded PGlite (data in `dataDir`, or in memory when undefined) or a PostgreSQL pool.
 * Both speak the same SQL, so one migration set and one set of queries serve both.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) await mkdir(target.dataDir, { recursive: true })
    // pg_trgm backs the user search indexes, as the contrib extension does on PostgreSQL.
    // (PGlite reads its options from the first argument when there is no data folder.)
    const options = { extensions: { pg_trgm } }
    const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options)
    await client.waitReady
    const pgliteDb = drizzlePglite(client, { schema })
    return {
      db: pgliteDb,
      kind: 'pglite',
      target,
      migrate: () => migratePgliteDatabase(pgliteDb),
      close: () => client.close(),
    }
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // A query that hangs must not hold a wallet lock for ever (TIGER_STYLE: limit everything).
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 15_000,
    connectionTimeoutMillis: 10_000,
  })
  // An idle connection can be closed by the server (a restart, a failover, an administrator):
  // pg reports it on the pool, and with no listener Node would treat it as a crash. The pool
  // opens a fresh connection for the next query, so saying so is all there is to do.
  pool.on('error', (error) => {
    process.stderr.write(`database connection lost (${error.message}); the pool will reconnect\n`)
  })
  const db: Database = drizzleNodePostgres(pool, { schema })
  return {
    db,
    kind: 'postgres',
    target,
    migrate: () => migratePostgresDatabase(target.url),
    close: () => pool.end(),
  }
}

/** The PGlite data folder of a configured server: `DATA_DIR/pglite`. */
export function pgliteDataDir(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, '')}/pglite`
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with a `rows` array, but the shared
 * Drizzle type cannot say so, hence the check rather than a cast.
 */
export async function queryRows(db: Queryable, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query)
  if (
    typeof result !== 'object' ||
    result === null ||
    !('rows' in result) ||
    !Array.isArray(result.rows)
  ) {
    throw new Error('database driver returned no rows array')
  }
  return result.rows.filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
  )
}
