/**
 * Hostile requests generated from the app's own OpenAPI document (issue "Every request gets a
 * clear 4xx for bad input"). For every operation, signed out and signed in as a funded user,
 * one hostile value at a time in a path parameter, query parameter, header or body field (NUL
 * bytes, lone surrogates, over-long text, numbers and dates out of range, wrong JSON types,
 * crafted ids and cursors, prototype keys, deep nesting), then the transport: wrong content
 * types (415), wrong methods (405 with Allow), unknown /api paths (404 JSON), oversized bodies
 * (413), query strings and headers, and X-Forwarded-For on a failed sign-in in production.
 *
 * Every answer: below 500, no internal detail, errors on /api as `{message, code}` JSON. A
 * request that breaks the schema (or carries text PostgreSQL cannot store, or an amount no
 * route takes) must be refused with a 4xx and change nothing: the tables are compared before
 * and after each operation's refused requests, and the ledger is verified after every test.
 * All problems are collected and reported once per test, grouped by class.
 *
 * A request that only the database refused (the error handler's backstop answers it 400 and
 * logs a warning) fails the run too: its answer is a 4xx, but validation let it through, and
 * the backstop is not meant to be relied on (docs/security.md "Input").
 *
 *   FUZZ_RUNS=<n>  random mutations per operation, signed out and signed in (default 10). A
 *                  fixed sweep runs whatever the number: NUL, lone surrogates, over-long text
 *                  and a wrong type in every field and parameter, and the issue's crafted
 *                  cursors, dates, ids and numbers wherever they fit. The default run sends
 *                  about 5,000 requests per database; FUZZ_RUNS=200 about 30,000.
 *   FUZZ_SEED=<n>  the fast-check seed (default fixed); a failure report names the seed used.
 *   FUZZ_VERBOSE=1 prints each operation's base status and the statuses its mutations got.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { queryRows } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { addFunds, signUpClient, TEST_PIN, walletIn } from '../factories/money.ts'
import {
  type Answer,
  allowOf,
  answerProblems,
  applyMutation,
  baseRequest,
  bodyText,
  contentTypeOf,
  describeHostile,
  describeSlot,
  Findings,
  type FuzzRequest,
  type Hints,
  HTTP_METHODS,
  type Mutation,
  mustRefuse,
  mutationArbitrary,
  OMIT,
  type Operation,
  operationsOf,
  seedFor,
  sentTexts,
  slotsOf,
  sweepFor,
  truncate,
  urlOf,
  validQueryValue,
} from '../setup/openapi-fuzz.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

function numberFromEnv(name: string): number | undefined {
  const value = process.env[name]
  if (value === undefined || value.trim() === '') return undefined
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) throw new Error(`${name} must be an integer, not ${value}`)
  return parsed
}

const RUNS = Math.max(0, numberFromEnv('FUZZ_RUNS') ?? 10)
/** FUZZ_VERBOSE=1 prints, per operation, the base request's status and the statuses seen. */
const VERBOSE = process.env.FUZZ_VERBOSE === '1'
const SEED = numberFromEnv('FUZZ_SEED') ?? 20_251_107
const REPRODUCE = `seed ${SEED}, runs ${RUNS}: repeat with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`
/** Long runs need more time; the default run takes well under a minute per database. */
const TIMEOUT_MS = 240_000 + RUNS * 4_000

/** Limits lifted so that they do not mask what is behind them (a 429 is a 4xx anyway). */
const ENV = {
  MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000000',
  LOGIN_FAILURES_PER_ADDRESS: '1000000',
}

const APP_HTML = '<!doctype html><title>app</title><div id="root"></div>'
const WRONG_PASSWORD = 'wrong-password-000'

/** The tables a refused request must leave as they were (login failures are meant to grow). */
const CHECKED_TABLES = [
  'users',
  'user_settings',
  'wallets',
  'ledger_accounts',
  'journals',
  'postings',
  'idempotency_keys',
  'quotes',
  'payouts',
  'transaction_events',
  'recipients',
  'payment_requests',
  'pos_sales',
  'backup_codes',
  'cards',
  'card_requests',
]

/** Operations that may end or replace the session they are sent with. */
const SESSION_ENDING = new Set([
  'GET /api/logout',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/password',
  'POST /api/account/deactivate',
  'DELETE /api/sessions/{id}',
])

type Account = {
  client: TestClient
  id: string
  email: string
  password: string
  ngnWalletId: string
  usdWalletId: string
  transactionId: string
  internationalQuoteId: string
}

type World = {
  currencyIds: Map<string, number>
  cryptoId: number
  other: Account
  paymentRequestId: string
  funded: Account[]
  disposable: Account[]
}

type Planned = {
  label: string
  cls: string
  mutation: Mutation | undefined
  request: FuzzRequest
  refuse: string | undefined
  account: Account | undefined
}

const idSchema = z.object({ id: z.string() })
const currenciesSchema = z.array(z.object({ id: z.number(), code: z.string() }))
const userSchema = z.object({ id: z.string() })

let unique = 0
function nextUnique(): string {
  unique += 1
  return `${Date.now().toString(36)}${unique}`
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url
}

/** Plausible values by name and place, so that a base request reaches each route's logic. */
function hintsFor(world: World, account: Account | undefined): Hints {
  return ({ operation, location, path }) => {
    const name = path.at(-1) ?? ''
    const parent = path.length > 1 ? path[0] : undefined
    const route = operation.path
    const ngn = account?.ngnWalletId ?? randomUUID()
    const usd = account?.usdWalletId ?? randomUUID()
    if (location === 'path' && name === 'id') {
      if (route === '/api/users/{id}') return world.other.id
      if (route === '/api/transactions/{id}') return account?.transactionId ?? randomUUID()
      if (route.startsWith('/api/payment-requests/')) return world.paymentRequestId
      if (route === '/api/sessions/{id}') return randomUUID().replaceAll('-', '')
      return randomUUID()
    }
    if (location === 'header')
      return name === 'idempotency-key' ? `fuzz-${randomUUID()}` : undefined
    if (location === 'query') return validQueryValue(route, name)
    if (location !== 'body') return undefined
    if (parent === 'customerInfo') {
      return { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348012345678' }[name]
    }
    if (parent === 'card') return name === 'number' ? '4242424242424242' : undefined
    if (parent === 'recipient') {
      const recipient: Record<string, unknown> = {
        method: 'bank_wire',
        fullName: 'Emeka Obi',
        bankName: 'Barclays',
        accountNumber: 'GB29 NWBK 6016 1331 9268 19',
        swiftCode: 'NWBKGB2L',
        phoneNumber: '+1 416 555 0134',
        walletProvider: 'Mercado Pago',
      }
      return recipient[name]
    }
    const international = route.startsWith('/api/international') || route.endsWith('/international')
    switch (name) {
      case 'email':
        return route === '/api/auth/signup'
          ? `fuzz_${nextUnique()}@example.com`
          : 'nobody@example.com'
      case 'password':
        return route === '/api/auth/signup' ? 'correct-horse-battery' : WRONG_PASSWORD
      case 'currentPassword':
        return WRONG_PASSWORD
      case 'newPassword':
        return 'another-password-000'
      case 'username':
        return `fz_${nextUnique()}`
      case 'firstName':
        return 'Ada'
      case 'lastName':
        return 'Obi'
      case 'code':
        return '000000'
      case 'pin':
        return TEST_PIN
      case 'walletId':
      case 'fromWalletId':
      case 'defaultWalletId':
        return international ? usd : ngn
      case 'toWalletId':
        return usd
      case 'recipientUserId':
        return world.other.id
      case 'currencyId':
        return world.currencyIds.get('GBP') ?? 3
      case 'fromCurrencyId':
      case 'fiatCurrencyId':
        return world.currencyIds.get('NGN') ?? 1
      case 'toCurrencyId':
        return world.currencyIds.get('USD') ?? 2
      case 'cryptoCurrencyId':
        return world.cryptoId
      case 'quoteId':
        return route === '/api/send-money/international'
          ? (account?.internationalQuoteId ?? randomUUID())
          : OMIT
      case 'amount': {
        const amounts: Record<string, string> = {
          '/api/add-funds': '10.00',
          '/api/bill-pay': '1000',
          '/api/crypto/purchase': '10.00',
          '/api/quotes': '100.00',
          '/api/exchange': '100.00',
          '/api/international/quote': '10.00',
          '/api/send-money/bank': '100.00',
          '/api/pos/sale': '5.00',
        }
        return amounts[route] ?? '1.00'
      }
      case 'bankCode':
        return '057'
      case 'accountNumber':
        return route === '/api/bill-pay' ? '45067123456' : '0123456789'
      case 'accountName':
        return 'Ada Obi'
      case 'billType':
        return 'electricity'
      case 'provider':
        return 'ikeja-electric'
      case 'region':
        return 'north-america'
      case 'countryCode':
        return 'US'
      case 'method':
        return international ? 'bank_wire' : 'card'
      case 'paymentMethod':
        return 'wallet'
      case 'description':
        return 'fuzz test'
      case 'phoneNumber':
        return '+2348012345678'
      case 'idType':
        return 'bvn'
      case 'idNumber':
        return '12345678901'
      case 'dateOfBirth':
        return '1990-05-17'
      case 'language':
        return 'en'
      case 'displayCurrency':
        return 'NGN'
      case 'reason':
        return 'lost'
      case 'addressLine':
        return '1 Marina Road'
      case 'city':
        return 'Lagos'
      case 'country':
        return 'Nigeria'
      default:
        return undefined
    }
  }
}

function cookieOf(account: Account): string {
  const sid = account.client.cookies.get('sabi_sid')
  return sid ? `sabi_sid=${sid}` : ''
}

/**
 * Warnings the server logged while answering the current request. With logging off, Fastify's
 * logger is one shared null logger, whose `warn` this file replaces to listen.
 */
const warnings: string[] = []

function listenToWarnings(target: FastifyInstance): void {
  const warn = (...args: unknown[]) => {
    warnings.push(
      args
        .map((arg) => {
          try {
            return typeof arg === 'string' ? arg : JSON.stringify(arg)
          } catch {
            return String(arg)
          }
        })
        .join(' '),
    )
  }
  Object.defineProperty(target.log, 'warn', { value: warn, configurable: true, writable: true })
}

/** The error handler's backstop: input only the database refused (error-handler.ts). */
const DATABASE_REFUSED = /refused by the database/

let nextAddress = 0
/** A new client address per request: per-address limits must not mask what is behind them. */
function freshAddress(): string {
  nextAddress += 1
  return `10.${200 + ((nextAddress >> 16) & 31)}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`
}

async function inject(
  app: FastifyInstance,
  options: {
    method: string
    url: string
    headers: Record<string, string>
    payload?: string | Buffer | undefined
    remoteAddress?: string
  },
): Promise<Answer> {
  try {
    const response = await app.inject({
      method: options.method,
      url: options.url,
      headers: options.headers,
      remoteAddress: options.remoteAddress ?? freshAddress(),
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    })
    return { status: response.statusCode, headers: response.headers, text: response.body }
  } catch (error) {
    return { status: -1, headers: {}, text: error instanceof Error ? error.message : String(error) }
  }
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `fuzz: hostile requests from the OpenAPI document on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: FastifyInstance
      let clientRoot: string
      let operations: Operation[]
      let world: World

      async function fundedAccount(): Promise<Account> {
        const client = createTestClient(app)
        const user = await signUpClient(client)
        const ngn = await walletIn(client, 'NGN')
        const usd = await walletIn(client, 'USD')
        const topUp = await addFunds(client, ngn.id, '900000.00')
        await addFunds(client, usd.id, '900000.00')
        const quote = await client.post('/api/international/quote', {
          fromWalletId: usd.id,
          region: 'north-america',
          countryCode: 'US',
          method: 'bank_wire',
          amount: '10.00',
        })
        expect(quote.status, quote.text).toBe(201)
        return {
          client,
          id: user.id,
          email: user.email,
          password: user.password,
          ngnWalletId: ngn.id,
          usdWalletId: usd.id,
          transactionId: topUp.id,
          internationalQuoteId: idSchema.parse(quote.body).id,
        }
      }

      async function plainAccount(): Promise<Account> {
        const client = createTestClient(app)
        const user = await signUpClient(client)
        return {
          client,
          id: user.id,
          email: user.email,
          password: user.password,
          ngnWalletId: randomUUID(),
          usdWalletId: randomUUID(),
          transactionId: randomUUID(),
          internationalQuoteId: randomUUID(),
        }
      }

      /** Signs the account in again if a request ended its session, or replaces it. */
      async function ensureSession(account: Account, funded: boolean): Promise<void> {
        const check = await account.client.get('/api/auth/user')
        const user = userSchema.safeParse(check.body)
        if (check.status === 200 && user.success && user.data.id === account.id) return
        const login = await account.client.post('/api/auth/login', {
          email: account.email,
          password: account.password,
        })
        if (login.status === 200) return
        Object.assign(account, funded ? await fundedAccount() : await plainAccount())
      }

      async function snapshot(): Promise<Map<string, string>> {
        const state = new Map<string, string>()
        for (const table of CHECKED_TABLES) {
          const [row] = await queryRows(
            database.db,
            sql.raw(
              `select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${table} t`,
            ),
          )
          state.set(table, `${String(row?.n)} rows, ${String(row?.digest).slice(0, 8)}`)
        }
        return state
      }

      function changes(before: Map<string, string>, after: Map<string, string>): string {
        return [...before]
          .filter(([table, value]) => after.get(table) !== value)
          .map(([table, value]) => `${table}: ${value} → ${after.get(table)}`)
          .join('; ')
      }

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        clientRoot = await mkdtemp(join(tmpdir(), 'sabi-fuzz-client-'))
        await writeFile(join(clientRoot, 'index.html'), APP_HTML)
        // The client is served as in production, so an unknown /api path could fall through to
        // the app's HTML if the server let it.
        app = await createTestApp(database, ENV, { clientRoot })
        listenToWarnings(app)
        operations = operationsOf(
          app.swagger(),
          (path) => path === '/api/docs' || path.startsWith('/api/docs/'),
        )
        const anonymous = createTestClient(app)
        const currencies = currenciesSchema.parse((await anonymous.get('/api/currencies')).body)
        const cryptos = currenciesSchema.parse((await anonymous.get('/api/cryptocurrencies')).body)
        const other = await plainAccount()
        const otherNgn = await walletIn(other.client, 'NGN')
        other.ngnWalletId = otherNgn.id
        const request = await other.client.post('/api/payment-requests', {
          walletId: otherNgn.id,
          amount: '1.00',
        })
        expect(request.status, request.text).toBe(201)
        // A few users share the signed-in requests: some routes allow 20 calls per user in 15
        // minutes, and the fuzz must reach their validation rather than their rate limit.
        const poolSize = Math.max(2, Math.ceil((RUNS + 40) / 15))
        const funded: Account[] = []
        const disposable: Account[] = []
        for (let index = 0; index < poolSize; index++) {
          funded.push(await fundedAccount())
          disposable.push(await plainAccount())
        }
        world = {
          currencyIds: new Map(currencies.map((currency) => [currency.code, currency.id])),
          cryptoId: cryptos[0]?.id ?? 1,
          other,
          paymentRequestId: idSchema.parse(request.body).id,
          funded,
          disposable,
        }
      })

      afterEach(async () => {
        // `npm run ledger:verify` must pass after every batch of hostile requests.
        if (database) expect(await verifyLedger(database.db)).toEqual([])
      })

      afterAll(async () => {
        await app?.close()
        await database?.destroy()
        if (clientRoot) await rm(clientRoot, { recursive: true, force: true })
      })

      function accountFor(operation: Operation, index: number): Account | undefined {
        const pool = SESSION_ENDING.has(operation.key) ? world.disposable : world.funded
        return pool[index % pool.length]
      }

      /** The base request, the fixed sweep and RUNS random mutations of one operation. */
      function plan(operation: Operation, signedIn: boolean): Planned[] {
        const state = signedIn ? 'signed in' : 'signed out'
        const slots = slotsOf(operation)
        const mutations: (Mutation | undefined)[] = [
          undefined,
          ...slots.flatMap((slot) => sweepFor(slot).map((hostile) => ({ slot, hostile }))),
          ...(RUNS > 0
            ? fc.sample(mutationArbitrary(slots), {
                seed: seedFor(SEED, `${state} ${operation.key}`),
                numRuns: RUNS,
              })
            : []),
        ]
        return mutations.map((mutation, index) => {
          const account = signedIn ? accountFor(operation, index) : undefined
          const base = baseRequest(operation, hintsFor(world, account))
          const request = mutation ? applyMutation(base, mutation) : base
          return {
            label: `${operation.key} (${state})`,
            cls: mutation ? `${mutation.slot.location}:${mutation.hostile.cls}` : 'base request',
            mutation,
            request,
            refuse: mustRefuse(request),
            account,
          }
        })
      }

      const statistics = new Map<string, { base: number; statuses: Map<number, number> }>()

      function record(planned: Planned, status: number): void {
        const key = planned.label
        const entry = statistics.get(key) ?? { base: 0, statuses: new Map<number, number>() }
        if (!planned.mutation) entry.base = status
        entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1)
        statistics.set(key, entry)
      }

      async function execute(planned: Planned, findings: Findings): Promise<Answer> {
        const { request, account } = planned
        const headers: Record<string, string> = {}
        if (account) headers.cookie = cookieOf(account)
        const payload = bodyText(request.body)
        if (payload !== undefined) headers['content-type'] = 'application/json'
        Object.assign(headers, request.headers)
        const url = urlOf(request)
        warnings.length = 0
        const answer = await inject(app, {
          method: request.operation.method,
          url,
          headers,
          payload,
        })
        record(planned, answer.status)
        const mutation = planned.mutation
          ? `${describeSlot(planned.mutation.slot)} ← ${describeHostile(planned.mutation.hostile)}`
          : '(base request)'
        const report = (check: string, detail: string) =>
          findings.add({
            check,
            cls: planned.cls,
            operation: planned.label,
            mutation,
            status: answer.status,
            answer: answer.text,
            detail,
          })
        if (answer.status === -1) report('inject-error', '')
        const problems = answerProblems(pathOf(url), answer, sentTexts(request, planned.mutation))
        for (const check of new Set(problems.map((problem) => problem.check))) {
          const details = problems.filter((problem) => problem.check === check)
          report(check, details.map((problem) => problem.detail).join('; '))
        }
        const gap = warnings.find((warning) => DATABASE_REFUSED.test(warning))
        if (gap) report('validation-gap', truncate(gap, 120))
        if (planned.refuse && answer.status >= 200 && answer.status < 400) {
          report('accepted-invalid', `must refuse: ${planned.refuse}`)
        }
        if (account && SESSION_ENDING.has(request.operation.key) && answer.status < 400) {
          await ensureSession(account, world.funded.includes(account))
        }
        return answer
      }

      /** The refused requests first, operation by operation, with the tables compared around each. */
      async function run(plans: Planned[], findings: Findings): Promise<number> {
        const byOperation = new Map<string, Planned[]>()
        for (const planned of plans) {
          if (!planned.refuse) continue
          byOperation.set(planned.label, [...(byOperation.get(planned.label) ?? []), planned])
        }
        for (const [label, refused] of byOperation) {
          const before = await snapshot()
          for (const planned of refused) await execute(planned, findings)
          const after = await snapshot()
          const changed = changes(before, after)
          if (changed) {
            findings.add({
              check: 'state-changed',
              cls: 'refused requests',
              operation: label,
              mutation: `${refused.length} requests that must be refused`,
              status: 0,
              answer: '',
              detail: changed,
            })
          }
        }
        for (const planned of plans) if (!planned.refuse) await execute(planned, findings)
        return plans.length
      }

      function finish(title: string, findings: Findings, count: number, started: number) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        console.log(`fuzz on ${kind}, ${title}: ${count} requests in ${seconds} s (${REPRODUCE})`)
        if (VERBOSE) {
          for (const [label, entry] of statistics) {
            const statuses = [...entry.statuses]
              .sort(([a], [b]) => a - b)
              .map(([status, times]) => `${status}×${times}`)
              .join(' ')
            console.log(`  ${label}: base ${entry.base}; ${statuses}`)
          }
          statistics.clear()
        }
        if (findings.size > 0) throw new Error(findings.report(`${title} on ${kind}`, REPRODUCE))
      }

      it(
        'signed out: no hostile value in any parameter, header or field gets a 5xx or internal detail, and refused ones change nothing',
        async () => {
          const started = Date.now()
          const findings = new Findings()
          const plans = operations.flatMap((operation) => plan(operation, false))
          const count = await run(plans, findings)
          finish('signed out', findings, count, started)
        },
        TIMEOUT_MS,
      )

      it(
        'signed in as a funded user: the same, with every route reaching its own logic',
        async () => {
          const started = Date.now()
          const findings = new Findings()
          const plans = operations.flatMap((operation) => plan(operation, true))
          const count = await run(plans, findings)
          finish('signed in', findings, count, started)
        },
        TIMEOUT_MS,
      )

      it(
        'transport: wrong content types are 415, wrong methods 405 with Allow, unknown /api paths 404 JSON, big bodies 413, big queries and headers no 5xx',
        async () => {
          const started = Date.now()
          const findings = new Findings()
          const account = world.funded[0]
          if (!account) throw new Error('no signed-in user')
          type Probe = {
            cls: string
            label: string
            method: string
            url: string
            headers: Record<string, string>
            payload?: string | undefined
            /** What is wrong with the answer, or undefined. */
            expect?: (answer: Answer) => string | undefined
            refused: boolean
          }
          const probes: Probe[] = []
          const exactly = (status: number) => (answer: Answer) =>
            answer.status === status ? undefined : `expected ${status}`
          const below500 = undefined

          const baseOf = (operation: Operation) => baseRequest(operation, hintsFor(world, account))
          const signedInHeaders = (request: FuzzRequest) => ({
            cookie: cookieOf(account),
            ...request.headers,
          })

          // Wrong content types on every operation that takes a body (and the payout webhook).
          const multipart =
            '--fuzz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n1.00\r\n--fuzz--\r\n'
          for (const operation of operations) {
            if (!operation.body && operation.path !== '/api/webhooks/payouts') continue
            const request = baseOf(operation)
            const json = bodyText(request.body) ?? '{}'
            const variants: [string, string | undefined, string][] = [
              ['text/plain', 'text/plain', json],
              ['text/plain;charset=utf-8', 'text/plain; charset=utf-8', json],
              ['form-urlencoded', 'application/x-www-form-urlencoded', 'amount=1.00&walletId=x'],
              ['multipart', 'multipart/form-data; boundary=fuzz', multipart],
              ['xml', 'application/xml', '<amount>1.00</amount>'],
              ['octet-stream', 'application/octet-stream', json],
              ['missing content type', undefined, json],
            ]
            for (const [name, contentType, payload] of variants) {
              // Signed out (a fresh address each): the body is read before the session matters,
              // and a per-user limit of 20 calls must not answer in the parser's place.
              const headers: Record<string, string> = { ...request.headers }
              if (contentType) headers['content-type'] = contentType
              probes.push({
                cls: `content-type:${name}`,
                label: operation.key,
                method: operation.method,
                url: urlOf(request),
                headers,
                payload,
                expect: exactly(415),
                refused: true,
              })
            }
          }

          // Wrong methods on every known path: 405 with an Allow header naming the right ones.
          const byPath = new Map<string, Operation[]>()
          for (const operation of operations) {
            byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation])
          }
          for (const [path, pathOperations] of byPath) {
            const first = pathOperations[0]
            if (!first) continue
            const url = pathOf(urlOf(baseOf(first)))
            const declared = pathOperations.map((operation) => operation.method)
            for (const method of HTTP_METHODS) {
              if (declared.includes(method)) continue
              const sendsBody = method !== 'GET' && method !== 'DELETE'
              probes.push({
                cls: 'wrong-method',
                label: `${method} ${path}`,
                method,
                url,
                headers: sendsBody
                  ? { cookie: cookieOf(account), 'content-type': 'application/json' }
                  : { cookie: cookieOf(account) },
                payload: sendsBody ? '{}' : undefined,
                expect: (answer) => {
                  if (answer.status !== 405) return 'expected 405'
                  const allow = allowOf(answer)
                    .split(',')
                    .map((entry) => entry.trim().toUpperCase())
                  const missing = declared.filter((entry) => !allow.includes(entry))
                  if (missing.length > 0)
                    return `Allow "${allowOf(answer)}" misses ${missing.join(', ')}`
                  if (allow.includes(method)) return `Allow "${allowOf(answer)}" names ${method}`
                  return undefined
                },
                refused: true,
              })
            }
          }

          // Unknown /api paths, any method: 404 JSON, never the app's page.
          const patterns = operations.map(
            (operation) =>
              new RegExp(
                `^${operation.path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`,
              ),
          )
          const unknownPaths = [
            '/api',
            '/api/',
            '/api/v2/wallets',
            '/api/wallets/total/extra',
            '/api/transactions/x/y',
            '/api/%00',
            '/api/%ED%A0%80',
            '/api/..%2F..%2Fetc%2Fpasswd',
            '/api//wallets',
            '/api/WALLETS',
            '/api/wallets.json',
            '/api/auth',
            '/api/admin',
            ...fc.sample(
              fc
                .array(
                  // No `.` or `..` segment: every client resolves those before sending.
                  fc
                    .stringMatching(/^[a-z0-9_.~-]{1,12}$/)
                    .filter((segment) => !/^\.\.?$/.test(segment)),
                  { minLength: 1, maxLength: 4 },
                )
                .map((segments) => `/api/${segments.join('/')}`),
              { seed: seedFor(SEED, 'unknown paths'), numRuns: 10 + RUNS },
            ),
          ].filter(
            (path) =>
              !patterns.some((pattern) => pattern.test(path)) && !path.startsWith('/api/docs'),
          )
          for (const path of unknownPaths) {
            for (const method of HTTP_METHODS) {
              const sendsBody = method !== 'GET' && method !== 'DELETE'
              probes.push({
                cls: 'unknown-path',
                label: `${method} ${path}`,
                method,
                url: path,
                headers: sendsBody ? { 'content-type': 'application/json' } : {},
                payload: sendsBody ? '{}' : undefined,
                expect: (answer) => {
                  if (answer.status === 404 && /"code":"NOT_FOUND"/.test(answer.text))
                    return undefined
                  // A path no decoder can read (NUL, broken UTF-8, an encoded slash) may be a 400.
                  if (/%(00|ED|2F)/i.test(path) && answer.status === 400) return undefined
                  return `expected 404 {code: NOT_FOUND}${allowOf(answer) ? `; Allow: ${allowOf(answer)}` : ''}`
                },
                refused: true,
              })
            }
          }

          // Bodies over the 64 KB limit (the webhook's is 16 KB): 413.
          for (const operation of operations) {
            if (!operation.body && operation.path !== '/api/webhooks/payouts') continue
            const request = baseOf(operation)
            for (const size of [70 * 1024, 1024 * 1024]) {
              probes.push({
                cls: 'oversized-body',
                label: operation.key,
                method: operation.method,
                url: urlOf(request),
                headers: { ...request.headers, 'content-type': 'application/json' },
                payload: JSON.stringify({ padding: 'a'.repeat(size) }),
                expect: exactly(413),
                refused: true,
              })
            }
          }

          // 100 KB query strings and 8-16 KB headers: anything but a 5xx (Node itself may 431).
          for (const operation of operations) {
            const request = baseOf(operation)
            const url = urlOf(request)
            const payload = bodyText(request.body)
            const withBody: Record<string, string> =
              payload === undefined ? {} : { 'content-type': 'application/json' }
            const joiner = url.includes('?') ? '&' : '?'
            probes.push({
              cls: 'query-100kb',
              label: operation.key,
              method: operation.method,
              url: `${url}${joiner}pad=${'a'.repeat(100 * 1024)}`,
              headers: { ...signedInHeaders(request), ...withBody },
              payload,
              expect: below500,
              refused: false,
            })
            probes.push({
              cls: 'query-many-params',
              label: operation.key,
              method: operation.method,
              url: `${url}${joiner}${Array.from({ length: 10_000 }, (_, index) => `p${index}=1`).join('&')}`,
              headers: { ...signedInHeaders(request), ...withBody },
              payload,
              expect: below500,
              refused: false,
            })
            for (const declared of operation.params.filter((param) => param.in === 'query')) {
              const longRequest: FuzzRequest = {
                ...request,
                query: [
                  ...request.query.filter((entry) => entry.name !== declared.name),
                  { name: declared.name, value: { text: 'a'.repeat(100 * 1024) } },
                ],
              }
              probes.push({
                cls: 'query-100kb-declared',
                label: operation.key,
                method: operation.method,
                url: urlOf(longRequest),
                headers: { ...signedInHeaders(request), ...withBody },
                payload,
                expect: (answer) =>
                  answer.status >= 400 && answer.status < 500 ? undefined : 'expected a 4xx',
                refused: mustRefuse(longRequest) !== undefined,
              })
            }
            const big = (length: number) => 'h'.repeat(length)
            probes.push({
              cls: 'big-headers',
              label: operation.key,
              method: operation.method,
              url,
              headers: {
                ...signedInHeaders(request),
                ...withBody,
                'user-agent': big(16 * 1024),
                'accept-language': big(8 * 1024),
                referer: `http://localhost/${big(9 * 1024)}`,
                'x-forwarded-for': `${'1.2.3.4, '.repeat(1_500)}5.6.7.8`,
                'x-custom': big(12 * 1024),
              },
              payload,
              expect: below500,
              refused: false,
            })
            probes.push({
              cls: 'big-cookie',
              label: operation.key,
              method: operation.method,
              url,
              headers: {
                ...request.headers,
                ...withBody,
                cookie: `sabi_sid=${big(12 * 1024)}; other=${big(2 * 1024)}`,
              },
              payload,
              expect: below500,
              refused: false,
            })
          }

          const refusedBefore = await snapshot()
          let count = 0
          const send = async (probe: Probe) => {
            count += 1
            const answer = await inject(app, probe)
            const report = (check: string, detail: string) =>
              findings.add({
                check,
                cls: probe.cls,
                operation: probe.label,
                mutation: probe.cls,
                status: answer.status,
                answer: answer.text,
                detail,
              })
            if (answer.status === -1) report('inject-error', '')
            const sent = [...Object.values(probe.headers), pathOf(probe.url), probe.payload ?? '']
            for (const problem of answerProblems(pathOf(probe.url), answer, sent)) {
              report(problem.check, problem.detail)
            }
            const wrong = probe.expect?.(answer)
            if (wrong) {
              report('wrong-status', `${wrong}; content-type ${contentTypeOf(answer) || '(none)'}`)
            } else if (probe.refused && answer.status < 400) {
              report('accepted-invalid', 'must refuse')
            }
          }
          for (const probe of probes) if (probe.refused) await send(probe)
          const changed = changes(refusedBefore, await snapshot())
          if (changed) {
            findings.add({
              check: 'state-changed',
              cls: 'refused transport requests',
              operation: '(all)',
              mutation: 'wrong content types, methods, paths, sizes',
              status: 0,
              answer: '',
              detail: changed,
            })
          }
          for (const probe of probes) if (!probe.refused) await send(probe)
          finish('transport', findings, count, started)
        },
        TIMEOUT_MS,
      )

      it(
        'production mode: garbage or over-long X-Forwarded-For on sign-in, failed or not, is never a 5xx',
        async () => {
          const started = Date.now()
          const findings = new Findings()
          const production = await createTestApp(database, {
            ...ENV,
            NODE_ENV: 'production',
            TRUST_PROXY: '1',
          })
          const productionWithoutProxy = await createTestApp(database, {
            ...ENV,
            NODE_ENV: 'production',
          })
          try {
            const user = await plainAccount()
            const forwarded = [
              'A'.repeat(10_000),
              `${'1.2.3.4, '.repeat(2_000)}5.6.7.8`,
              `5.6.7.8, ${'x'.repeat(70)}`,
              'x'.repeat(65),
              `2001:db8::${':1'.repeat(40)}`,
              'garbage',
              "' or 1=1--",
              '::ffff:999.999.999.999',
              '[::1]:443',
              '1.2.3.4:5678',
              'fe80::1%eth0',
              'unknown',
              '',
              ',',
              ' , , ',
              '127.1',
              '0x7f.0.0.1',
              ...fc.sample(
                fc.oneof(
                  fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
                  fc.array(fc.ipV4(), { minLength: 1, maxLength: 50 }).map((ips) => ips.join(', ')),
                  fc.ipV6(),
                  fc.integer({ min: 64, max: 12_000 }).map((length) => '9'.repeat(length)),
                ),
                { seed: seedFor(SEED, 'x-forwarded-for'), numRuns: 10 + RUNS },
              ),
            ].filter((value) => /^[\x20-\x7e]*$/.test(value))
            let count = 0
            for (const [name, target] of [
              ['TRUST_PROXY=1', production],
              ['no TRUST_PROXY', productionWithoutProxy],
            ] as const) {
              for (const value of forwarded) {
                const attempts: [string, unknown, number[]][] = [
                  [
                    'failed sign-in, unknown e-mail',
                    { email: `nobody_${nextUnique()}@example.com`, password: WRONG_PASSWORD },
                    [401, 429],
                  ],
                  [
                    'failed sign-in, known e-mail',
                    { email: user.email, password: WRONG_PASSWORD },
                    [401, 429],
                  ],
                  ['sign-in', { email: user.email, password: user.password }, [200, 429]],
                ]
                for (const [attempt, body, expected] of attempts) {
                  count += 1
                  const payload = JSON.stringify(body)
                  const answer = await inject(target, {
                    method: 'POST',
                    url: '/api/auth/login',
                    headers: { 'content-type': 'application/json', 'x-forwarded-for': value },
                    payload,
                    remoteAddress: '10.9.9.9',
                  })
                  const report = (check: string, detail: string) =>
                    findings.add({
                      check,
                      cls: `x-forwarded-for:${attempt}`,
                      operation: `POST /api/auth/login (production, ${name})`,
                      mutation: `X-Forwarded-For ${truncate(JSON.stringify(value), 60)}`,
                      status: answer.status,
                      answer: answer.text,
                      detail,
                    })
                  for (const problem of answerProblems('/api/auth/login', answer, [
                    value,
                    payload,
                  ])) {
                    report(problem.check, problem.detail)
                  }
                  if (!expected.includes(answer.status) && answer.status < 500) {
                    report('wrong-status', `expected ${expected.join(' or ')}`)
                  }
                }
              }
            }
            finish('production X-Forwarded-For', findings, count, started)
          } finally {
            await production.close()
            await productionWithoutProxy.close()
          }
        },
        TIMEOUT_MS,
      )
    },
  )
}
