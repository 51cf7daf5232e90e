import { and, asc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { journals, pocketRoundUps, pockets } from '#server/db/schema.ts'
import { runEvery } from '#server/run-every.ts'
import { AppError } from '#shared/errors.ts'
import { exponentOf, isAssetCode } from '#shared/money.ts'
import { saveIntoPocket } from './move-pocket-money.ts'

/** Payments one pass rounds up, one transaction each. */
const ROUND_UP_BATCH = 50
/** The journal types that are payments out of a wallet: transfers, payouts, bills, purchases. */
const PAYMENT_TYPES = ['send', 'purchase']

/**
 * What rounds a payment up (docs/pockets.md "Round-ups"): the next ₦100 for naira, the next whole
 * unit (1.00) for any other currency; zero for a payment already whole.
 */
export function roundUpOf(asset: string, paidMinor: bigint): bigint {
  if (!isAssetCode(asset)) return 0n
  const exponent = exponentOf(asset)
  const unit = 10n ** BigInt(exponent) * (asset === 'NGN' ? 100n : 1n)
  return (unit - (paidMinor % unit)) % unit
}

/**
 * One pass of round-ups: each payment out of a wallet whose pocket rounds up, made since round-ups
 * were turned on, saves the difference to the next ₦100 (or 1.00) into that pocket, exactly once
 * (the payment's row in `pocket_round_ups`, written with the saving's journal). A wallet short of
 * the difference saves nothing for that payment. A payment that later fails keeps its round-up:
 * the money is still the user's, in their pocket.
 */
export async function saveRoundUps(
  db: Database,
  options: { userId?: string | undefined } = {},
): Promise<number> {
  const due = await db
    .select({ journal: journals, pocket: pockets })
    .from(pockets)
    .innerJoin(
      journals,
      and(
        eq(journals.fromUserId, pockets.userId),
        eq(journals.fromWalletId, pockets.walletId),
        gte(journals.createdAt, pockets.roundUpSince),
      ),
    )
    .where(
      and(
        isNotNull(pockets.roundUpSince),
        inArray(journals.type, PAYMENT_TYPES),
        ne(journals.status, 'failed'),
        options.userId ? eq(pockets.userId, options.userId) : undefined,
        sql`not exists (select 1 from ${pocketRoundUps} r where r.source_journal_id = ${journals.id})`,
      ),
    )
    .orderBy(asc(journals.createdAt))
    .limit(ROUND_UP_BATCH)
  let saved = 0
  for (const { journal, pocket } of due) {
    const made = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(pocketRoundUps)
        .values({ sourceJournalId: journal.id, pocketId: pocket.id })
        .onConflictDoNothing()
        .returning({ id: pocketRoundUps.sourceJournalId })
      // Another instance took it.
      if (!claimed) return false
      const difference = roundUpOf(journal.asset, journal.amountMinor + journal.feeMinor)
      if (difference === 0n) return false
      try {
        const saving = await tx.transaction((savepoint) =>
          saveIntoPocket(savepoint, pocket, difference, 'roundUp'),
        )
        await tx
          .update(pocketRoundUps)
          .set({ journalId: saving.id })
          .where(eq(pocketRoundUps.sourceJournalId, journal.id))
        return true
      } catch (error) {
        // Not enough left in the wallet: this payment rounds up nothing, and is not asked again.
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false
        throw error
      }
    })
    if (made) saved += 1
  }
  return saved
}

/** Rounds payments up every few seconds, on every instance (run-every.ts). */
export function startRoundUps(
  db: Database,
  log: { error(object: object, message: string): void },
  intervalMs = 5_000,
): { stop(): Promise<void> } {
  return runEvery(
    () => saveRoundUps(db),
    intervalMs,
    (error) => log.error({ err: error }, 'round-ups pass failed'),
  )
}
