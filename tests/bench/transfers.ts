import { execFile, execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import pg from 'pg'
import { z } from 'zod'
import { walletSchema } from '#shared/schemas/reference.ts'
import { TEST_PIN } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { startPgbouncer } from '../setup/pgbouncer.ts'
import { databaseUrl, ensureTemplate } from '../setup/postgres-template.ts'
import { createHttpClient, signUpWithPin, startServerProcess } from '../setup/server-process.ts'

/**
 * `npm run bench:transfers` (docs/performance.md "Transfer throughput"): user-to-user transfers
 * of 1.00 through the HTTP API on PostgreSQL, driven by a C load generator (Debian's `wrk`, with
 * a Lua script that gives every request its own Idempotency-Key, the sender's session cookie and
 * the transaction PIN), against pgbench's TPC-B-like load on the same server in the same run.
 * Three loads: random pairs among 100 funded users, all to one merchant, and random pairs at half
 * the measured rate for the latency budget. Prints figures and ratios; asserts nothing, since
 * this machine is shared and noisy.
 *
 * BENCH_WORKERS=n runs the server with WORKERS=n; BENCH_PGBOUNCER=1 puts Debian's pgbouncer (in
 * transaction pooling mode) between the server and PostgreSQL; BENCH_SECONDS sets each load's
 * length (15 s).
 */
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test'
const USERS = 100
const CONNECTIONS = 32
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const WARM_UP_SECONDS = 5
const WORKERS = process.env.BENCH_WORKERS
const THROUGH_PGBOUNCER = process.env.BENCH_PGBOUNCER === '1'
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench'].find(works)

function works(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Whether a command is on the PATH (wrk has no option that exits 0). */
function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Debian's wrk, installed with apt-get when it is missing (the issue asks the bench to). */
function ensureWrk(): string {
  if (onPath('wrk')) return 'wrk'
  console.log('wrk is missing: installing it with apt-get...')
  execFileSync('apt-get', ['install', '-y', 'wrk'], { stdio: 'inherit' })
  if (!onPath('wrk')) throw new Error('wrk could not be installed')
  return 'wrk'
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: BASE_URL })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

/** The resident memory of a process in MB, or 0 once it is gone. */
function rssMbOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match?.[1] ? Number(match[1]) / 1024 : 0
  } catch {
    return 0
  }
}

/** The server's processes: the one started and, with WORKERS, its cluster workers. */
function serverPids(pid: number): number[] {
  const children: number[] = []
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      if (text) children.push(...text.split(/\s+/).map(Number))
    }
  } catch {
    // The process has ended: nothing to count.
  }
  return [pid, ...children]
}

/**
 * CPU time a process has used, user and system, in clock ticks (man 5 proc, fields 14 and 15),
 * and with `reaped`, that of its children that have exited and been waited for (fields 16 and
 * 17). PostgreSQL's backends come and go during a load (the pool closes idle connections): when
 * one exits, its time moves into the postmaster's children's time, so counting that keeps the
 * total from falling (it read -64 µs a transfer at half load before 2026-11-27).
 */
function cpuTicksOf(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const own = Number(fields[11]) + Number(fields[12])
    return reaped ? own + Number(fields[13]) + Number(fields[14]) : own
  } catch {
    return 0
  }
}

/** The PostgreSQL server's processes on this machine: its backends do the database's work. */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
      } catch {
        return false
      }
    })
}

/** The whole machine's busy and total clock ticks, from /proc/stat's first line. */
function machineTicks(): { busy: number; total: number } {
  const numbers = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  const total = numbers.reduce((sum, value) => sum + value, 0)
  // idle and iowait are the 4th and 5th numbers.
  return { busy: total - (numbers[3] ?? 0) - (numbers[4] ?? 0), total }
}

/** Where the CPU went during a load: ticks per process group, and the machine's. */
type CpuSample = { server: number; postgres: number; wrk: number; busy: number; total: number }

function sampleCpu(serverPid: number, wrkPid: number | undefined): CpuSample {
  const machine = machineTicks()
  return {
    server: serverPids(serverPid).reduce((sum, pid) => sum + cpuTicksOf(pid), 0),
    postgres: postgresPids().reduce((sum, pid) => sum + cpuTicksOf(pid, true), 0),
    wrk: wrkPid ? cpuTicksOf(wrkPid) : 0,
    ...machine,
  }
}

type Person = { id: string; usdWalletId: string; cookie: string }

const wrkResultSchema = z.object({
  requests: z.number(),
  created: z.number(),
  refused: z.number(),
  socketErrors: z.number(),
  durationUs: z.number(),
  p50Us: z.number(),
  p99Us: z.number(),
  firstRefusal: z.string(),
})

type Phase = {
  name: string
  transfersPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  firstRefusal: string
  /** The largest RSS any one server process reached. */
  peakRssMb: number
  /** CPU microseconds per transfer: the server, PostgreSQL, wrk; and how busy the machine was. */
  cpu: { serverUs: number; postgresUs: number; wrkUs: number; machineBusy: number }
}

/**
 * The Lua script wrk runs: every request a transfer of 1.00 from a random user to a random other
 * (or to the merchant), its own Idempotency-Key, the sender's cookie and PIN; with a pause per
 * connection when paced. It counts 201s and refusals, and prints one JSON line at the end.
 */
function luaScript(people: Person[], hotIndex: number, pauseMs: number, runTag: string): string {
  const rows = people
    .map(
      (p) =>
        `{id=${JSON.stringify(p.id)},wallet=${JSON.stringify(p.usdWalletId)},cookie=${JSON.stringify(p.cookie)}}`,
    )
    .join(',\n')
  return `
local users = {
${rows}
}
local hot = ${hotIndex}
local pause = ${pauseMs}
local threads = {}
local next_id = 1
function setup(thread)
  thread:set("tag", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end
function init(args)
  counter = 0
  created = 0
  refused = 0
  first_refusal = ""
  math.randomseed(os.time() * 1000 + tag * 7919)
end
function request()
  counter = counter + 1
  local i = math.random(#users)
  local j
  if hot > 0 then
    j = hot
    while i == hot do i = math.random(#users) end
  else
    j = math.random(#users - 1)
    if j >= i then j = j + 1 end
  end
  local from, to = users[i], users[j]
  local body = '{"fromWalletId":"' .. from.wallet .. '","recipientUserId":"' .. to.id ..
    '","amount":"1.00","pin":"${TEST_PIN}"}'
  return wrk.format("POST", "/api/send-money/sabi-user", {
    ["Content-Type"] = "application/json",
    ["Cookie"] = from.cookie,
    ["Idempotency-Key"] = "${runTag}-" .. tag .. "-" .. counter,
  }, body)
end
function response(status, headers, body)
  if status == 201 then
    created = created + 1
  else
    refused = refused + 1
    if first_refusal == "" then first_refusal = status .. " " .. string.sub(body, 1, 200) end
  end
end
if pause > 0 then
  function delay() return pause end
end
function done(summary, latency, requests)
  local ok, bad, first = 0, 0, ""
  for _, t in ipairs(threads) do
    ok = ok + t:get("created")
    bad = bad + t:get("refused")
    if first == "" then first = t:get("first_refusal") end
  end
  local e = summary.errors
  io.write(string.format('BENCH {"requests":%d,"created":%d,"refused":%d,"socketErrors":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"firstRefusal":%q}\\n',
    summary.requests, ok, bad, e.connect + e.read + e.write + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(99), first))
end
`
}

async function runWrk(
  wrk: string,
  name: string,
  url: string,
  script: string,
  serverPid: number,
  seconds = SECONDS,
): Promise<Phase> {
  const dir = mkdtempSync(join(tmpdir(), 'sabi-wrk-'))
  const scriptPath = join(dir, 'transfers.lua')
  writeFileSync(scriptPath, script)
  let peakRssMb = 0
  const sample = () => {
    for (const pid of serverPids(serverPid)) peakRssMb = Math.max(peakRssMb, rssMbOf(pid))
  }
  const timer = setInterval(sample, 250)
  // Clock ticks per second: 100 on Linux (getconf CLK_TCK).
  const tickUs = 1e6 / 100
  try {
    let wrkPid: number | undefined
    let before: CpuSample | undefined
    let after: CpuSample | undefined
    const output = await new Promise<string>((resolve, reject) => {
      const child = execFile(
        wrk,
        ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '-s', scriptPath, url],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      )
      wrkPid = child.pid
      before = sampleCpu(serverPid, wrkPid)
      // wrk's own ticks are read just before it exits: a little before the end of its run.
      const last = setTimeout(
        () => {
          after = sampleCpu(serverPid, wrkPid)
        },
        seconds * 1000 - 200,
      )
      child.on('exit', () => clearTimeout(last))
    })
    after ??= sampleCpu(serverPid, wrkPid)
    const line = output.split('\n').find((each) => each.startsWith('BENCH '))
    if (!line) throw new Error(`wrk printed no result:\n${output}`)
    const result = wrkResultSchema.parse(JSON.parse(line.slice('BENCH '.length)))
    const created = Math.max(result.created, 1)
    const spent = (key: keyof CpuSample) => ((after?.[key] ?? 0) - (before?.[key] ?? 0)) * tickUs
    return {
      name,
      cpu: {
        serverUs: spent('server') / created,
        postgresUs: spent('postgres') / created,
        wrkUs: spent('wrk') / created,
        machineBusy: spent('busy') / Math.max(spent('total'), 1),
      },
      transfersPerSecond: result.created / (result.durationUs / 1e6),
      p50Ms: result.p50Us / 1000,
      p99Ms: result.p99Us / 1000,
      errors: result.refused + result.socketErrors,
      firstRefusal: result.firstRefusal,
      peakRssMb,
    }
  } finally {
    clearInterval(timer)
    rmSync(dir, { recursive: true, force: true })
  }
}

function runPgbench(url: string): number {
  if (!PGBENCH) return Number.NaN
  execFileSync(PGBENCH, ['-i', '-q', '-s', '10', url], { stdio: 'ignore' })
  const output = execFileSync(
    PGBENCH,
    ['-c', '8', '-j', '2', '-M', 'prepared', '-T', String(SECONDS), '-b', 'tpcb-like', url],
    { encoding: 'utf8' },
  )
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)
  return match?.[1] ? Number(match[1]) : Number.NaN
}

async function signUpFunded(url: string): Promise<Person> {
  const client = createHttpClient(url)
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
  return { id, usdWalletId: usd.id, cookie: client.cookie() }
}

const wrk = ensureWrk()
/**
 * The server as `npm start` runs it, bundled into plain JavaScript (scripts/build-server.ts's
 * settings), rather than compiled on the fly by tsx, whose compiler and caches would count in
 * the server's memory. It goes under .tmp/ in the project, so its packages and project root
 * resolve as the real bundle's do.
 */
async function bundleServer(): Promise<string> {
  const outfile = join(process.cwd(), '.tmp', 'bench-server', 'serve-api.mjs')
  await build({
    entryPoints: ['tests/setup/serve-api.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    keepNames: true,
    logLevel: 'warning',
  })
  return outfile
}

/** The server's metrics (docs/operations.md "Metrics"); with WORKERS, one process's. */
async function serverMetrics(url: string): Promise<string> {
  return (await fetch(`${url}/metrics`)).text()
}

/** One sample of the metrics text, 0 when it is absent. */
function metricSample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

const BATCHED_STATEMENTS = ['user_transfers', 'rate_limit_hits', 'known_pins', 'sandbox_messages']

/** Each batched statement's mean batch between two readings of the metrics, a line each. */
function batchLines(before: string, after: string): string[] {
  return BATCHED_STATEMENTS.map((statement) => {
    const delta = (metric: string) =>
      metricSample(after, `sabi_statement_batch_${metric}{statement="${statement}"}`) -
      metricSample(before, `sabi_statement_batch_${metric}{statement="${statement}"}`)
    const batches = delta('size_count')
    const per = (value: number) => (batches > 0 ? value / batches : 0)
    const requests = per(delta('size_sum')).toFixed(1)
    const waitedMs = (per(delta('wait_seconds_sum')) * 1000).toFixed(2)
    const ranMs = (per(delta('seconds_sum')) * 1000).toFixed(2)
    return `${statement.padEnd(18)} ${String(batches).padStart(7)} batches   ${requests.padStart(5)} requests each   first waited ${waitedMs.padStart(6)} ms   ran ${ranMs.padStart(6)} ms`
  })
}

/** The sum of every series of a metric whose name starts with `prefix` (all its labels). */
function metricTotal(text: string, prefix: string): number {
  return text
    .split('\n')
    .filter((row) => row.startsWith(prefix))
    .reduce((total, row) => total + Number(row.slice(row.lastIndexOf(' ') + 1)), 0)
}

/**
 * prom-client samples the event loop every 10 ms and reports the whole interval between two
 * samples, so an idle loop reads 10 ms: what is over it is how long the loop was held up.
 */
const EVENT_LOOP_SAMPLING_MS = 10

/**
 * How long the server's event loop was held up, and how long it spent collecting garbage,
 * between two readings of its metrics: the event loop's delay is measured since the reading
 * before (prom-client starts it afresh at each), garbage collection as a share of the time.
 */
function eventLoopLine(name: string, before: string, after: string, seconds: number): string {
  const ms = (series: string) =>
    Math.max(0, metricSample(after, series) * 1000 - EVENT_LOOP_SAMPLING_MS).toFixed(1)
  const gcSeconds =
    metricTotal(after, 'nodejs_gc_duration_seconds_sum') -
    metricTotal(before, 'nodejs_gc_duration_seconds_sum')
  return `${name.padEnd(18)} event loop held up p99 ${ms('nodejs_eventloop_lag_p99_seconds').padStart(5)} ms, max ${ms('nodejs_eventloop_lag_max_seconds').padStart(5)} ms   garbage collection ${((gcSeconds / seconds) * 100).toFixed(1)}% of the time`
}

/** Where the server's memory is, from its metrics, in MB. */
function memoryLine(text: string): string {
  const mb = (name: string) => (metricSample(text, name) / 1024 / 1024).toFixed(0)
  return `RSS ${mb('process_resident_memory_bytes')} MB: V8 heap ${mb('nodejs_heap_size_total_bytes')} MB (${mb('nodejs_heap_size_used_bytes')} used), outside the heap ${mb('nodejs_external_memory_bytes')} MB`
}

const template = await ensureTemplate(BASE_URL)
const stamp = Date.now()
const benchDb = `sabi_bench_${stamp}`
const pgbenchDb = `sabi_pgbench_${stamp}`
await admin(`create database "${benchDb}" template "${template}"`)
await admin(`create database "${pgbenchDb}"`)
const pgbouncer = THROUGH_PGBOUNCER ? await startPgbouncer(BASE_URL) : undefined
// Through PgBouncer, the one LISTEN connection still goes to PostgreSQL itself
// (DATABASE_LISTEN_URL, docs/running.md "Several instances").
const server = await startServerProcess(
  pgbouncer
    ? { url: databaseUrl(pgbouncer.url, benchDb), listenUrl: databaseUrl(BASE_URL, benchDb) }
    : databaseUrl(BASE_URL, benchDb),
  {
    MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
    LOG_LEVEL: 'error',
    ...(WORKERS ? { WORKERS } : {}),
  },
  { bundle: await bundleServer() },
)
const serverPid = server.process.pid ?? 0
try {
  console.log(
    `Server: ${WORKERS ? `WORKERS=${WORKERS}` : 'one process'}${pgbouncer ? ', through pgbouncer (transaction pooling)' : ''}`,
  )
  console.log(`Signing up and funding ${USERS} users...`)
  const people: Person[] = []
  for (let batch = 0; batch < USERS; batch += 10) {
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, USERS - batch) }, () => signUpFunded(server.url)),
      )),
    )
  }
  const tag = stamp.toString(36)

  // Unmeasured: the server compiles its hot paths, and checks each user's PIN against argon2id
  // once (then it remembers it), as a server that has been up a while has done.
  console.log(`Warm-up: random pairs for ${WARM_UP_SECONDS} s, not counted...`)
  await runWrk(
    wrk,
    'warm-up',
    server.url,
    luaScript(people, 0, 0, `${tag}w`),
    serverPid,
    WARM_UP_SECONDS,
  )
  console.log(`Random pairs: wrk, ${CONNECTIONS} connections for ${SECONDS} s...`)
  const metricsBefore = await serverMetrics(server.url)
  const random = await runWrk(
    wrk,
    'random pairs',
    server.url,
    luaScript(people, 0, 0, `${tag}r`),
    serverPid,
  )
  const metricsAfterRandom = await serverMetrics(server.url)
  const randomBatches = batchLines(metricsBefore, metricsAfterRandom)
  const randomLoop = eventLoopLine('random pairs', metricsBefore, metricsAfterRandom, SECONDS)
  console.log(
    `Hot merchant: every transfer to one user, ${CONNECTIONS} connections for ${SECONDS} s...`,
  )
  const hot = await runWrk(
    wrk,
    'hot merchant',
    server.url,
    luaScript(people, 1, 0, `${tag}h`),
    serverPid,
  )
  // A pause per connection between requests paces the whole load near half the peak.
  const pauseMs = Math.max(1, Math.round((CONNECTIONS * 1000) / (random.transfersPerSecond / 2)))
  console.log(`Half load: random pairs, ${pauseMs} ms pause per connection, for ${SECONDS} s...`)
  const metricsBeforeHalf = await serverMetrics(server.url)
  const half = await runWrk(
    wrk,
    'random, half load',
    server.url,
    luaScript(people, 0, pauseMs, `${tag}p`),
    serverPid,
  )
  const metricsAfterHalf = await serverMetrics(server.url)
  const memory = memoryLine(metricsAfterHalf)
  const halfLoop = eventLoopLine('random, half load', metricsBeforeHalf, metricsAfterHalf, SECONDS)
  await server.stop()

  console.log(
    PGBENCH
      ? `pgbench TPC-B-like, scale 10, 8 clients, prepared, ${SECONDS} s...`
      : 'pgbench not found: skipping it',
  )
  const tps = runPgbench(databaseUrl(BASE_URL, pgbenchDb))

  const rows = [random, hot, half].map(
    (phase) =>
      `${phase.name.padEnd(18)} ${phase.transfersPerSecond.toFixed(1).padStart(8)} /s   p50 ${phase.p50Ms.toFixed(1).padStart(6)} ms   p99 ${phase.p99Ms.toFixed(1).padStart(6)} ms   errors ${phase.errors}   peak RSS ${phase.peakRssMb.toFixed(0)} MB`,
  )
  console.log(`\n${rows.join('\n')}`)
  console.log('\nCPU per transfer (µs of one core) and how busy the whole machine was:')
  for (const phase of [random, hot, half]) {
    const { serverUs, postgresUs, wrkUs, machineBusy } = phase.cpu
    console.log(
      `${phase.name.padEnd(18)} server ${serverUs.toFixed(0).padStart(5)}   PostgreSQL ${postgresUs.toFixed(0).padStart(5)}   wrk ${wrkUs.toFixed(0).padStart(4)}   machine ${(machineBusy * 100).toFixed(0)}% busy`,
    )
  }
  console.log(`\nThe server's Node.js${WORKERS ? ' (one process)' : ''}:`)
  console.log(randomLoop)
  console.log(halfLoop)
  console.log(`\nBatched statements during random pairs${WORKERS ? ' (one process)' : ''}:`)
  for (const line of randomBatches) console.log(line)
  for (const phase of [random, hot, half]) {
    if (phase.firstRefusal) console.log(`first refusal (${phase.name}): ${phase.firstRefusal}`)
  }
  console.log(`pgbench tps        ${tps.toFixed(1).padStart(8)}`)
  console.log(
    `ratio transfers/pgbench (goal >= 1.0, at least 0.5): ${(random.transfersPerSecond / tps).toFixed(3)}`,
  )
  console.log(
    `ratio hot/random (goal >= 0.8):                      ${(hot.transfersPerSecond / random.transfersPerSecond).toFixed(2)}`,
  )
  console.log(
    `p99 at half load, ${half.transfersPerSecond.toFixed(0)}/s (budget < 50 ms):        ${half.p99Ms.toFixed(1)} ms`,
  )
  console.log(
    `peak RSS per process (budget < 250 MB):              ${Math.max(random.peakRssMb, hot.peakRssMb, half.peakRssMb).toFixed(0)} MB`,
  )
  console.log(`memory after the loads${WORKERS ? ' (one process)' : ''}: ${memory}`)
} finally {
  await server.stop()
  await pgbouncer?.stop()
  await admin(`drop database if exists "${benchDb}" with (force)`)
  await admin(`drop database if exists "${pgbenchDb}" with (force)`)
}
