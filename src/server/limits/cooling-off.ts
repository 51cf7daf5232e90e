import { and, eq, gte, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { journals, users } from '#server/db/schema.ts'
import { frozenRefusal } from '#server/users/frozen-refusal.ts'
import { COOLING_OFF_HOURS, COOLING_OFF_LIMIT_NAIRA } from '#shared/account-safety.ts'
import { AppError, amountParam, msg } from '#shared/errors.ts'
import { formatMinor } from '#shared/money.ts'

const LIMIT_KOBO = BigInt(COOLING_OFF_LIMIT_NAIRA) * 100n

/**
 * Starts (or restarts) the cooling-off of docs/security.md "Cooling-off", inside the transaction
 * of the change that calls for it: a password reset, a phone number added or changed, an e-mail
 * change, a PIN set by reset. For the next COOLING_OFF_HOURS, outgoing money is held to
 * COOLING_OFF_LIMIT_NAIRA in total, so a thief who took over the recovery gets little, and the
 * owner, warned on their old contacts, has a day to freeze the account.
 */
export async function startCoolingOff(db: Queryable, userId: string, now = new Date()) {
  const until = new Date(now.getTime() + COOLING_OFF_HOURS * 3_600_000)
  await db
    .update(users)
    .set({ coolingOffSince: now, coolingOffUntil: until })
    .where(eq(users.id, userId))
}

export type CoolingOff = { until: Date; since: Date; remainingKobo: bigint }

/** What is sent since the cooling-off began, in kobo, as the daily limit counted it. */
async function sentSince(db: Queryable, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ sent: sql<string>`coalesce(sum(${journals.limitValueMinor}), 0)::text` })
    .from(journals)
    .where(and(eq(journals.fromUserId, userId), gte(journals.createdAt, since)))
  return BigInt(row?.sent ?? '0')
}

/** The user's cooling-off now, with what it still allows; undefined when there is none. */
export async function readCoolingOff(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<CoolingOff | undefined> {
  const [row] = await db
    .select({ since: users.coolingOffSince, until: users.coolingOffUntil })
    .from(users)
    .where(eq(users.id, userId))
  if (!row?.since || !row.until || row.until <= now) return undefined
  const sent = await sentSince(db, userId, row.since)
  return {
    since: row.since,
    until: row.until,
    remainingKobo: sent >= LIMIT_KOBO ? 0n : LIMIT_KOBO - sent,
  }
}

/**
 * Refuses an outgoing payment worth `valueKobo` that would take the user past the cooling-off
 * allowance, inside the posting's transaction. A lock of the user's allowance is taken first, so
 * two payments in the window are counted one after the other: the second sees the first's journal.
 */
export async function holdToCoolingOff(
  tx: Queryable,
  userId: string,
  valueKobo: bigint,
  now = new Date(),
): Promise<void> {
  // A lock of its own rather than the user's row: the balance cap locks payees' rows in id
  // order, and a sender's row taken first could close a cycle with a payment the other way.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cooling_off:${userId}`}))`)
  const coolingOff = await readCoolingOff(tx, userId, now)
  if (!coolingOff || valueKobo <= coolingOff.remainingKobo) return
  throw coolingOffRefusal(coolingOff)
}

/** 403 COOLING_OFF with `until` and what is left (docs/security.md "Cooling-off"). */
export function coolingOffRefusal(coolingOff: CoolingOff): AppError {
  const left = coolingOff.remainingKobo
  const until = `${coolingOff.until.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const message =
    left > 0n
      ? msg('coolingOffAllowance', { until, amount: amountParam(formatMinor(left, 2), '₦') })
      : msg('coolingOffNoAllowance', { until })
  return new AppError('COOLING_OFF', message, undefined, {
    until: coolingOff.until.toISOString(),
    remaining: formatMinor(left, 2),
  })
}

/**
 * What every outgoing payment passes inside its posting's transaction, beside the KYC limits
 * (src/server/limits/enforce-limits.ts): a frozen account sends nothing (423 ACCOUNT_FROZEN),
 * and one cooling off sends no more than its allowance (403 COOLING_OFF). Most users are
 * neither, and for them this is one read of their row, with no lock.
 */
export async function holdOutgoing(
  tx: Queryable,
  userId: string,
  valueKobo: bigint,
  now = new Date(),
): Promise<void> {
  const [row] = await tx
    .select({ frozenAt: users.frozenAt, coolingOffUntil: users.coolingOffUntil })
    .from(users)
    .where(eq(users.id, userId))
  if (row?.frozenAt) throw frozenRefusal()
  if (row?.coolingOffUntil && row.coolingOffUntil > now) {
    await holdToCoolingOff(tx, userId, valueKobo, now)
  }
}
