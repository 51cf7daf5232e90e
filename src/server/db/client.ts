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
export type DbTransaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The database or a transaction: what every query function takes first, so one transaction can span a use case. */
export type Queryable = Database | DbTransaction

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined }
  | {
      kind: 'postgres'
      url: string
      poolSize?: number
      /**
       * The LISTEN connection's own URL: a direct one when `url` is a transaction pooler, which
       * hands each statement to any server connection and so loses a LISTEN (docs/running.md).
       */
      listenUrl?: string
    }

export type DatabaseHandle = {
  db: Database
  kind: DatabaseTarget['kind']
  target: DatabaseTarget
  /** Applies the migrations of db/migrations that have not run yet, then every file of db/functions. */
  migrate(): Promise<void>
  /**
   * Calls `onPayload` for each NOTIFY on `channel` once its transaction commits, until the
   * returned function is called: a dedicated connection on PostgreSQL, the engine's own
   * listeners on PGlite (docs/notifications.md "Waking up").
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** The PostgreSQL pool's connections, for metrics; undefined for embedded PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined
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
      migrate: () => migratePgliteDatabase(pgliteDb, client),
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload)
        // Once the database is closed its listeners are gone with it: nothing is left to undo.
        return () => (client.closed ? Promise.resolve() : unlisten().catch(() => undefined))
      },
      poolStats: () => undefined,
      close: () => client.close(),
    }
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // A query that hangs must not hold a wallet lock for ever: everything has a limit.
    statement_timeout: 15_000,
    idle_in_transaction_session_timeout: 15_000,
    connectionTimeoutMillis: 10_000,
  })
  // The server can end any connection (a restart, a failover, an administrator). pg reports it
  // as an 'error' event: on the pool for an idle connection, and on the client itself for one
  // that is checked out, in a query or between two queries of a transaction. An 'error' event
  // with no listener crashes Node, so every client gets one the moment it connects; the query
  // in flight fails on its own (the request answers 503), and the pool drops the broken client
  // when it is released and opens a fresh one for the next query.
  const reportLost = (error: Error) => {
    process.stderr.write(`database connection lost (${error.message}); the pool will reconnect\n`)
  }
  pool.on('connect', (client) => {
    client.on('error', reportLost)
  })
  // The pool repeats an idle client's error on itself; the client's listener has said it.
  pool.on('error', () => undefined)
  const db: Database = drizzleNodePostgres(pool, { schema })
  return {
    db,
    kind: 'postgres',
    target,
    migrate: () => migratePostgresDatabase(target.url),
    listen: (channel, onPayload) =>
      listenOnPostgres(target.listenUrl ?? target.url, channel, onPayload),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to other
 * queries, and its notifications would go with it. A lost connection is reported and not
 * reopened here; the listener's owner keeps a slow timer for exactly that case.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`)
  const client = new pg.Client({ connectionString: url })
  client.on('error', (error) => {
    process.stderr.write(`listening connection lost (${error.message}); falling back to timers\n`)
  })
  client.on('notification', (message) => {
    if (message.channel === channel) onPayload(message.payload ?? '')
  })
  await client.connect()
  await client.query(`listen ${channel}`)
  return async () => {
    await client.end().catch(() => undefined)
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
