import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import { seedReferenceData } from '#server/db/seed.ts'
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

/** A fresh, migrated and seeded database of the given kind, private to the calling test file. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  poolSize = 10,
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
  const url = databaseUrl(process.env.TEST_DATABASE_POOLER_URL ?? baseUrl, name)
  const handle = await openDatabase({ kind: 'postgres', url, poolSize })
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
