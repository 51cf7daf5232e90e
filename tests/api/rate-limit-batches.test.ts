import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  consumeRateLimits,
  createRateLimitCounter,
} from '#server/rate-limits/consume-rate-limit.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// Rate-limit hits counted many to a statement (ADR 008) count exactly as one at a time.
for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `rate-limit hits in batches on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      beforeAll(async () => {
        database = await createTestDatabase(kind)
      })
      afterAll(async () => {
        await database?.destroy()
      })

      it('several hits on one key in one statement each get their own place', async () => {
        const a = `a:${randomUUID()}`
        const b = `b:${randomUUID()}`
        const first = await consumeRateLimits(database.db, [
          { key: a, windowMs: 60_000 },
          { key: b, windowMs: 60_000 },
          { key: a, windowMs: 60_000 },
          { key: a, windowMs: 60_000 },
        ])
        expect(first.map((count) => count.current)).toEqual([1, 1, 2, 3])
        const second = await consumeRateLimits(database.db, [{ key: a, windowMs: 60_000 }])
        expect(second[0]?.current).toBe(4)
        expect(second[0]?.ttl).toBeGreaterThan(50_000)
      })

      it('concurrent hits through the counter are counted once each', async () => {
        const counter = createRateLimitCounter(database.db)
        const key = `c:${randomUUID()}`
        const counts = await Promise.all(
          Array.from({ length: 40 }, () => counter.consume(key, 60_000)),
        )
        expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual(
          Array.from({ length: 40 }, (_, index) => index + 1),
        )
      })

      it('a window that has ended starts again from the first hit', async () => {
        const key = `d:${randomUUID()}`
        await consumeRateLimits(database.db, [{ key, windowMs: 1 }])
        await new Promise((resolve) => setTimeout(resolve, 20))
        const again = await consumeRateLimits(database.db, [
          { key, windowMs: 1 },
          { key, windowMs: 1 },
        ])
        expect(again.map((count) => count.current)).toEqual([1, 2])
      })
    },
  )
}
