import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { searchUsers, userSearchQuery } from '#server/users/search-users.ts'
import { databaseUrl, ensureTemplate } from '../setup/postgres-template.ts'

/**
 * `npm run bench:search` (issue "Ledger core": user search "indexed so it stays fast with a
 * million users"): fills a fresh PostgreSQL database with USERS users and times searches for
 * rare and common terms through the real query, printing the plan it used. Asserts nothing.
 */
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000)
const TERMS = ['ngozi', 'oke', 'user_77777', 'zzq', 'ada']

const template = await ensureTemplate(BASE_URL)
const name = `sabi_search_${Date.now()}`
const admin = new pg.Client({ connectionString: BASE_URL })
await admin.connect()
await admin.query(`create database "${name}" template "${template}"`)
const database = await openDatabase({
  kind: 'postgres',
  url: databaseUrl(BASE_URL, name),
  poolSize: 2,
})
try {
  console.log(`Inserting ${USERS.toLocaleString('en-US')} users...`)
  const started = performance.now()
  const first = [
    'Ngozi',
    'Chidi',
    'Amaka',
    'Tunde',
    'Thabo',
    'Wanjiru',
    'Kofi',
    'Ada',
    'Emeka',
    'Zanele',
  ]
  const last = [
    'Okeke',
    'Adichie',
    'Bakare',
    'Nkosi',
    'Mwangi',
    'Mensah',
    'Okafor',
    'Dlamini',
    'Otieno',
    'Eze',
  ]
  for (let offset = 0; offset < USERS; offset += 100_000) {
    await database.db.execute(sql`
      insert into users (email, username, first_name, last_name, password_hash)
      select 'user_' || n || '@example.com', 'user_' || n,
        (${`{${first.join(',')}}`}::text[])[1 + n % 10] || case when n % 7 = 0 then 'x' || n else '' end,
        (${`{${last.join(',')}}`}::text[])[1 + (n / 10) % 10],
        'not-a-real-hash'
      from generate_series(${offset + 1}::int, ${Math.min(offset + 100_000, USERS)}::int) as n`)
  }
  await database.db.execute(sql`analyze users`)
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const caller = randomUUID()
  for (const term of TERMS) {
    const plan = (
      await queryRows(database.db, sql`explain ${userSearchQuery(database.db, caller, term)}`)
    )
      .map((row) => String(Object.values(row)[0]))
      .filter((line) => /Scan|Index/.test(line))
      .map((line) => line.trim().replace(/\s+\(cost.*$/, ''))
    const times: number[] = []
    let count = 0
    for (let run = 0; run < 5; run++) {
      const t0 = performance.now()
      count = (await searchUsers(database.db, caller, term)).length
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    console.log(
      `"${term}": ${count} results, median ${times[2]?.toFixed(1)} ms, max ${times[4]?.toFixed(1)} ms  [${plan.join('; ')}]`,
    )
  }
} finally {
  await database.close()
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.end()
}
