import { describe, expect, it } from 'vitest'
import { metricsRegistry } from '#server/metrics/metrics.ts'
import { createStatementBatcher } from './statement-batcher.ts'

type Step = { id: number }

/** A `run` that records its batches, answering after `delayMs`. */
function recorder(delayMs = 5) {
  const batches: number[][] = []
  const run = async (items: Step[]) => {
    batches.push(items.map((item) => item.id))
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    return items.map((item) => item.id * 10)
  }
  return { run, batches }
}

describe('statement batcher', () => {
  it('answers each request with its own result, several to a batch', async () => {
    const { run, batches } = recorder()
    const batcher = createStatementBatcher(run, 4)
    const results = await Promise.all(Array.from({ length: 10 }, (_, id) => batcher.submit({ id })))
    expect(results).toEqual(Array.from({ length: 10 }, (_, id) => id * 10))
    expect(batches.every((batch) => batch.length <= 4)).toBe(true)
    expect(batches.flat()).toEqual(Array.from({ length: 10 }, (_, id) => id))
    expect(batches.length).toBeLessThan(10)
  })

  it('runs at most inFlight batches at once, and never more', async () => {
    let running = 0
    let most = 0
    const release: (() => void)[] = []
    const batcher = createStatementBatcher(
      async (items: number[]) => {
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => release.push(resolve))
        running -= 1
        return items
      },
      2,
      { inFlight: 2 },
    )
    const answers = Promise.all(Array.from({ length: 8 }, (_, id) => batcher.submit(id)))
    // Two batches start; the rest wait until one of them ends.
    await expect.poll(() => release.length).toBe(2)
    expect(running).toBe(2)
    while ((await Promise.race([answers, Promise.resolve('pending')])) === 'pending') {
      release.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(2)
  })

  it('fails every request of a batch whose statement fails, and goes on with the next', async () => {
    let calls = 0
    const batcher = createStatementBatcher(async (items: number[]) => {
      calls += 1
      if (calls === 1) throw new Error('database away')
      return items
    }, 10)
    const failed = Promise.allSettled([batcher.submit(1), batcher.submit(2)])
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(await batcher.submit(3)).toBe(3)
  })

  it('with a gathering time, requests of separate moments share one batch, sent as soon as it is full', async () => {
    const { run, batches } = recorder(0)
    // A gathering time far longer than the test: only a full batch can send it.
    const batcher = createStatementBatcher(run, 3, { gatherMs: 60_000 })
    const first = batcher.submit({ id: 1 })
    await new Promise((resolve) => setImmediate(resolve))
    const second = batcher.submit({ id: 2 })
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toEqual([])
    const third = batcher.submit({ id: 3 })
    expect(await Promise.all([first, second, third])).toEqual([10, 20, 30])
    expect(batches).toEqual([[1, 2, 3]])
  })

  it('without a gathering time, a request on an idle batcher goes at once, alone', async () => {
    const { run, batches } = recorder(0)
    const batcher = createStatementBatcher(run, 3)
    expect(await batcher.submit({ id: 1 })).toBe(10)
    expect(await batcher.submit({ id: 2 })).toBe(20)
    expect(batches).toEqual([[1], [2]])
  })

  it('a batch that is not full goes once its gathering time has passed', async () => {
    const { run, batches } = recorder(0)
    const batcher = createStatementBatcher(run, 32, { gatherMs: 5 })
    expect(await Promise.all([batcher.submit({ id: 1 }), batcher.submit({ id: 2 })])).toEqual([
      10, 20,
    ])
    expect(batches).toEqual([[1, 2]])
  })

  it('a named batcher reports its batches in the metrics', async () => {
    const { run } = recorder(0)
    const batcher = createStatementBatcher(run, 8, { name: 'test_steps' })
    await Promise.all([1, 2, 3].map((id) => batcher.submit({ id })))
    const text = await metricsRegistry.metrics()
    expect(text).toContain('sabi_statement_batch_size_sum{statement="test_steps"} 3')
    expect(text).toContain('sabi_statement_batch_size_count{statement="test_steps"} 1')
    expect(text).toContain('sabi_statement_batch_seconds_count{statement="test_steps"} 1')
    expect(text).toContain('sabi_statement_batch_wait_seconds_count{statement="test_steps"} 1')
  })
})
