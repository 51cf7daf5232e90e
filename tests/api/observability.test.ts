import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { z } from 'zod'
import { queryRows } from '#server/db/client.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'

/** A request's log line, as pino writes it (docs/operations.md "Logs"). */
const logLineSchema = z.object({
  level: z.number(),
  msg: z.string(),
  reqId: z.string(),
  req: z.object({ method: z.string(), path: z.string(), route: z.string().optional() }),
  res: z.object({ statusCode: z.number() }),
  responseTime: z.number(),
})

/** The value of one sample line of a Prometheus text exposition, or undefined. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1))
    }
  }
  return undefined
}

/** Operations can see the service (issue "Production-real operations"): metrics and request ids. */
describeMoneyApi(
  'metrics and request ids',
  (context) => {
    async function metrics(): Promise<string> {
      const response = await createTestClient(context.app).get('/metrics')
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      return response.text
    }

    it('counts requests, money actions by outcome, replays, rate-limit refusals, journals and payouts', async () => {
      const before = await metrics()
      const alice = createTestClient(context.app)
      await signUpClient(alice)
      const bob = await signUpClient(createTestClient(context.app))
      const ngn = await walletIn(alice, 'NGN')
      await addFunds(alice, ngn.id, '100.00')
      const key = randomUUID()
      const transfer = { fromWalletId: ngn.id, recipientUserId: bob.id, amount: '10.00' }
      const sent = await moneyPost(alice, '/api/send-money/sabi-user', transfer, key)
      expect(sent.status).toBe(201)
      // The transfer counts in its own batch (transfers/post-user-transfers.ts) and answers with the headers
      // every other money POST gets from the rate-limit plugin: the top-up was the first hit.
      expect(sent.headers['x-ratelimit-limit']).toBe('3')
      expect(sent.headers['x-ratelimit-remaining']).toBe('1')
      expect(Number(sent.headers['x-ratelimit-reset'])).toBeGreaterThan(0)
      expect((await moneyPost(alice, '/api/send-money/sabi-user', transfer, key)).status).toBe(201)
      // The fourth money POST within the minute is over the limit of 3 set above.
      const refusedKey = randomUUID()
      const refused = await moneyPost(alice, '/api/send-money/sabi-user', transfer, refusedKey)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/,
        ),
      })
      expect(refused.headers['x-ratelimit-remaining']).toBe('0')
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
      // Refused before it reached the ledger: its key was never claimed, so once the window has
      // passed the same request runs afresh rather than replaying a refusal.
      const keys = await queryRows(
        context.database.db,
        sql`select 1 from idempotency_keys where key = ${refusedKey}`,
      )
      expect(keys).toEqual([])
      const after = await metrics()

      const action = { action: '/api/send-money/sabi-user' }
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0)
      expect(delta('sabi_money_actions_total', { ...action, outcome: 'completed' })).toBe(1)
      expect(delta('sabi_money_actions_total', { ...action, outcome: 'replayed' })).toBe(1)
      expect(delta('sabi_idempotent_replays_total', action)).toBe(1)
      expect(delta('sabi_rate_limit_refusals_total', { route: '/api/send-money/sabi-user' })).toBe(
        1,
      )
      expect(
        delta('sabi_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/send-money/sabi-user',
          status_code: '201',
        }),
      ).toBe(2)
      // A top-up and a transfer: two journals more in the ledger.
      expect(delta('sabi_ledger_journals', {})).toBe(2)
      // Node's process metrics, under the names the usual dashboards read.
      expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
      expect(sample(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
      expect(after).toMatch(/^process_resident_memory_bytes /m)
      expect(after).toContain('# TYPE sabi_payouts gauge')
      if (context.kind === 'postgres') {
        expect(sample(after, 'sabi_db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
      }
    })

    it('reports payouts by status and the age of the oldest open one, read from the database', async () => {
      const client = createTestClient(context.app)
      await signUpClient(client)
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, '100.00')
      const sent = await moneyPost(client, '/api/send-money/bank', {
        fromWalletId: ngn.id,
        bankCode: '058',
        accountNumber: '3141592653',
        accountName: 'Ngozi Eze',
        amount: '10.00',
      })
      expect(sent.status, sent.text).toBe(201)
      // No worker runs in this app: the payout stays pending.
      const text = await metrics()
      expect(sample(text, 'sabi_payouts', { status: 'pending' })).toBeGreaterThanOrEqual(1)
      expect(
        sample(text, 'sabi_payout_oldest_age_seconds', { status: 'pending' }),
      ).toBeGreaterThanOrEqual(0)
    })

    it('answers /metrics only with the bearer token when METRICS_TOKEN is set', async () => {
      const guarded = await createTestApp(context.database, {
        METRICS_TOKEN: 'a-metrics-token-of-16+',
      })
      try {
        const client = createTestClient(guarded)
        expect((await client.get('/metrics')).status).toBe(401)
        expect((await client.get('/metrics', { authorization: 'Bearer wrong' })).status).toBe(401)
        const allowed = await client.get('/metrics', {
          authorization: 'Bearer a-metrics-token-of-16+',
        })
        expect(allowed.status).toBe(200)
        expect(allowed.text).toContain('sabi_http_request_duration_seconds')
      } finally {
        await guarded.close()
      }
    })

    it('keeps /metrics off in production when no METRICS_TOKEN is set', async () => {
      const production = await createTestApp(context.database, { NODE_ENV: 'production' })
      try {
        const answer = await createTestClient(production).get('/metrics')
        expect(answer.status).toBe(404)
        expect(answer.text).not.toContain('sabi_')
      } finally {
        await production.close()
      }
    })

    it("gives every response an X-Request-Id, keeps a sane incoming one, and logs the request's line with it", async () => {
      const client = createTestClient(context.app)
      const fresh = await client.get('/api/currencies')
      expect(fresh.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      )
      const traced = await client.get('/api/wallets', { 'x-request-id': 'edge-7f3a.42:b' })
      expect(traced.status).toBe(401)
      expect(traced.headers['x-request-id']).toBe('edge-7f3a.42:b')
      for (const insane of ['has spaces in it', 'x'.repeat(200), '<script>', '']) {
        const response = await client.get('/api/currencies', { 'x-request-id': insane })
        expect(response.headers['x-request-id']).not.toBe(insane)
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      }
      // The request's one line carries its id.
      const ofRequest = context.logLines.filter((line) => line.includes('"reqId":"edge-7f3a.42:b"'))
      expect(ofRequest).toHaveLength(1)
      expect(ofRequest[0]).toContain('"path":"/api/wallets"')
      expect(ofRequest[0]).toContain('"statusCode":401')
    })

    it('writes one info line per request, on its answer, with method, route, status, time and id, and no query value', async () => {
      const client = createTestClient(context.app)
      const needle = `needle${randomUUID().slice(0, 8)}`
      const answer = await client.get(`/api/users/search?q=${needle}`, {
        'x-request-id': 'one-line-per-request',
      })
      expect(answer.status).toBe(401)
      const ofRequest = context.logLines
        .filter((line) => line.includes('"reqId":"one-line-per-request"'))
        .map((line) => logLineSchema.parse(JSON.parse(line)))
      expect(ofRequest).toHaveLength(1)
      expect(ofRequest[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', path: '/api/users/search', route: '/api/users/search' },
        res: { statusCode: 401 },
      })
      expect(ofRequest[0]?.responseTime).toBeGreaterThan(0)
      expect(context.logLines.some((line) => line.includes(needle))).toBe(false)
      expect(context.logLines.some((line) => line.includes('incoming request'))).toBe(false)
    })
  },
  { LOG_LEVEL: 'info', MONEY_RATE_LIMIT_PER_MINUTE: '3' },
  { captureLog: true },
)
