import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { and, desc, eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts'
import {
  idempotencyKeys,
  journals,
  ledgerAccounts,
  marketPrices,
  wallets,
} from '#server/db/schema.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { formatMinor } from '#shared/money.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { TEST_PIN } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import {
  type PrivatePostgres,
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../setup/private-postgres.ts'
import { type ServerProcess, startServerProcess } from '../setup/server-process.ts'
import { TEST_SESSION_SECRET } from '../setup/test-app.ts'

/*
 * Fault injection (issue "survive PostgreSQL restarts"): a private PostgreSQL cluster is
 * restarted (fast, then immediate), has every connection cut, and one of two server processes
 * is killed with SIGKILL, all under concurrent transfers. The client keeps a model of what it
 * was told, retries whatever it could not see the outcome of with the same Idempotency-Key,
 * and the database must agree with the model to the kobo.
 *
 * It needs the machine's PostgreSQL binaries (it never touches the shared server of
 * TEST_DATABASE_URL), and like every PostgreSQL suite it runs when TEST_DATABASE_URL is set,
 * which CI does: that keeps a plain local `npm test` as fast as it was.
 */
const skip = process.env.TEST_DATABASE_URL
  ? privatePostgresUnavailable()
  : 'TEST_DATABASE_URL is not set (CI sets it)'

const SERVER_ENV = {
  MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
  LOGIN_FAILURES_PER_ADDRESS: '1000000',
  // Errors only: a 500's "unhandled error" is evidence; a 503's warning would be noise.
  LOG_LEVEL: 'error',
  // The fastest the feed may tick, so it meets every outage.
  MARKET_REFRESH_SECONDS: '5',
}
const PEOPLE = 6
const LOOPS = 8
/** Small enough that some transfers are refused for want of money (nothing moves then). */
const FUNDING_MINOR = 25_000n
const ACKS_PER_PHASE = 40
const OUTAGE_MS = 1_500
/** "Within seconds of PostgreSQL coming back". */
const RECOVERY_LIMIT_MS = 10_000
const REQUEST_TIMEOUT_MS = 20_000
/**
 * The share of first attempts the client gives up on after a few milliseconds, as a phone
 * losing its connection would: the server may commit without the client seeing it, so the
 * retry must replay the first answer (or run once if the request never arrived).
 */
const CLIENT_ABORT_SHARE = 0.1
const RETRY_LIMIT = 40
const RETRY_DEADLINE_MS = 60_000

type Reply = {
  kind: 'reply'
  status: number
  headers: Headers
  body: unknown
  text: string
}
type NetworkFailure = { kind: 'network'; error: string }

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.name}: ${error.message}${cause}`
}

/** One HTTP exchange; a failure to get any answer is a value, not an exception. */
async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; key?: string; timeoutMs?: number } = {},
): Promise<Reply | NetworkFailure> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    })
    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { kind: 'reply', status: response.status, headers: response.headers, body, text }
  } catch (error) {
    return { kind: 'network', error: describeError(error) }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const unavailableSchema = z.object({ message: z.string().min(1), code: z.literal('UNAVAILABLE') })
const signUpReplySchema = z.object({ id: z.string() })
const storedResponseSchema = z.object({ id: z.string() })

type Instance = {
  name: 'A' | 'B'
  server: ServerProcess
  /** Every line the process wrote after it listened. */
  output: string[]
  exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | undefined
  killedByTest: boolean
}

function track(name: Instance['name'], server: ServerProcess): Instance {
  const instance: Instance = { name, server, output: [], exit: undefined, killedByTest: false }
  // startServerProcess forwards the output to the test's; this keeps it for the evidence too.
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) instance.output.push(line)
  }
  server.process.stdout?.on('data', collect)
  server.process.stderr?.on('data', collect)
  server.process.once('exit', (code, signal) => {
    instance.exit = { code, signal, at: Date.now() }
  })
  return instance
}

type Person = { id: string; cookie: string; ngnWalletId: string }

type Attempt = {
  server: Instance['name']
  startedAt: number
  endedAt: number
  /**
   * An HTTP status; 'network' when no answer came (reset, refused, timed out); 'abandoned'
   * when the client deliberately stopped waiting after a few milliseconds.
   */
  status: number | 'network' | 'abandoned'
  detail: string
}

type Transfer = {
  key: string
  phase: 'load' | 'burst'
  from: Person
  to: Person
  amountMinor: bigint
  attempts: Attempt[]
  result: 'acknowledged' | 'refused' | 'unresolved' | undefined
  transactionId: string | undefined
  /** Whether the definitive answer was a replay of an earlier, unseen, success. */
  replayed: boolean
}

/** A span in which 5xx answers are expected: from a fault until every live server is healthy. */
type Outage = { label: string; from: number; to: number }

describe.skipIf(skip !== undefined)(
  `PostgreSQL restarts, dropped connections and a killed server under load${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let postgres: PrivatePostgres | undefined
    let database: DatabaseHandle | undefined
    const instances: Instance[] = []
    const people: Person[] = []
    const transfers: Transfer[] = []
    const outages: Outage[] = []
    const recoveries: { fault: string; server: string; ms: number | undefined }[] = []
    /** Answers that break the contract, whatever the phase: each is a server defect. */
    const violations: string[] = []
    let lastRestartUpAt = 0
    let stopLoad = false
    let abort = false
    let acknowledged = 0
    let attemptCounter = 0

    const live = () => instances.filter((instance) => !instance.killedByTest && !instance.exit)
    const unexpectedExits = () =>
      instances.filter((instance) => instance.exit !== undefined && !instance.killedByTest)

    function evidenceOf(instance: Instance): string {
      const telling = instance.output
        .filter((line) => /Unhandled|uncaught|^\s*(\w*Error|error)\b|^\s*code: /.test(line))
        .slice(0, 6)
      const tail = instance.output.slice(-5)
      return `server ${instance.name} exited with code ${instance.exit?.code} signal ${instance.exit?.signal}; its output said:\n${[...telling, '...', ...tail].join('\n')}`
    }

    async function waitFor(label: string, timeoutMs: number, done: () => boolean) {
      const deadline = Date.now() + timeoutMs
      while (!done()) {
        const lost = unexpectedExits()
        if (lost.length > 0) throw new Error(`${label}: ${lost.map(evidenceOf).join('\n')}`)
        if (Date.now() > deadline) throw new Error(`${label}: not within ${timeoutMs} ms`)
        await sleep(50)
      }
    }

    function checkUnavailable(reply: Reply, where: string) {
      const parsed = unavailableSchema.safeParse(reply.body)
      const retryAfter = reply.headers.get('retry-after')
      if (!parsed.success)
        violations.push(`${where}: 503 body is not {message, code: "UNAVAILABLE"}: ${reply.text}`)
      if (!retryAfter || !/^\d+$/.test(retryAfter))
        violations.push(`${where}: 503 without a Retry-After in seconds (got ${retryAfter})`)
    }

    /** The server for the next attempt: alternating, and never one that is down. */
    function pickServer(avoid: Instance['name'] | undefined): Instance | undefined {
      const candidates = live()
      const preferred = candidates.filter((instance) => instance.name !== avoid)
      const pool = preferred.length > 0 ? preferred : candidates
      attemptCounter += 1
      return pool[attemptCounter % pool.length]
    }

    /** One transfer, retried with the same key and body until the answer is definitive. */
    async function runTransfer(transfer: Transfer) {
      const deadline = Date.now() + RETRY_DEADLINE_MS
      let previous: Instance['name'] | undefined
      while (transfer.attempts.length < RETRY_LIMIT && Date.now() < deadline && !abort) {
        const instance = pickServer(previous)
        if (!instance) break
        previous = instance.name
        const startedAt = Date.now()
        const abandonAfterMs =
          transfer.phase === 'load' &&
          transfer.attempts.length === 0 &&
          Math.random() < CLIENT_ABORT_SHARE
            ? 2 + Math.floor(Math.random() * 30)
            : undefined
        const reply = await call(instance.server.url, 'POST', '/api/send-money/sabi-user', {
          ...(abandonAfterMs === undefined ? {} : { timeoutMs: abandonAfterMs }),
          cookie: transfer.from.cookie,
          key: transfer.key,
          body: {
            fromWalletId: transfer.from.ngnWalletId,
            recipientUserId: transfer.to.id,
            amount: formatMinor(transfer.amountMinor, 2),
            description: 'fault test',
            pin: TEST_PIN,
          },
        })
        const attempt: Attempt = {
          server: instance.name,
          startedAt,
          endedAt: Date.now(),
          status:
            reply.kind === 'reply'
              ? reply.status
              : abandonAfterMs === undefined
                ? 'network'
                : 'abandoned',
          detail: reply.kind === 'reply' ? reply.text.slice(0, 300) : reply.error,
        }
        transfer.attempts.push(attempt)
        const where = `transfer ${transfer.key} attempt ${transfer.attempts.length} on ${instance.name}`
        if (reply.kind === 'reply' && reply.status === 201) {
          const body = transactionSchema.safeParse(reply.body)
          if (!body.success) {
            violations.push(`${where}: 201 body is not a transaction: ${reply.text}`)
          } else if (
            body.data.amount !== formatMinor(transfer.amountMinor, 2) ||
            body.data.fromUserId !== transfer.from.id ||
            body.data.toUserId !== transfer.to.id
          ) {
            violations.push(`${where}: 201 describes another transfer: ${reply.text}`)
          }
          transfer.result = 'acknowledged'
          transfer.transactionId = body.success ? body.data.id : undefined
          transfer.replayed = reply.headers.get('idempotent-replayed') === 'true'
          if (transfer.replayed && transfer.attempts.length === 1)
            violations.push(`${where}: a fresh key answered as a replay: ${reply.text}`)
          acknowledged += 1
          return
        }
        if (reply.kind === 'reply' && reply.status >= 400 && reply.status < 500) {
          const error = apiErrorSchema.safeParse(reply.body)
          if (reply.status !== 409 || error.data?.code !== 'INSUFFICIENT_FUNDS')
            violations.push(`${where}: unexpected ${reply.status}: ${reply.text}`)
          transfer.result = 'refused'
          return
        }
        // In doubt: no answer, a 503, or any other 5xx. The same key and body again.
        let waitMs = Math.min(2_000, 100 * 2 ** Math.min(transfer.attempts.length, 4))
        if (reply.kind === 'reply') {
          if (reply.status === 503) {
            checkUnavailable(reply, where)
            const seconds = Number(reply.headers.get('retry-after'))
            if (Number.isFinite(seconds) && seconds > 0) waitMs = Math.min(2_000, seconds * 1_000)
          } else {
            violations.push(`${where}: ${reply.status} (a 5xx other than 503): ${reply.text}`)
          }
        }
        await sleep(waitMs)
      }
      transfer.result = 'unresolved'
    }

    function newTransfer(phase: Transfer['phase']): Transfer {
      const from = people[Math.floor(Math.random() * people.length)]
      let to = people[Math.floor(Math.random() * people.length)]
      while (to === from) to = people[Math.floor(Math.random() * people.length)]
      if (!from || !to) throw new Error('no people')
      const transfer: Transfer = {
        key: `fault-${randomUUID()}`,
        phase,
        from,
        to,
        amountMinor: BigInt(100 + Math.floor(Math.random() * 4_901)),
        attempts: [],
        result: undefined,
        transactionId: undefined,
        replayed: false,
      }
      transfers.push(transfer)
      return transfer
    }

    async function loadLoop() {
      // With no server left a transfer ends without awaiting anything: stop rather than spin.
      while (!stopLoad && !abort && live().length > 0) await runTransfer(newTransfer('load'))
    }

    async function loadUntil(label: string) {
      const target = acknowledged + ACKS_PER_PHASE
      await waitFor(`load ${label}`, 60_000, () => acknowledged >= target)
    }

    /** Polls every live server's /api/ready until 200; records how long each took. */
    async function awaitRecovery(fault: string, since: number) {
      await Promise.all(
        live().map(async (instance) => {
          const deadline = since + RECOVERY_LIMIT_MS * 2
          while (Date.now() < deadline && !instance.exit) {
            const reply = await call(instance.server.url, 'GET', '/api/ready')
            if (reply.kind === 'reply' && reply.status === 200) {
              recoveries.push({ fault, server: instance.name, ms: Date.now() - since })
              return
            }
            await sleep(100)
          }
          recoveries.push({ fault, server: instance.name, ms: undefined })
        }),
      )
    }

    async function restartPostgres(mode: 'fast' | 'immediate') {
      if (!postgres) throw new Error('no PostgreSQL')
      const outage: Outage = { label: `restart -m ${mode}`, from: Date.now(), to: Infinity }
      outages.push(outage)
      const { upAt } = await postgres.restart(mode, OUTAGE_MS)
      lastRestartUpAt = upAt
      await awaitRecovery(outage.label, upAt)
      outage.to = Date.now()
    }

    /** Every connection to the app's database cut at once, as an administrator or proxy might. */
    async function terminateConnections() {
      if (!postgres) throw new Error('no PostgreSQL')
      const outage: Outage = { label: 'pg_terminate_backend', from: Date.now(), to: Infinity }
      outages.push(outage)
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'sabi' and pid <> pg_backend_pid()",
        )
      } finally {
        await admin.end()
      }
      await awaitRecovery(outage.label, Date.now())
      outage.to = Date.now()
    }

    /** The test's own connection, opened after the faults so that it never meets one. */
    async function checkingDatabase(): Promise<DatabaseHandle> {
      if (!postgres) throw new Error('no PostgreSQL')
      database ??= await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 })
      return database
    }

    async function stopInstance(instance: Instance) {
      if (instance.exit) return
      const exited = new Promise((resolve) => instance.server.process.once('exit', resolve))
      instance.server.process.kill('SIGTERM')
      const timer = setTimeout(() => instance.server.process.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }

    beforeAll(async () => {
      postgres = await startPrivatePostgres()
      // One after the other: the first migrates and seeds, the second finds it done.
      instances.push(track('A', await startServerProcess(postgres.url, SERVER_ENV)))
      instances.push(track('B', await startServerProcess(postgres.url, SERVER_ENV)))
      const [a] = instances
      if (!a) throw new Error('server A did not start')
      for (let i = 0; i < PEOPLE; i++) {
        const account = buildSignUp()
        const signUp = await call(a.server.url, 'POST', '/api/auth/signup', { body: account })
        if (signUp.kind !== 'reply' || signUp.status !== 201)
          throw new Error(`sign-up failed: ${JSON.stringify(signUp)}`)
        const id = signUpReplySchema.parse(signUp.body).id
        const cookie = signUp.headers
          .getSetCookie()
          .map((header) => header.split(';')[0] ?? '')
          .find((pair) => pair.startsWith('sabi_sid='))
        if (!cookie) throw new Error('sign-up set no session cookie')
        const pin = await call(a.server.url, 'POST', '/api/pin', {
          cookie,
          body: { pin: TEST_PIN, password: account.password },
        })
        if (pin.kind !== 'reply' || pin.status !== 200)
          throw new Error(`setting the PIN failed: ${JSON.stringify(pin)}`)
        const listed = await call(a.server.url, 'GET', '/api/wallets', { cookie })
        if (listed.kind !== 'reply') throw new Error(listed.error)
        const ngn = walletSchema
          .array()
          .parse(listed.body)
          .find((wallet) => wallet.currency.code === 'NGN')
        if (!ngn) throw new Error('no NGN wallet')
        const funded = await call(a.server.url, 'POST', '/api/add-funds', {
          cookie,
          key: randomUUID(),
          body: { walletId: ngn.id, amount: formatMinor(FUNDING_MINOR, 2), method: 'card' },
        })
        if (funded.kind !== 'reply' || funded.status !== 201)
          throw new Error(`funding failed: ${JSON.stringify(funded)}`)
        people.push({ id, cookie, ngnWalletId: ngn.id })
      }
    }, 120_000)

    afterAll(async () => {
      abort = true
      await Promise.all(instances.map((instance) => stopInstance(instance)))
      await database?.close().catch(() => undefined)
      await postgres?.stop()
    }, 60_000)

    it('no server exits through restarts (fast, immediate), cut connections and a killed peer; 503s say UNAVAILABLE with Retry-After; recovery within seconds with no 5xx after', async () => {
      const [a, b] = instances
      if (!a || !b || !postgres) throw new Error('set-up failed')
      const loops = Array.from({ length: LOOPS }, () => loadLoop())
      try {
        await loadUntil('before any fault')
        await terminateConnections()
        await loadUntil('after connections were cut')
        await restartPostgres('fast')
        await loadUntil('after the fast restart')
        await restartPostgres('immediate')
        await loadUntil('after the immediate restart')
        // Killed outright mid-load: its requests in flight are in doubt and go to A again.
        b.killedByTest = true
        const bExited = new Promise((resolve) => b.server.process.once('exit', resolve))
        b.server.process.kill('SIGKILL')
        await bExited
        await loadUntil('after server B was killed')
      } finally {
        stopLoad = true
        await Promise.all(loops)
      }

      // A final burst on the recovered service: every answer definitive at the first attempt.
      const burst = Array.from({ length: 50 }, () => newTransfer('burst'))
      for (let i = 0; i < burst.length; i += 10)
        await Promise.all(burst.slice(i, i + 10).map((transfer) => runTransfer(transfer)))

      const attempts = transfers.flatMap((transfer) => transfer.attempts)
      const statusCounts: Record<string, number> = {}
      for (const attempt of attempts)
        statusCounts[String(attempt.status)] = (statusCounts[String(attempt.status)] ?? 0) + 1
      const inDoubt = transfers.filter((transfer) =>
        transfer.attempts.some(
          (attempt) => typeof attempt.status !== 'number' || attempt.status >= 500,
        ),
      )
      const during = (attempt: Attempt) =>
        outages.some((outage) => attempt.startedAt <= outage.to && attempt.endedAt >= outage.from)
      const fiveHundredsOutsideOutages = attempts.filter(
        (attempt) =>
          typeof attempt.status === 'number' && attempt.status >= 500 && !during(attempt),
      )
      const burstNotDefinitive = burst.filter(
        (transfer) => transfer.attempts.length !== 1 || transfer.result === 'unresolved',
      )
      const serverErrorLines = instances.flatMap((instance) =>
        instance.output
          .filter((line) =>
            /unhandled error|Unhandled 'error'|uncaught|unhandledRejection/i.test(line),
          )
          .map((line) => `${instance.name}: ${line.slice(0, 400)}`),
      )
      console.log(
        JSON.stringify(
          {
            transfers: transfers.length,
            attempts: attempts.length,
            acknowledged: transfers.filter((t) => t.result === 'acknowledged').length,
            refused: transfers.filter((t) => t.result === 'refused').length,
            unresolved: transfers.filter((t) => t.result === 'unresolved').length,
            inDoubt: inDoubt.length,
            inDoubtFromFaults: inDoubt.filter((t) =>
              t.attempts.some((a) => a.status === 'network' || Number(a.status) >= 500),
            ).length,
            inDoubtFromAbandonment: inDoubt.filter((t) =>
              t.attempts.some((a) => a.status === 'abandoned'),
            ).length,
            inDoubtResolvedByReplay: inDoubt.filter((t) => t.replayed).length,
            inDoubtResolvedByRunningOnce: inDoubt.filter(
              (t) => t.result === 'acknowledged' && !t.replayed,
            ).length,
            inDoubtThenRefused: inDoubt.filter((t) => t.result === 'refused').length,
            statusCounts,
            recoveries,
            outages: outages.map((o) => ({ label: o.label, ms: o.to - o.from })),
            fiveHundredsOutsideOutages: fiveHundredsOutsideOutages.length,
            processes: instances.map((i) => ({
              name: i.name,
              exit: i.exit ? { code: i.exit.code, signal: i.exit.signal } : null,
              killedByTest: i.killedByTest,
            })),
            violations: violations.length,
          },
          null,
          2,
        ),
      )
      if (violations.length > 0) console.log(`violations:\n${violations.slice(0, 30).join('\n')}`)
      if (serverErrorLines.length > 0)
        console.log(`server error lines:\n${serverErrorLines.slice(0, 20).join('\n')}`)

      // No process lost: A is still running, and B died only of the SIGKILL it was sent.
      expect.soft(a.exit, a.exit ? evidenceOf(a) : '').toBeUndefined()
      expect.soft(a.server.process.exitCode).toBeNull()
      expect.soft(a.server.process.signalCode).toBeNull()
      expect.soft(b.exit?.signal, b.exit?.signal === 'SIGKILL' ? '' : evidenceOf(b)).toBe('SIGKILL')
      // Back within seconds of PostgreSQL, after every fault, on every live server.
      for (const recovery of recoveries)
        expect
          .soft(recovery.ms, `${recovery.server} after ${recovery.fault}`)
          .toBeLessThan(RECOVERY_LIMIT_MS)
      expect
        .soft(
          fiveHundredsOutsideOutages.map(
            (attempt) => `${attempt.server} ${attempt.status} ${attempt.detail}`,
          ),
          'no 5xx outside an outage',
        )
        .toEqual([])
      expect
        .soft(
          burstNotDefinitive.map((t) =>
            t.attempts.map((attempt) => `${attempt.status} ${attempt.detail}`),
          ),
          'the final burst answers definitively at once',
        )
        .toEqual([])
      expect.soft(violations, 'answers breaking the contract').toEqual([])
      // The scenario did what it says: faults were met by requests in flight.
      expect.soft(statusCounts['503'] ?? 0, 'some requests met an outage').toBeGreaterThan(0)
    }, 240_000)

    it('every acknowledged transfer exists exactly once, every in-doubt one resolved, balances match the model, and the ledger verifies', async () => {
      if (!postgres) throw new Error('set-up failed')
      const database = await checkingDatabase()
      const unresolved = transfers.filter((transfer) => transfer.result === 'unresolved')
      expect
        .soft(
          unresolved.map((t) => `${t.key}: ${t.attempts.map((a) => a.status).join(',')}`),
          'still in doubt after retries',
        )
        .toEqual([])

      const acknowledgedTransfers = transfers.filter((t) => t.result === 'acknowledged')
      const ids = acknowledgedTransfers.map((t) => t.transactionId ?? `missing id for ${t.key}`)
      expect.soft(new Set(ids).size, 'one journal per acknowledged key').toBe(ids.length)
      const userIds = people.map((person) => person.id)
      const rows = await database.db
        .select({ id: journals.id })
        .from(journals)
        .where(
          and(
            eq(journals.type, 'send'),
            inArray(journals.fromUserId, userIds),
            inArray(journals.toUserId, userIds),
          ),
        )
      const stored = rows.map((row) => row.id).sort()
      const lost = ids.filter((id) => !stored.includes(id))
      const extra = stored.filter((id) => !ids.includes(id))
      console.log(
        `journals: ${stored.length} stored, ${ids.length} acknowledged, ${lost.length} lost, ${extra.length} unacknowledged or duplicated`,
      )
      const story = (id: string) => {
        const transfer = acknowledgedTransfers.find((t) => t.transactionId === id)
        const attempts = transfer?.attempts.map(
          (attempt) =>
            `${attempt.server} ${attempt.status} ${new Date(attempt.startedAt).toISOString()}..${new Date(attempt.endedAt).toISOString()}`,
        )
        return `${id} (key ${transfer?.key}): ${attempts?.join('; ')}`
      }
      const windows = outages.map(
        (o) => `${o.label} ${new Date(o.from).toISOString()}..${new Date(o.to).toISOString()}`,
      )
      expect
        .soft(
          lost.map(story),
          `acknowledged transfers missing from the database (${windows.join(', ')})`,
        )
        .toEqual([])
      expect.soft(extra, 'transfers in the database nobody was told of (duplicates)').toEqual([])

      // The stored idempotent answers: a success for each acknowledged key, nothing for a refusal.
      const keys = await database.db
        .select({
          key: idempotencyKeys.key,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
        })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.userId, userIds))
      const byKey = new Map(keys.map((row) => [row.key, row]))
      const keyMismatches: string[] = []
      for (const transfer of transfers) {
        const row = byKey.get(transfer.key)
        if (transfer.result === 'acknowledged') {
          const response = storedResponseSchema.safeParse(row?.response)
          if (row?.statusCode !== 201 || response.data?.id !== transfer.transactionId)
            keyMismatches.push(`${transfer.key}: acknowledged but stored ${JSON.stringify(row)}`)
        } else if (transfer.result === 'refused' && row) {
          keyMismatches.push(`${transfer.key}: refused but stored ${JSON.stringify(row)}`)
        }
      }
      expect.soft(keyMismatches, 'stored idempotency keys agree with the answers').toEqual([])

      // Balances: the funding, plus or minus every acknowledged transfer; nothing else moved.
      const model = new Map(people.map((person) => [person.ngnWalletId, FUNDING_MINOR]))
      for (const transfer of acknowledgedTransfers) {
        const from = transfer.from.ngnWalletId
        const to = transfer.to.ngnWalletId
        model.set(from, (model.get(from) ?? 0n) - transfer.amountMinor)
        model.set(to, (model.get(to) ?? 0n) + transfer.amountMinor)
      }
      const balances = await database.db
        .select({ walletId: wallets.id, balanceMinor: ledgerAccounts.balanceMinor })
        .from(wallets)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
        .where(
          inArray(
            wallets.id,
            people.map((person) => person.ngnWalletId),
          ),
        )
      const actual = new Map(balances.map((row) => [row.walletId, row.balanceMinor]))
      for (const person of people)
        expect
          .soft(actual.get(person.ngnWalletId), `balance of ${person.id}`)
          .toBe(model.get(person.ngnWalletId))

      expect.soft(await verifyLedger(database.db)).toEqual([])
      // And the operator's own command, `npm run ledger:verify`, on the same database.
      const verify = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/verify-ledger.ts'],
        {
          env: { ...process.env, DATABASE_URL: postgres.url, SESSION_SECRET: TEST_SESSION_SECRET },
          timeout: 60_000,
        },
      ).then(
        (output) => ({ ok: true, output: output.stdout }),
        (error: unknown) => ({ ok: false, output: describeError(error) }),
      )
      expect.soft(verify.output).toContain('Ledger verified')
      expect.soft(verify.ok).toBe(true)
    }, 120_000)

    it('the payout worker settles a bank transfer and the market feed records prices after the restarts', async () => {
      const [a] = instances
      const [sender] = people
      if (!a || !sender) throw new Error('set-up failed')
      const database = await checkingDatabase()
      expect(a.exit, a.exit ? evidenceOf(a) : '').toBeUndefined()
      const key = randomUUID()
      const sent = await call(a.server.url, 'POST', '/api/send-money/bank', {
        cookie: sender.cookie,
        key,
        body: {
          fromWalletId: sender.ngnWalletId,
          bankCode: '058',
          accountNumber: '3141592653',
          accountName: 'Ngozi Eze',
          amount: '1.00',
          pin: TEST_PIN,
        },
      })
      expect(sent.kind === 'reply' ? sent.status : sent.error).toBe(201)
      const id = sent.kind === 'reply' ? transactionSchema.parse(sent.body).id : ''
      let status = 'pending'
      const deadline = Date.now() + 30_000
      while (status === 'pending' && Date.now() < deadline) {
        await sleep(250)
        const details = await call(a.server.url, 'GET', `/api/transactions/${id}`, {
          cookie: sender.cookie,
        })
        if (details.kind === 'reply' && details.status === 200)
          status = transactionDetailsSchema.parse(details.body).status
      }
      expect(status).toBe('completed')

      // The feed writes at most a row set every 45 s: wait for one after the last restart.
      const feedDeadline = Date.now() + 70_000
      let latest = 0
      while (latest <= lastRestartUpAt && Date.now() < feedDeadline) {
        const [row] = await database.db
          .select({ at: marketPrices.recordedAt })
          .from(marketPrices)
          .orderBy(desc(marketPrices.recordedAt))
          .limit(1)
        latest = row?.at.getTime() ?? 0
        if (latest <= lastRestartUpAt) await sleep(1_000)
      }
      expect(latest).toBeGreaterThan(lastRestartUpAt)
      expect(a.exit, a.exit ? evidenceOf(a) : '').toBeUndefined()
    }, 120_000)
  },
)
