import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { walletSchema } from '#shared/schemas/reference.ts'
import { TEST_PIN } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { databaseUrl, ensureTemplate } from '../setup/postgres-template.ts'
import { createHttpClient, signUpWithPin, startServerProcess } from '../setup/server-process.ts'

/**
 * `npm run bench:transfers` (issue "Ledger core", docs/performance.md "Transfer throughput"):
 * user-to-user transfers through the HTTP API on PostgreSQL against pgbench's TPC-B-like load on
 * the same server in the same run. Prints figures and ratios; it asserts nothing, since this
 * machine is shared and noisy.
 */
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
const USERS = 100
const CLIENTS = 32
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find((path) => {
  try {
    execFileSync(path, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})

type Person = { id: string; usdWalletId: string; client: ReturnType<typeof createHttpClient> }

async function admin(query: string) {
  const client = new pg.Client({ connectionString: BASE_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function readRssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN
}

type Phase = {
  name: string
  transfersPerSecond: number
  p50: number
  p99: number
  failures: number
  peakRssMb: number
}

async function runPhase(
  name: string,
  people: Person[],
  pickRecipient: (from: Person) => Person,
  pid: number | undefined,
  targetPerSecond?: number,
): Promise<Phase> {
  const latencies: number[] = []
  let failures = 0
  let peakRssMb = 0
  const deadline = performance.now() + SECONDS * 1000
  const rssTimer = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, readRssMb(pid))
  }, 250)
  // When paced, each client waits for its next slot so the whole load is targetPerSecond.
  const intervalMs = targetPerSecond ? (CLIENTS * 1000) / targetPerSecond : 0
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, clientIndex) => {
      let next = performance.now() + (intervalMs * clientIndex) / CLIENTS
      while (performance.now() < deadline) {
        if (intervalMs > 0) {
          const wait = next - performance.now()
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
          next += intervalMs
        }
        const from = people[Math.floor(Math.random() * people.length)]
        if (!from) continue
        const to = pickRecipient(from)
        const started = performance.now()
        const response = await from.client.request(
          'POST',
          '/api/send-money/sabi-user',
          { fromWalletId: from.usdWalletId, recipientUserId: to.id, amount: '0.01', pin: TEST_PIN },
          { 'idempotency-key': randomUUID() },
        )
        if (response.status === 201) latencies.push(performance.now() - started)
        else failures += 1
      }
    }),
  )
  clearInterval(rssTimer)
  latencies.sort((a, b) => a - b)
  return {
    name,
    transfersPerSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    peakRssMb,
  }
}

function runPgbench(database: string): number {
  if (!PGBENCH) return Number.NaN
  const url = databaseUrl(BASE_URL, database)
  execFileSync(PGBENCH, ['-i', '-q', '-s', '10', url], { stdio: 'ignore' })
  const output = execFileSync(
    PGBENCH,
    ['-c', '8', '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', url],
    { encoding: 'utf8' },
  )
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)
  return match?.[1] ? Number(match[1]) : Number.NaN
}

const template = await ensureTemplate(BASE_URL)
const stamp = Date.now()
const benchDb = `sabi_bench_${stamp}`
const pgbenchDb = `sabi_pgbench_${stamp}`
await admin(`create database "${benchDb}" template "${template}"`)
await admin(`create database "${pgbenchDb}"`)
const server = await startServerProcess(databaseUrl(BASE_URL, benchDb), {
  MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
  LOG_LEVEL: 'error',
})
try {
  console.log(`Signing up and funding ${USERS} users...`)
  const people: Person[] = []
  for (let batch = 0; batch < USERS; batch += 10) {
    const created = await Promise.all(
      Array.from({ length: Math.min(10, USERS - batch) }, async () => {
        const client = createHttpClient(server.url)
        const signUp = await signUpWithPin(client, buildSignUp())
        if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.text}`)
        const id =
          typeof signUp.body === 'object' && signUp.body && 'id' in signUp.body
            ? String(signUp.body.id)
            : ''
        const usd = walletSchema
          .array()
          .parse((await client.request('GET', '/api/wallets')).body)
          .find((w) => w.currency.code === 'USD')
        if (!usd) throw new Error('no USD wallet')
        const funded = await client.request(
          'POST',
          '/api/add-funds',
          { walletId: usd.id, amount: '1000000.00', method: 'bank' },
          { 'idempotency-key': randomUUID() },
        )
        if (funded.status !== 201) throw new Error(`top-up failed: ${funded.text}`)
        return { id, usdWalletId: usd.id, client }
      }),
    )
    people.push(...created)
  }
  const merchant = people[0]
  if (!merchant) throw new Error('no users')
  const others = people.slice(1)

  const randomRecipient = (from: Person) => {
    let to = from
    while (to === from) to = people[Math.floor(Math.random() * people.length)] ?? from
    return to
  }

  console.log(`Random pairs: ${CLIENTS} clients for ${SECONDS} s...`)
  const random = await runPhase('random pairs', people, randomRecipient, server.process.pid)
  console.log(
    `Hot account: every transfer to one merchant wallet, ${CLIENTS} clients for ${SECONDS} s...`,
  )
  const hot = await runPhase('hot account', others, () => merchant, server.process.pid)
  const halfTarget = random.transfersPerSecond / 2
  console.log(
    `Half load: random pairs paced at ${halfTarget.toFixed(0)} transfers/s for ${SECONDS} s...`,
  )
  const half = await runPhase(
    'random, half load',
    people,
    randomRecipient,
    server.process.pid,
    halfTarget,
  )

  await server.stop()
  console.log(
    PGBENCH
      ? `pgbench TPC-B-like, scale 10, 8 clients, ${SECONDS} s...`
      : 'pgbench not found: skipping it',
  )
  const tps = runPgbench(pgbenchDb)

  const rows = [random, hot, half].map(
    (phase) =>
      `${phase.name.padEnd(20)} ${phase.transfersPerSecond.toFixed(1).padStart(9)} /s   p50 ${phase.p50.toFixed(1).padStart(6)} ms   p99 ${phase.p99.toFixed(1).padStart(6)} ms   failed ${phase.failures}   peak RSS ${phase.peakRssMb.toFixed(0)} MB`,
  )
  console.log(`\n${rows.join('\n')}`)
  console.log(`pgbench tps          ${tps.toFixed(1).padStart(9)}`)
  console.log(
    `ratio transfers/pgbench (goal >= 0.5):      ${(random.transfersPerSecond / tps).toFixed(2)}`,
  )
  console.log(
    `ratio hot/random (goal >= 0.33):            ${(hot.transfersPerSecond / random.transfersPerSecond).toFixed(2)}`,
  )
  console.log(`p99 at half load (budget < 50 ms):          ${half.p99.toFixed(1)} ms`)
} finally {
  await server.stop()
  await admin(`drop database if exists "${benchDb}" with (force)`)
  await admin(`drop database if exists "${pgbenchDb}" with (force)`)
}
