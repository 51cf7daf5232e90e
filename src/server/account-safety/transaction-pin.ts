import { createHash, createHmac, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { hashPassword, verifyPassword } from '#server/credentials/passwords.ts'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { transactionPins } from '#server/db/schema.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, type PinStatus } from '#shared/schemas/pin.ts'

// The PIN is hashed like a password (argon2id, src/server/auth/passwords.ts): with only 10,000
// PINs the hash cannot stop an offline search, so the attempt limit below is what protects it.

export async function readPinStatus(db: Queryable, userId: string): Promise<PinStatus> {
  const [row] = await db
    .select({ lockedUntil: transactionPins.lockedUntil })
    .from(transactionPins)
    .where(eq(transactionPins.userId, userId))
  const lockedUntil = row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null
  return { isSet: row !== undefined, lockedUntil: lockedUntil?.toISOString() ?? null }
}

/**
 * Sets or replaces the PIN. The caller has asked for the password first (step-up,
 * src/server/auth/step-up.ts); a new PIN clears the wrong PINs and any lock, since the password
 * is the stronger secret.
 */
export async function setTransactionPin(
  db: Queryable,
  userId: string,
  pin: string,
): Promise<PinStatus> {
  const pinHash = await hashPassword(pin)
  await db
    .insert(transactionPins)
    .values({ userId, pinHash })
    .onConflictDoUpdate({
      target: transactionPins.userId,
      set: {
        pinHash,
        failedAttempts: 0,
        lockedUntil: null,
        lastFailedAt: null,
        updatedAt: sql`now()`,
      },
    })
  return { isSet: true, lockedUntil: null }
}

/**
 * Replaces the PIN of a user who has just proved they know the current one (the USSD channel's
 * "Change PIN", docs/ussd.md): a feature phone has no password to offer. `pinHash` is the
 * argon2id hash of the new PIN, made when it was first typed, so the PIN itself is never kept
 * between the two steps that ask for it. Only a PIN that exists and is not locked is replaced,
 * so a lock that began meanwhile holds; answers whether it was replaced.
 */
export async function replaceTransactionPin(
  db: Queryable,
  userId: string,
  pinHash: string,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update transaction_pins
        set pin_hash = ${pinHash}, failed_attempts = 0, locked_until = null, updated_at = now()
        where user_id = ${userId} and (locked_until is null or locked_until <= now())
        returning user_id`,
  )
  return rows.length === 1
}

function lockedError(lockedUntil: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000))
  return new AppError(
    'PIN_LOCKED',
    minutes === 1
      ? msg('pinLockedOneMinute', { max: PIN_MAX_ATTEMPTS })
      : msg('pinLockedMinutes', { max: PIN_MAX_ATTEMPTS, minutes }),
    undefined,
    { lockedUntil: lockedUntil.toISOString() },
  )
}

/**
 * Lets an outgoing payment through only with the user's PIN (docs/security.md "Transaction
 * PIN"). Each attempt is counted before the PIN is compared, in one statement, so parallel
 * guesses cannot get past the limit; the counter lives in the database, so it survives
 * restarts and every instance shares it. The fifth wrong PIN in a row locks it for 30 minutes.
 */
export function checkTransactionPin(
  db: Queryable,
  userId: string,
  pin: string | undefined,
): Promise<void> {
  if (pin === undefined) {
    return Promise.reject(new AppError('PIN_REQUIRED', msg('enterTransactionPinContinue')))
  }
  // A double tap (or any requests in parallel) with the same PIN is one attempt, not several:
  // otherwise five taps with the right PIN would count as five attempts and lock it. Different
  // PINs are separate attempts, each counted.
  const key = createHash('sha256').update(`${userId}:${pin}`).digest('hex')
  const running = attemptsInFlight.get(key)
  if (running) return running
  const attempt = attemptPin(db, userId, pin).finally(() => attemptsInFlight.delete(key))
  attemptsInFlight.set(key, attempt)
  return attempt
}

/** The PIN checks under way in this process, by a hash of the user and the PIN tried. */
const attemptsInFlight = new Map<string, Promise<void>>()

/** How long this process trusts a PIN it has checked, and how many it keeps at most. */
const VERIFIED_PIN_TTL_MS = 15 * 60 * 1000
const VERIFIED_PINS_MAX = 50_000
// Keyed by an HMAC under a secret of this process alone, so the map holds nothing a PIN could be
// read back from without the process's memory, where the argon2id hashes pass anyway.
const verifiedPinKey = randomBytes(32)
/** PINs this process has checked against argon2id lately: the hash they matched, and when. */
const verifiedPins = new Map<string, { pinHash: string; atMs: number }>()

function verifiedPinSlot(userId: string, pin: string): string {
  return createHmac('sha256', verifiedPinKey).update(`${userId}:${pin}`).digest('hex')
}

/**
 * The right PIN again, without argon2id's 20 ms of CPU (ADR 008): when this process has lately
 * verified this PIN against the user's current hash, one statement counts the attempt and, as a
 * right PIN does, clears the count, provided the hash is still that one and the PIN is not
 * locked. Anything else (a new PIN, a lock, an unknown PIN) takes the full check below.
 */
async function attemptKnownPin(db: Queryable, userId: string, pin: string): Promise<boolean> {
  const slot = verifiedPinSlot(userId, pin)
  const known = verifiedPins.get(slot)
  if (!known) return false
  if (Date.now() - known.atMs > VERIFIED_PIN_TTL_MS) {
    verifiedPins.delete(slot)
    return false
  }
  // A batch that failed as a whole (a deadlock between two of them, the database away) sends
  // each of its PINs to the full check, which answers for itself.
  const right = await knownPinChecker(db)
    .submit({ userId, pinHash: known.pinHash })
    .catch(() => false)
  if (right) return true
  verifiedPins.delete(slot)
  return false
}

type KnownPin = { userId: string; pinHash: string }

/**
 * Whether each user's PIN hash is still the one given and unlocked, for many users in one
 * read-only statement, which commits without waiting for the write-ahead log. A right PIN
 * clears nothing: wrong PINs since the PIN was set keep counting (docs/security.md
 * "Transaction PIN"), so guesses between the owner's payments still add up to a lock.
 */
async function checkKnownPins(db: Queryable, pins: KnownPin[]): Promise<boolean[]> {
  const asked = JSON.stringify(pins.map((pin) => ({ user_id: pin.userId, pin_hash: pin.pinHash })))
  const rows = await queryRows(
    db,
    sql`select a.user_id, exists (
          select 1 from transaction_pins p where p.user_id = a.user_id and p.pin_hash = a.pin_hash
            and (p.locked_until is null or p.locked_until <= now())) as pin_ok
        from jsonb_to_recordset(${asked}::jsonb) as a(user_id uuid, pin_hash text)`,
  )
  const right = new Set(rows.filter((row) => row.pin_ok === true).map((row) => String(row.user_id)))
  return pins.map((pin) => right.has(pin.userId))
}

/** At most this many PINs share one statement. */
const KNOWN_PINS_PER_STATEMENT_MAX = 256
const knownPinCheckers = new WeakMap<
  Queryable,
  ReturnType<typeof createStatementBatcher<KnownPin, boolean>>
>()

/** The PIN checks of concurrent requests share statements (ADR 008). */
function knownPinChecker(db: Queryable) {
  let checker = knownPinCheckers.get(db)
  if (!checker) {
    checker = createStatementBatcher(
      (pins: KnownPin[]) => checkKnownPins(db, pins),
      KNOWN_PINS_PER_STATEMENT_MAX,
      { name: 'known_pins' },
    )
    knownPinCheckers.set(db, checker)
  }
  return checker
}

function rememberVerifiedPin(userId: string, pin: string, pinHash: string): void {
  if (verifiedPins.size >= VERIFIED_PINS_MAX) {
    // The oldest first: a Map iterates in insertion order.
    const oldest = verifiedPins.keys().next()
    if (!oldest.done) verifiedPins.delete(oldest.value)
  }
  verifiedPins.set(verifiedPinSlot(userId, pin), { pinHash, atMs: Date.now() })
}

/** A wrong PIN is forgotten this long after the last one. */
const WRONG_PINS_WINDOW = '24 hours'
/** A wrong PIN past the lock, once it has opened again, locks it for this long. */
const RELOCK = '24 hours'
/** From this many wrong PINs in a row on, each alerts the owner (docs/security.md "Alerts"). */
const ALERT_FROM_ATTEMPT = 3

async function attemptPin(db: Queryable, userId: string, pin: string): Promise<void> {
  if (await attemptKnownPin(db, userId, pin)) return
  // Counted before it is compared: wrong PINs since the last a day ago start again from one;
  // the fifth locks for 30 minutes, and each after it, once the lock has opened, for a day.
  const attempt = sql`case when last_failed_at is null
      or last_failed_at <= now() - ${WRONG_PINS_WINDOW}::interval then 1
      else failed_attempts + 1 end`
  const [reserved] = await queryRows(
    db,
    sql`update transaction_pins set
          failed_attempts = ${attempt},
          locked_until = case
            when ${attempt} > ${PIN_MAX_ATTEMPTS} then now() + ${RELOCK}::interval
            when ${attempt} = ${PIN_MAX_ATTEMPTS}
              then now() + ${`${PIN_LOCK_MINUTES} minutes`}::interval
            else null end,
          last_failed_at = now(),
          updated_at = now()
        where user_id = ${userId} and (locked_until is null or locked_until <= now())
        returning pin_hash, failed_attempts`,
  )
  if (!reserved) {
    const [row] = await db
      .select({ lockedUntil: transactionPins.lockedUntil })
      .from(transactionPins)
      .where(eq(transactionPins.userId, userId))
    if (!row) {
      throw new AppError('PIN_NOT_SET', msg('createTransactionPinBefore'))
    }
    throw lockedError(row.lockedUntil ?? new Date())
  }
  const pinHash = String(reserved.pin_hash)
  if (await verifyPassword(pinHash, pin)) {
    // The right PIN takes back only its own count, never the wrong ones before it, and the lock
    // its own count may have set: the PIN was open when it was tried.
    await queryRows(
      db,
      sql`update transaction_pins set
            failed_attempts = greatest(failed_attempts - 1, 0),
            locked_until = null,
            last_failed_at = case when failed_attempts <= 1 then null else last_failed_at end,
            updated_at = now()
          where user_id = ${userId}`,
    )
    rememberVerifiedPin(userId, pin, pinHash)
    return
  }
  const attempts = Number(reserved.failed_attempts)
  const attemptsLeft = Math.max(0, PIN_MAX_ATTEMPTS - attempts)
  await alertWrongPin(db, userId, attempts, attemptsLeft)
  throw new AppError(
    'PIN_INVALID',
    attemptsLeft > 0
      ? attemptsLeft === 1
        ? msg('pinIncorrectOneLeft')
        : msg('pinIncorrectAttemptsLeft', { count: attemptsLeft })
      : attempts > PIN_MAX_ATTEMPTS
        ? msg('pinIncorrectLockedDay')
        : msg('pinIncorrectLockedMinutes', { minutes: PIN_LOCK_MINUTES }),
    undefined,
    { attemptsLeft },
  )
}

/**
 * Someone is guessing the PIN: from the third wrong one in a row, each is told to the owner at
 * once, and so is the lock, on every channel with a "This wasn't me" link (docs/security.md).
 */
async function alertWrongPin(
  db: Queryable,
  userId: string,
  attempts: number,
  attemptsLeft: number,
): Promise<void> {
  if (attempts < ALERT_FROM_ATTEMPT) return
  const user = await findUserById(db, userId)
  if (!user) return
  await alertOwner(
    db,
    user,
    attemptsLeft > 0 ? { kind: 'pin_failed', attemptsLeft } : { kind: 'pin_locked' },
  )
}
