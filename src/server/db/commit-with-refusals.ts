import { AppError } from '#shared/errors.ts'
import type { Database, DbTransaction } from './client.ts'

/**
 * Runs `work` in one transaction, and commits it even when `work` refuses with an AppError
 * before throwing that refusal on. For account-security use cases: what they count on the way
 * to a refusal (a failed sign-in against the throttle) must stay counted, while their change
 * and the outbox event announcing it commit together (docs/notifications.md). Any other error
 * rolls everything back.
 */
export async function commitWithRefusals<T>(
  db: Database,
  work: (tx: DbTransaction) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    try {
      return { done: true as const, value: await work(tx) }
    } catch (error) {
      if (error instanceof AppError) return { done: false as const, refusal: error }
      throw error
    }
  })
  if (!outcome.done) throw outcome.refusal
  return outcome.value
}
