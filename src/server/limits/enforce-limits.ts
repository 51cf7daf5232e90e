import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { type DbTransaction, queryRows } from '#server/db/client.ts'
import { kycTierLimits, ledgerAccounts, users } from '#server/db/schema.ts'
import { holdOutgoing } from '#server/limits/cooling-off.ts'
import { AppError } from '#shared/errors.ts'
import { type AssetCode, formatMinor, groupDigits } from '#shared/money.ts'
import { heldInNaira } from './held-in-naira.ts'
import { lagosDay } from './lagos-day.ts'
import { loadNairaValuer } from './naira-value.ts'

/** The parts of a journal the limits look at (see ledger/post-journal.ts). */
export type LimitedJournal = {
  asset: AssetCode
  amountMinor: bigint
  fromUserId?: string | null | undefined
  reversesJournalId?: string | null | undefined
}

export type LimitedPosting = { accountId: number; asset: AssetCode; amountMinor: bigint }

/** Naira as the limits' messages show it: "₦12,500.00". */
export function formatNaira(kobo: bigint): string {
  return `₦${groupDigits(formatMinor(kobo, 2))}`
}

/** The single-payment refusal, worded for the user (docs/limits.md "Messages"). */
export function singleLimitMessage(limits: { singleMaxMinor: bigint }): string {
  return `The most you can send in one payment on your current tier is ${formatNaira(limits.singleMaxMinor)}`
}

/** The daily refusal with what is left of the day. */
export function dailyLimitMessage(limits: { dailyMaxMinor: bigint }, remaining: bigint): string {
  return remaining > 0n
    ? `You can send ${formatNaira(remaining)} more today on your current tier`
    : `You have reached your daily limit of ${formatNaira(limits.dailyMaxMinor)} on your current tier`
}

/** What a payer is told when the recipient's balance cap refuses their payment. */
export const RECIPIENT_OVER_CAP_MESSAGE =
  'The recipient cannot receive this amount: it would take their account over its limit'

/** A LIMIT_EXCEEDED refusal naming the limit and, where the user may know it, what remains. */
export function limitRefusal(
  message: string,
  limit: 'single' | 'daily' | 'balance',
  remaining?: bigint,
) {
  return new AppError('LIMIT_EXCEEDED', message, undefined, {
    limit,
    ...(remaining === undefined ? {} : { remaining: formatMinor(remaining, 2) }),
  })
}

type Owner = {
  singleMaxMinor: bigint
  dailyMaxMinor: bigint
  balanceMaxMinor: bigint | null
  debited: boolean
  credits: Map<AssetCode, bigint>
}

/**
 * The KYC limits of docs/limits.md, checked inside the posting's own transaction before any
 * balance moves, so that no two postings can both pass a check the pair of them breaks:
 *
 * - the sender's single-payment limit, and their daily limit through one conditional upsert of
 *   the day's usage, whose row lock makes concurrent sends by one user take turns;
 * - the balance cap of every user the journal pays who is not also paying in it (an exchange or
 *   a crypto purchase only converts what the user holds), under a lock on that user's row so
 *   that two payments arriving at once are counted one after the other.
 *
 * A reversal gives its journal's usage back and is never refused: the money was the user's.
 * Answers what the journal counted against the sender's day, in kobo, for the journal to keep.
 */
export async function enforceLimits(
  tx: DbTransaction,
  journal: LimitedJournal,
  lines: readonly LimitedPosting[],
  now: Date = new Date(),
): Promise<bigint | null> {
  if (journal.reversesJournalId) {
    await giveBackUsage(tx, journal.reversesJournalId)
    return null
  }
  const owners = await loadOwners(tx, lines)
  if (owners.size === 0) return null

  let counted: bigint | null = null
  const sender = journal.fromUserId ? owners.get(journal.fromUserId) : undefined
  if (journal.fromUserId && sender?.debited) {
    const valuer = await loadNairaValuer(tx, [journal.asset])
    counted = valuer(journal.asset, journal.amountMinor)
    await holdOutgoing(tx, journal.fromUserId, counted, now)
    await countSent(tx, journal.fromUserId, sender, counted, now)
  }

  // Users are locked in id order, the same order in every posting, so two postings never wait
  // for each other's users the other way round.
  const payees = [...owners].filter(([, owner]) => !owner.debited && owner.balanceMaxMinor !== null)
  payees.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [userId, owner] of payees) {
    await checkBalanceCap(tx, userId, owner, userId === journal.fromUserId || !journal.fromUserId)
  }
  return counted
}

/** The customer accounts the journal touches, by owner, with each owner's tier limits. */
async function loadOwners(
  tx: DbTransaction,
  lines: readonly LimitedPosting[],
): Promise<Map<string, Owner>> {
  const rows = await tx
    .select({
      accountId: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      singleMaxMinor: kycTierLimits.singleMaxMinor,
      dailyMaxMinor: kycTierLimits.dailyMaxMinor,
      balanceMaxMinor: kycTierLimits.balanceMaxMinor,
    })
    .from(ledgerAccounts)
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .innerJoin(kycTierLimits, eq(kycTierLimits.tier, users.kycTier))
    .where(
      and(
        inArray(
          ledgerAccounts.id,
          lines.map((line) => line.accountId),
        ),
        ne(ledgerAccounts.kind, 'system'),
      ),
    )
  const owners = new Map<string, Owner>()
  for (const row of rows) {
    if (!row.userId) continue
    const owner = owners.get(row.userId) ?? {
      singleMaxMinor: row.singleMaxMinor,
      dailyMaxMinor: row.dailyMaxMinor,
      balanceMaxMinor: row.balanceMaxMinor,
      debited: false,
      credits: new Map<AssetCode, bigint>(),
    }
    for (const line of lines) {
      if (line.accountId !== row.accountId) continue
      if (line.amountMinor < 0n) owner.debited = true
      else owner.credits.set(line.asset, (owner.credits.get(line.asset) ?? 0n) + line.amountMinor)
    }
    owners.set(row.userId, owner)
  }
  return owners
}

/** The single-payment limit, then the day's usage raised only if it stays within the limit. */
async function countSent(
  tx: DbTransaction,
  userId: string,
  sender: Owner,
  valueMinor: bigint,
  now: Date,
): Promise<void> {
  if (valueMinor > sender.singleMaxMinor)
    throw limitRefusal(singleLimitMessage(sender), 'single', sender.singleMaxMinor)
  const day = lagosDay(now)
  const raised = await queryRows(
    tx,
    sql`insert into kyc_daily_usage as u (user_id, day, sent_minor)
        select ${userId}::uuid, ${day}::date, ${valueMinor}::bigint
        where ${valueMinor}::bigint <= ${sender.dailyMaxMinor}::bigint
        on conflict (user_id, day) do update set sent_minor = u.sent_minor + excluded.sent_minor
          where u.sent_minor + excluded.sent_minor <= ${sender.dailyMaxMinor}::bigint
        returning u.sent_minor`,
  )
  if (raised.length === 1) return
  const [row] = await queryRows(
    tx,
    sql`select sent_minor::text as sent from kyc_daily_usage where user_id = ${userId}::uuid and day = ${day}::date`,
  )
  const used = row ? BigInt(String(row.sent)) : 0n
  const remaining = sender.dailyMaxMinor > used ? sender.dailyMaxMinor - used : 0n
  throw limitRefusal(dailyLimitMessage(sender, remaining), 'daily', remaining)
}

/**
 * The payee's balance held, after this journal's credits, against their tier's cap. The payee
 * told is the user themself (a top-up, a card sale) or, for a payment from someone else, the
 * payer, who learns only that the recipient cannot receive it, never their balance.
 */
async function checkBalanceCap(
  tx: DbTransaction,
  userId: string,
  payee: Owner,
  payeeActs: boolean,
): Promise<void> {
  const cap = payee.balanceMaxMinor
  if (cap === null) return
  await tx.execute(sql`select id from users where id = ${userId}::uuid for no key update`)
  const { totalMinor: total, valuer } = await heldInNaira(tx, userId, payee.credits)
  if (total <= cap) return
  if (!payeeActs) {
    throw limitRefusal(RECIPIENT_OVER_CAP_MESSAGE, 'balance')
  }
  const credited = [...payee.credits].reduce(
    (sum, [asset, minor]) => sum + valuer(asset, minor),
    0n,
  )
  const before = total - credited
  const room = cap > before ? cap - before : 0n
  throw limitRefusal(
    `This would take your balance over ${formatNaira(cap)}, the most your current tier can hold. You can receive ${formatNaira(room)} more`,
    'balance',
    room,
  )
}

/** A reversal returns what its journal counted to the day it was counted on. */
async function giveBackUsage(tx: DbTransaction, journalId: string): Promise<void> {
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
