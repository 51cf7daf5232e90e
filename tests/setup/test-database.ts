import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { seedReferenceData } from '#server/seed/seed.ts'
import { databaseUrl, ensureTemplate } from './postgres-template.ts'

export type TestDatabaseKind = 'pglite' | 'postgres'

export type TestDatabase = DatabaseHandle & {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>
}

/** The engines the database suites run on here, and why one is skipped. */
export function testDatabaseKinds(): { kind: TestDatabaseKind; skip: string | undefined }[] {
  return [
    { kind: 'pglite', skip: undefined },
    {
      kind: 'postgres',
      skip: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)',
    },
  ]
}

/**
 * A fresh, migrated and seeded database of the given kind, private to the calling test file.
 * `poolerUrl` (or TEST_DATABASE_POOLER_URL) puts a pooler between it and its queries.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  poolSize = 10,
  options: { poolerUrl?: string } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined })
    await handle.migrate()
    await seedReferenceData(handle.db)
    return { ...handle, destroy: () => handle.close() }
  }
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
  const template = await ensureTemplate(baseUrl)
  const name = `sabi_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database "${name}" template "${template}"`)
  await admin.end()
  // TEST_DATABASE_POOLER_URL runs the suites through a pooler (a transaction-pooling PgBouncer in
  // front of the same server, ADR 008); creating and dropping databases stays direct.
  // Its one LISTEN connection goes to the server itself, as DATABASE_LISTEN_URL has it.
  const pooler = options.poolerUrl ?? process.env.TEST_DATABASE_POOLER_URL
  const url = databaseUrl(pooler ?? baseUrl, name)
  const handle = await openDatabase({
    kind: 'postgres',
    url,
    poolSize,
    ...(pooler ? { listenUrl: databaseUrl(baseUrl, name) } : {}),
  })
  return {
    ...handle,
    async destroy() {
      await handle.close()
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`)
      await dropper.end()
    },
  }
}

/**
 * The database a server process of a test opens (tests/setup/server-process.ts): its URL and,
 * through a pooler, the direct one its LISTEN connection takes (DATABASE_LISTEN_URL).
 */
export function serverDatabaseOf(database: TestDatabase): { url: string; listenUrl?: string } {
  if (database.target.kind !== 'postgres') throw new Error('a server process needs PostgreSQL')
  const { url, listenUrl } = database.target
  return listenUrl ? { url, listenUrl } : { url }
}
