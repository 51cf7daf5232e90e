/**
 * Group commit for small statements of one kind (ADR 008): requests that arrive while a batch
 * is running wait and form the next one, at most `maxBatch` of them, and each batch is one call
 * of `run`, one statement and one commit on PostgreSQL instead of one each. One batch at a time
 * per batcher, so a busy server sends few, full statements and an idle one sends each request
 * at once (requests of the same turn of the event loop still
 * share it). A request is answered only once `run` has returned, so never before its statement
 * has committed. `run` answers one result per item, in order; if it fails, every item of the
 * batch fails with its error.
 */
export function createStatementBatcher<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
): { submit(item: Item): Promise<Result> } {
  const queue: {
    item: Item
    resolve: (result: Result) => void
    reject: (error: unknown) => void
  }[] = []
  let running = false
  let scheduled = false

  async function runBatch(batch: typeof queue): Promise<void> {
    try {
      const results = await run(batch.map((pending) => pending.item))
      if (results.length !== batch.length)
        throw new Error('a batched statement answered another number of results than items')
      for (const [index, result] of results.entries()) batch[index]?.resolve(result)
    } catch (error) {
      for (const pending of batch) pending.reject(error)
    }
  }

  function drain(): void {
    scheduled = false
    if (running || queue.length === 0) return
    running = true
    void runBatch(queue.splice(0, maxBatch)).finally(() => {
      running = false
      drain()
    })
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!running && !scheduled) {
          scheduled = true
          setImmediate(drain)
        }
      })
    },
  }
}
