import { describe, expect, it } from 'vitest'
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
})
