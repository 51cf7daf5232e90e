import { stat } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { issueStatement } from '#server/statements/issue-statement.ts'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import { databaseUrl, ensureTemplate } from '../setup/postgres-template.ts'

/**
 * `npm run bench:statement` (issue 37: "a year of 10,000 transactions renders in bounded
 * memory"): gives one wallet a year of SIZES[i] transactions straight in a fresh PostgreSQL
 * database, then issues a PDF statement of that year for each size, sampling the process's heap
 * and resident memory every 5 ms while it is written. Bounded means the 10,000-line statement
 * peaks about where the 1,000-line one does. Prints figures; asserts nothing.
 */
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.BENCH_STATEMENT_SIZES ?? '1000,10000').split(',').map(Number)
const MB = 1024 * 1024

const template = await ensureTemplate(BASE_URL)
const admin = new pg.Client({ connectionString: BASE_URL })
await admin.connect()

async function walletWithHistory(size: number) {
  const name = `sabi_statement_${size}_${Date.now()}`
  await admin.query(`create database "${name}" template "${template}"`)
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(BASE_URL, name),
    poolSize: 2,
  })
  const today = lagosDay(new Date())
  const [row] = await queryRows(
    database.db,
    sql`with u as (
          insert into users (email, username, first_name, last_name, password_hash)
          values ('bench@example.com', 'bench', 'Ngozi', 'Okeke', 'x') returning id),
        a as (insert into ledger_accounts (asset, kind, user_id) select 'NGN', 'wallet', id from u returning id, user_id),
        w as (insert into wallets (user_id, currency_id, account_id, is_primary)
          select a.user_id, c.id, a.id, true from a, currencies c where c.code = 'NGN' returning id, account_id, user_id)
        select w.id::text as wallet, w.account_id as account, w.user_id::text as "user",
          (select id from ledger_accounts where kind = 'system' and system_role = 'external_funding' and asset = 'NGN') as system
        from w`,
  )
  const wallet = String(row?.wallet)
  const user = String(row?.user)
  const start = `${addDays(today, -364)}T00:00:00+01:00`
  // A year of top-ups, one every 365/size days, each of a different amount.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into journals (reference, type, status, asset, amount_minor, to_user_id, to_wallet_id, description, created_at, updated_at)
      select 'SB-BENCH-' || lpad(n::text, 6, '0'), 'add_funds', 'completed', 'NGN', 1000 + n,
        ${user}::uuid, ${wallet}::uuid, 'Added funds by card',
        ${start}::timestamptz + (n * (365.0 * 86400 / ${size})) * interval '1 second',
        ${start}::timestamptz + (n * (365.0 * 86400 / ${size})) * interval '1 second'
      from generate_series(0, ${size - 1}) n`)
    await tx.execute(sql`
      insert into postings (journal_id, account_id, asset, amount_minor)
      select j.id, x.account, 'NGN', x.sign * j.amount_minor
      from journals j cross join (values (${Number(row?.account)}::bigint, 1), (${Number(row?.system)}::bigint, -1)) x(account, sign)
      where j.reference like 'SB-BENCH-%'`)
    await tx.execute(sql`
      update ledger_accounts set balance_minor = balance_minor + t.delta
      from (select account_id, sum(amount_minor) delta from postings group by 1) t
      where ledger_accounts.id = t.account_id`)
  })
  return { name, database, wallet, user, from: addDays(today, -364), to: today }
}

console.log(`Statement of a year, PDF, sizes ${SIZES.join(', ')}`)
for (const size of SIZES) {
  const { name, database, wallet, user, from, to } = await walletWithHistory(size)
  global.gc?.()
  const baseline = process.memoryUsage()
  let peakHeap = baseline.heapUsed
  let peakRss = baseline.rss
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peakHeap = Math.max(peakHeap, now.heapUsed)
    peakRss = Math.max(peakRss, now.rss)
  }, 5)
  const started = performance.now()
  const issued = await issueStatement(
    database.db,
    user,
    { walletId: wallet, from, to, format: 'pdf' },
    'https://sabi.example',
    'en',
  )
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const bytes = (await stat(issued.path)).size
  await issued.cleanup()
  console.log(
    `${String(size).padStart(6)} lines: ${seconds.toFixed(1)} s, ${(bytes / MB).toFixed(2)} MB PDF, ` +
      `heap peak +${((peakHeap - baseline.heapUsed) / MB).toFixed(1)} MB, ` +
      `RSS peak +${((peakRss - baseline.rss) / MB).toFixed(1)} MB (heap before ${(baseline.heapUsed / MB).toFixed(0)} MB, RSS ${(peakRss / MB).toFixed(0)} MB)`,
  )
  await database.close()
  await admin.query(`drop database "${name}" with (force)`)
}
await admin.end()
