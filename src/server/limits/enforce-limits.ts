import { sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { AppError, amountParam, type Message, msg } from '#shared/errors.ts'
import { type AssetCode, formatMinor } from '#shared/money.ts'
import type { NairaValuer } from './naira-value.ts'

/** The parts of a journal the limits look at (see ledger/post-journal.ts). */
export type LimitedJournal = {
  asset: AssetCode
  amountMinor: bigint
  fromUserId?: string | null | undefined
  reversesJournalId?: string | null | undefined
}

/** Kobo as a message's amount in naira, written as each language writes money. */
function naira(kobo: bigint) {
  return amountParam(formatMinor(kobo, 2), '₦')
}

/** The single-payment refusal, worded for the user (docs/limits.md "Messages"). */
export function singleLimitMessage(limits: { singleMaxMinor: bigint }): Message {
  return msg('limitSingle', { amount: naira(limits.singleMaxMinor) })
}

/** The daily refusal with what is left of the day. */
export function dailyLimitMessage(limits: { dailyMaxMinor: bigint }, remaining: bigint): Message {
  return remaining > 0n
    ? msg('limitDailyRemaining', { amount: naira(remaining) })
    : msg('limitDailyReached', { amount: naira(limits.dailyMaxMinor) })
}

/** A LIMIT_EXCEEDED refusal naming the limit and, where the user may know it, what remains. */
function limitRefusal(message: Message, limit: 'single' | 'daily' | 'balance', remaining?: bigint) {
  return new AppError('LIMIT_EXCEEDED', message, undefined, {
    limit,
    ...(remaining === undefined ? {} : { remaining: formatMinor(remaining, 2) }),
  })
}

/** A customer's tier limits (kyc_tier_limits), in kobo; no balance cap at the top tier. */
export type TierLimits = {
  singleMaxMinor: bigint
  dailyMaxMinor: bigint
  balanceMaxMinor: bigint | null
}

/**
 * What the limits read from the rows a posting has locked (src/server/ledger/post-journals.ts),
 * kept up to date by the ledger as each journal of a posting is accepted: each owner's tier, what
 * each sender has counted today, and what each payee with a balance cap holds, by asset.
 */
export type LimitBook = {
  tiers: ReadonlyMap<string, TierLimits>
  usedToday: ReadonlyMap<string, bigint>
  holdings: ReadonlyMap<string, ReadonlyMap<AssetCode, bigint>>
  value: NairaValuer
}

/** A journal's line as the limits see it: whose account it moves, if a customer's. */
export type OwnedPosting = { ownerId: string | null; asset: AssetCode; amountMinor: bigint }

/**
 * The KYC limits of docs/limits.md for one journal, in the order the answers have always come:
 *
 * - the sender's single-payment limit, then their daily limit against what they have counted
 *   today;
 * - the balance cap of every user the journal pays who is not also paying in it (an exchange or
 *   a crypto purchase only converts what the user holds), against what they hold with this
 *   journal's credits. The payee told is the user themself (a top-up, a card sale) or, for a
 *   payment from someone else, the payer, who learns only that the recipient cannot receive it,
 *   never their balance.
 *
 * A reversal is never refused: the money was the user's. Throws the refusal; answers what the
 * journal counts against its sender's day, in kobo, for the journal to keep.
 */
export function decideLimits(
  book: LimitBook,
  journal: LimitedJournal,
  lines: readonly OwnedPosting[],
): bigint | null {
  if (journal.reversesJournalId) return null
  const debited = new Set<string>()
  const credits = new Map<string, Map<AssetCode, bigint>>()
  for (const line of lines) {
    if (!line.ownerId || !book.tiers.has(line.ownerId)) continue
    if (line.amountMinor < 0n) {
      debited.add(line.ownerId)
      continue
    }
    const owned = credits.get(line.ownerId) ?? new Map<AssetCode, bigint>()
    owned.set(line.asset, (owned.get(line.asset) ?? 0n) + line.amountMinor)
    credits.set(line.ownerId, owned)
  }

  let counted: bigint | null = null
  const sender = journal.fromUserId ? book.tiers.get(journal.fromUserId) : undefined
  if (journal.fromUserId && sender && debited.has(journal.fromUserId)) {
    counted = book.value(journal.asset, journal.amountMinor)
    if (counted > sender.singleMaxMinor)
      throw limitRefusal(singleLimitMessage(sender), 'single', sender.singleMaxMinor)
    const used = book.usedToday.get(journal.fromUserId) ?? 0n
    if (used + counted > sender.dailyMaxMinor) {
      const remaining = sender.dailyMaxMinor > used ? sender.dailyMaxMinor - used : 0n
      throw limitRefusal(dailyLimitMessage(sender, remaining), 'daily', remaining)
    }
  }

  const payees = [...credits].filter(([userId]) => !debited.has(userId))
  for (const [userId, arriving] of payees) {
    const cap = book.tiers.get(userId)?.balanceMaxMinor ?? null
    if (cap === null) continue
    let before = 0n
    for (const [asset, minor] of book.holdings.get(userId) ?? []) before += book.value(asset, minor)
    let credited = 0n
    for (const [asset, minor] of arriving) credited += book.value(asset, minor)
    if (before + credited <= cap) continue
    if (userId !== journal.fromUserId && journal.fromUserId) {
      throw limitRefusal(msg('limitRecipientOverCap'), 'balance')
    }
    const room = cap > before ? cap - before : 0n
    throw limitRefusal(
      msg('limitBalanceCap', { cap: naira(cap), room: naira(room) }),
      'balance',
      room,
    )
  }
  return counted
}

/**
 * A reversal returns what its journal counted to the day it was counted on, before the
 * posting takes its locks, as the first of them.
 */
export async function giveBackUsage(tx: Queryable, journalId: string): Promise<void> {
  await tx.execute(
    sql`update kyc_daily_usage u
        set sent_minor = greatest(u.sent_minor - j.limit_value_minor, 0)
        from journals j
        where j.id = ${journalId}::uuid
          and j.limit_value_minor is not null
          and u.user_id = j.from_user_id
          and u.day = ((j.created_at at time zone 'UTC') + interval '1 hour')::date`,
  )
}
