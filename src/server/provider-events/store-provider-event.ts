import { createHash } from 'node:crypto'
import type { Database } from '#server/db/client.ts'
import { providerEvents } from '#server/db/schema.ts'

/**
 * Keeps a provider's event before it is answered (docs/paystack.md "Webhooks"): the row's id is
 * the SHA-256 of the exact body, so the same delivery twice, or to two servers, is one row.
 * Returns the id, for the caller to apply it once the provider has its answer.
 */
export async function storeProviderEvent(
  db: Database,
  input: { provider: string; event: string; rawBody: string; body: unknown },
): Promise<string> {
  const id = createHash('sha256').update(input.rawBody).digest('hex')
  await db
    .insert(providerEvents)
    .values({ id, provider: input.provider, event: input.event.slice(0, 64), body: input.body })
    .onConflictDoNothing()
  return id
}
