import { recordStatementBatch } from '#server/metrics/metrics.ts'

/**
 * Group commit for small statements of one kind (ADR 008): requests that arrive while a batch
 * is running wait and form the next one, at most `maxBatch` of them, and each batch is one call
 * of `run`, one statement and one commit on PostgreSQL instead of one each. One batch at a time
 * per batcher, so a busy server sends few, full statements and an idle one sends each request
 * at once (requests of the same turn of the event loop still share it), unless `gatherMs` asks
 * a batch that is not full to wait for more. A request is answered only once `run` has
 * returned, so never before its statement has committed. `run` answers one result per item, in
 * order; if it fails, every item of the batch fails with its error.
 */
export function createStatementBatcher<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
  options: {
    /**
     * The statement's name in the batch metrics (`sabi_statement_batch_*`,
     * docs/operations.md "Metrics"); unnamed batchers are not measured.
     */
    name?: string
    /**
     * How long a batch that is not full waits for others to join it, from its first request or
     * the end of the batch before, whichever is later. 0 (the default) sends at once.
     */
    gatherMs?: number
    /** How many batches may run at once (1, the default: one at a time). */
    inFlight?: number
  } = {},
): { submit(item: Item): Promise<Result> } {
  const gatherMs = options.gatherMs ?? 0
  const inFlight = options.inFlight ?? 1
  const queue: {
    item: Item
    queuedAt: number
    resolve: (result: Result) => void
    reject: (error: unknown) => void
  }[] = []
  let running = 0
  let scheduled = false
  let gathering: ReturnType<typeof setTimeout> | undefined
  let lastBatchEnded = 0

  async function runBatch(batch: typeof queue): Promise<void> {
    const startedAt = performance.now()
    try {
      const results = await run(batch.map((pending) => pending.item))
      if (options.name !== undefined) {
        recordStatementBatch(options.name, {
          size: batch.length,
          waitedMs: startedAt - (batch[0]?.queuedAt ?? startedAt),
          ranMs: performance.now() - startedAt,
        })
      }
      if (results.length !== batch.length)
        throw new Error('a batched statement answered another number of results than items')
      for (const [index, result] of results.entries()) batch[index]?.resolve(result)
    } catch (error) {
      for (const pending of batch) pending.reject(error)
    }
  }

  function drain(): void {
    scheduled = false
    if (running >= inFlight || queue.length === 0) return
    const waited = performance.now() - Math.max(queue[0]?.queuedAt ?? 0, lastBatchEnded)
    if (queue.length < maxBatch && waited < gatherMs) {
      gathering ??= setTimeout(() => {
        gathering = undefined
        drain()
      }, gatherMs - waited)
      return
    }
    if (gathering !== undefined) clearTimeout(gathering)
    gathering = undefined
    running += 1
    void runBatch(queue.splice(0, maxBatch)).finally(() => {
      running -= 1
      lastBatchEnded = performance.now()
      drain()
    })
    // Room for another batch at once: whatever is left queued may form it.
    if (running < inFlight && queue.length > 0 && !scheduled) {
      scheduled = true
      setImmediate(drain)
    }
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, queuedAt: performance.now(), resolve, reject })
        if (
          running < inFlight &&
          !scheduled &&
          (gathering === undefined || queue.length >= maxBatch)
        ) {
          scheduled = true
          setImmediate(drain)
        }
      })
    },
  }
}
