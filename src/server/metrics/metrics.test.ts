import { expect, it } from 'vitest'
import { collectProcessMetrics, metricsRegistry, watchDatabase } from './metrics.ts'

it('reads the payouts once a scrape for both payout gauges', async () => {
  let reads = 0
  watchDatabase({
    journals: async () => 7,
    payoutsByStatus: async () => {
      reads += 1
      return [
        { status: 'pending', count: 2, oldestAgeSeconds: 90 },
        { status: 'completed', count: 5, oldestAgeSeconds: 900 },
      ]
    },
    pool: () => undefined,
  })
  const text = await metricsRegistry.metrics()
  expect(reads).toBe(1)
  expect(text).toContain('sabi_payouts{status="pending"} 2')
  expect(text).toContain('sabi_payout_oldest_age_seconds{status="pending"} 90')
  // Final payouts have no "oldest open" age.
  expect(text).not.toContain('sabi_payout_oldest_age_seconds{status="completed"}')
  expect(text).toContain('sabi_ledger_journals 7')
})

it("carries Node's process metrics under their standard names, however many apps ask for them", async () => {
  // Every app built in a process asks; registering a metric twice would throw.
  collectProcessMetrics()
  collectProcessMetrics()
  const text = await metricsRegistry.metrics()
  expect(text).toMatch(/^process_cpu_user_seconds_total \d/m)
  expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m)
  expect(text.match(/^# TYPE nodejs_heap_size_used_bytes /gm)).toHaveLength(1)
})
