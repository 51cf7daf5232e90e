import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * Sabi's Prometheus metrics, served at `GET /metrics` (docs/operations.md "Metrics"). One
 * registry per process: metrics describe the process, and every app built in it (the tests
 * build several) adds to the same counters.
 */
export const metricsRegistry = new Registry()

/**
 * Adds Node's process metrics (prom-client's default metrics: CPU, memory, heap, event-loop
 * lag, garbage collection, handles) to the registry, under their standard names
 * (`process_cpu_user_seconds_total`, `nodejs_heap_size_used_bytes`) so the usual Node.js
 * dashboards and alerts read them as they are. Called by every app that serves `GET /metrics`;
 * a process builds several (the tests do), and registering a metric twice throws, so a second
 * call does nothing. A command-line script that only imports a counter starts no monitor.
 */
export function collectProcessMetrics(): void {
  if (metricsRegistry.getSingleMetric('process_cpu_user_seconds_total')) return
  collectDefaultMetrics({ register: metricsRegistry })
}

export const httpRequestDuration = new Histogram({
  name: 'sabi_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

export const moneyActions = new Counter({
  name: 'sabi_money_actions_total',
  help: 'Money POSTs by action (route) and outcome (completed, replayed, or the error code)',
  labelNames: ['action', 'outcome'] as const,
  registers: [metricsRegistry],
})

export const idempotentReplays = new Counter({
  name: 'sabi_idempotent_replays_total',
  help: 'Money POSTs answered with the stored response of an earlier one with the same key',
  labelNames: ['action'] as const,
  registers: [metricsRegistry],
})

export const rateLimitRefusals = new Counter({
  name: 'sabi_rate_limit_refusals_total',
  help: 'Requests refused with 429, by route pattern',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
})

export const payoutsHeldForReview = new Counter({
  name: 'sabi_payouts_held_for_review_total',
  help: 'Payouts this process moved to needs_review',
  registers: [metricsRegistry],
})

/**
 * Answers from a money provider that a person must look at (docs/operations.md "Payout
 * alerts"): a transfer waiting for an OTP, a status Sabi does not know, an incoming payment
 * that matches nothing or disagrees with what was expected.
 */
export const providerAlerts = new Counter({
  name: 'sabi_provider_alerts_total',
  help: 'Provider answers left for an operator: OTP, unknown status, unmatched or mismatched payments',
  labelNames: ['provider', 'reason'],
  registers: [metricsRegistry],
})

/** Batched statements take a millisecond or a few; a quarter second is already an outage. */
const STATEMENT_BATCH_SECONDS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25]

const statementBatchSize = new Histogram({
  name: 'sabi_statement_batch_size',
  help: 'Requests per batched statement (ADR 008), by statement',
  labelNames: ['statement'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [metricsRegistry],
})

const statementBatchWait = new Histogram({
  name: 'sabi_statement_batch_wait_seconds',
  help: "How long a batch's first request waited for its statement to start, by statement",
  labelNames: ['statement'] as const,
  buckets: STATEMENT_BATCH_SECONDS,
  registers: [metricsRegistry],
})

const statementBatchRun = new Histogram({
  name: 'sabi_statement_batch_seconds',
  help: 'How long a batched statement took, round trip and commit, by statement',
  labelNames: ['statement'] as const,
  buckets: STATEMENT_BATCH_SECONDS,
  registers: [metricsRegistry],
})

/** One batched statement that answered (src/server/db/statement-batcher.ts). */
export function recordStatementBatch(
  statement: string,
  batch: { size: number; waitedMs: number; ranMs: number },
): void {
  statementBatchSize.observe({ statement }, batch.size)
  statementBatchWait.observe({ statement }, batch.waitedMs / 1000)
  statementBatchRun.observe({ statement }, batch.ranMs / 1000)
}

/** What the database-backed gauges read at each scrape. */
export type DatabaseGauges = {
  journals(): Promise<number>
  payoutsByStatus(): Promise<{ status: string; count: number; oldestAgeSeconds: number }[]>
  pool(): { total: number; idle: number; waiting: number } | undefined
}

let gaugeSource: DatabaseGauges | undefined

/**
 * Points the gauges that read the database at one (the server's). Read at scrape time, so
 * they are true across instances: every instance reports the same ledger and payouts.
 */
export function watchDatabase(source: DatabaseGauges): void {
  gaugeSource = source
}

new Gauge({
  name: 'sabi_ledger_journals',
  help: 'Journals posted to the ledger (all time)',
  registers: [metricsRegistry],
  async collect() {
    if (gaugeSource) this.set(await gaugeSource.journals())
  },
})

type PayoutRows = Awaited<ReturnType<DatabaseGauges['payoutsByStatus']>>
let payoutReading: Promise<PayoutRows> | undefined

/**
 * The payout rows of the scrape in progress: the registry collects its gauges in parallel, and
 * the two payout gauges share one query rather than make one each.
 */
function readPayouts(source: DatabaseGauges): Promise<PayoutRows> {
  payoutReading ??= source.payoutsByStatus().finally(() => {
    payoutReading = undefined
  })
  return payoutReading
}

new Gauge({
  name: 'sabi_payouts',
  help: 'Payouts by status',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!gaugeSource) return
    const rows = await readPayouts(gaugeSource)
    this.reset()
    for (const row of rows) this.set({ status: row.status }, row.count)
  },
})

new Gauge({
  name: 'sabi_payout_oldest_age_seconds',
  help: 'Age of the oldest payout in each open status (pending, submitted, needs_review)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
  async collect() {
    if (!gaugeSource) return
    const rows = await readPayouts(gaugeSource)
    this.reset()
    for (const row of rows) {
      if (['pending', 'submitted', 'needs_review'].includes(row.status)) {
        this.set({ status: row.status }, row.oldestAgeSeconds)
      }
    }
  },
})

new Gauge({
  name: 'sabi_db_pool_connections',
  help: 'Database pool connections: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = gaugeSource?.pool()
    if (!pool) return
    this.set({ state: 'total' }, pool.total)
    this.set({ state: 'idle' }, pool.idle)
    this.set({ state: 'waiting' }, pool.waiting)
  },
})
