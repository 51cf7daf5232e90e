import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Database, type Queryable, queryRows } from '#server/db/client.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import { referencePriceBook } from '#server/reference/usd-prices.ts'
import { ASSET_EXPONENTS, type AssetCode } from '#shared/money.ts'
import {
  type Transaction as TransactionResponse,
  transactionSchema,
} from '#shared/schemas/transactions.ts'

/**
 * Whose transfer it is and, for a money POST, its Idempotency-Key and fingerprint; without a
 * key the transfer belongs to the caller's own transaction and is not remembered.
 */
type Submission = { userId: string; key: string | null; requestHash: string | null }

/** One transfer to post, as the database function `sabi_post_user_transfers` reads it. */
export type UserTransferItem =
  | (Submission & {
      refusedEarlier?: never
      fromWalletId: string
      recipientUserId: string
      asset: AssetCode
      amountMinor: bigint
      /** The amount and the (zero) fee as src/shared/money.ts writes them, for the answer. */
      amountText: string
      feeText: string
      symbol: string
      description: string | null
      reference: string
      /** The Lagos calendar day the transfer counts against (src/server/limits/lagos-day.ts). */
      day: string
    })
  /** A request the server already refused: only its key is looked at. */
  | (Submission & { refusedEarlier: true })

const refusalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('earlier') }),
  z.object({ kind: z.literal('wallet_not_found') }),
  z.object({ kind: z.literal('recipient_not_found') }),
  z.object({ kind: z.literal('currency_not_found') }),
  z.object({ kind: z.literal('single'), singleMaxMinor: z.string() }),
  z.object({ kind: z.literal('daily'), dailyMaxMinor: z.string(), usedMinor: z.string() }),
  z.object({ kind: z.literal('balance') }),
  z.object({
    kind: z.literal('insufficient'),
    accountId: z.number(),
    balanceMinor: z.string(),
    requiredMinor: z.string(),
  }),
])
export type TransferRefusal = z.infer<typeof refusalSchema>

const outcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('completed'), response: transactionSchema }),
  z.object({
    outcome: z.literal('replayed'),
    statusCode: z.number().int(),
    response: z.unknown(),
  }),
  z.object({ outcome: z.literal('mismatch') }),
  z.object({ outcome: z.literal('refused'), refusal: refusalSchema }),
  z.object({ outcome: z.literal('failed'), sqlstate: z.string(), message: z.string() }),
])

type PostedOutcome = z.infer<typeof outcomeSchema>

// The reference prices and the exponents are constants of the code, written out once.
let constants:
  | { referencePrices: Record<string, string>; exponents: typeof ASSET_EXPONENTS }
  | undefined
function batchConstants() {
  constants ??= {
    referencePrices: Object.fromEntries(
      [...referencePriceBook()].map(([asset, price]) => [asset, price.toString()]),
    ),
    exponents: ASSET_EXPONENTS,
  }
  return constants
}

/** A batch as the database functions read it: the constants and the transfers, as JSON. */
export function batchPayload(items: readonly UserTransferItem[]): string {
  return JSON.stringify({
    ...batchConstants(),
    items: items.map((item) =>
      item.refusedEarlier
        ? { ...item, refusal: { kind: 'earlier' } }
        : { ...item, amountMinor: item.amountMinor.toString() },
    ),
  })
}

/**
 * Posts user-to-user transfers in order in one statement of the database function
 * `sabi_post_user_transfers` (db/functions/320_sabi_post_user_transfers.sql): the transfers of a
 * batch (docs/transfers.md "Sabi transfers"), each with its own outcome; together, set-based,
 * when every one of them goes through, else one by one (db/functions/310_sabi_post_transfers_together.sql, ADR 008). On the
 * database itself the statement is its own transaction; inside a caller's transaction it is part
 * of it.
 */
export async function postUserTransfers(
  db: Queryable,
  items: readonly UserTransferItem[],
): Promise<PostedOutcome[]> {
  const payload = batchPayload(items)
  const [row] = await queryRows(
    db,
    sql`select sabi_post_user_transfers(${payload}::jsonb) as outcomes`,
  )
  return z.array(outcomeSchema).length(items.length).parse(row?.outcomes)
}

export type TransferOutcome =
  | { outcome: 'completed'; response: TransactionResponse }
  | { outcome: 'replayed'; statusCode: number; response: unknown }
  | { outcome: 'mismatch' }
  | { outcome: 'refused'; refusal: TransferRefusal }

/**
 * At most this many transfers share one statement and one commit. Each runs in a savepoint of
 * its own (a subtransaction), and PostgreSQL keeps up to 64 of a transaction's subtransactions
 * in shared memory before other sessions pay to look them up (ADR 008).
 */
export const TRANSFER_BATCH_MAX = 32
/**
 * A batch that is not full waits this long, from its first transfer or the end of the batch
 * before, for others to join it (ADR 008 "One statement per batch"; measured in
 * docs/performance.md): with the database busy posting, transfers arrive in a trickle behind
 * their rate-limit and PIN checks, and a batch twice the size costs far less per transfer. Measured: the same transfers a second for about a fifth less CPU.
 */
export const TRANSFER_GATHER_MS = 2
/** A transfer that lost a deadlock or a serialization race is tried again this many times. */
const RETRIES_MAX = 3
// Lost a race, not wrong: deadlock detected, serialization failure.
const RETRYABLE_STATES = new Set(['40P01', '40001'])

export type TransferPoster = {
  /** Posts one transfer in the next batch; resolves once the batch has committed. */
  post(item: UserTransferItem): Promise<TransferOutcome>
}

/**
 * Group commit for user-to-user transfers (ADR 008): transfers that arrive while a batch is being
 * posted wait for the next one (src/server/db/statement-batcher.ts), and each batch is one call
 * of `postUserTransfers`, one round trip and one commit for all of them, each transfer with its
 * own outcome. No answer leaves before its batch has committed. One batch at a time per
 * process: two would mostly wait for each other's accounts (each batch locks all it moves
 * first), and a hot account is then locked by one transaction at a time. A transfer that lost a deadlock or a serialization race to another
 * process's batch was rolled back to its savepoint, so nothing of it stands: it goes into a
 * later batch, a few times at most.
 */
export function createTransferPoster(db: Database): TransferPoster {
  const batcher = createStatementBatcher(
    (items: UserTransferItem[]) => postUserTransfers(db, items),
    TRANSFER_BATCH_MAX,
    { name: 'user_transfers', gatherMs: TRANSFER_GATHER_MS },
  )
  return {
    async post(item) {
      for (let attempt = 1; ; attempt++) {
        const outcome = await batcher.submit(item)
        if (outcome.outcome !== 'failed') return outcome
        if (!RETRYABLE_STATES.has(outcome.sqlstate) || attempt > RETRIES_MAX) {
          throw new Error(
            `posting a transfer failed (SQLSTATE ${outcome.sqlstate}): ${outcome.message}`,
          )
        }
      }
    },
  }
}
