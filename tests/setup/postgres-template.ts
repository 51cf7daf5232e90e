import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import pg from 'pg'
import { openDatabase } from '#server/db/client.ts'
import { MIGRATIONS_FOLDER, readFunctionFiles } from '#server/db/migrate.ts'
import {
  SEED_CRYPTOCURRENCIES,
  SEED_CURRENCIES,
  UNITS_PER_USD,
} from '#server/reference/reference-data.ts'
import { seedReferenceData } from '#server/seed/seed.ts'

/**
 * The template's name changes with the migrations, the function files and the seeded reference
 * data, so a stale
 * template (say, one made before a currency was added) is never reused.
 */
export function templateName(): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify([SEED_CURRENCIES, UNITS_PER_USD, SEED_CRYPTOCURRENCIES]))
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(`${MIGRATIONS_FOLDER}/${file}`))
  }
  for (const file of readFunctionFiles()) hash.update(file.name).update(file.sql)
  return `sabi_template_${hash.digest('hex').slice(0, 12)}`
}

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Makes a migrated, seeded template database once per run; each test file then copies it
 * with CREATE DATABASE ... TEMPLATE, which takes milliseconds.
 */
export async function ensureTemplate(baseUrl: string): Promise<string> {
  const name = templateName()
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock(7310512002)')
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`)
      const handle = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(baseUrl, name),
        poolSize: 1,
      })
      try {
        await handle.migrate()
        await seedReferenceData(handle.db)
      } catch (error) {
        // A half-made template would be copied by every later run with the same migrations.
        await handle.close()
        await admin.query(`drop database if exists "${name}" with (force)`)
        throw error
      }
      await handle.close()
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7310512002)').catch(() => undefined)
    await admin.end()
  }
  return name
}
