import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { ussdSessions } from '#server/db/schema.ts'
import { type UssdState, ussdStateSchema } from './ussd-menu.ts'

// The USSD sessions (docs/ussd.md "Sessions"): one row per gateway sessionId, alive for three
// minutes from the first request, as mobile networks end a USSD dialogue about then. The text a
// gateway sends holds every answer so far, the PIN among them, so the row keeps only its length
// and an HMAC of it under a key derived from the server secret: enough to know a repeated
// request, or one that adds an answer, without a copy of the PIN at rest.

export const USSD_SESSION_MINUTES = 3
/** About one new session in this many also deletes sessions that ended over an hour ago. */
const PRUNE_ONE_IN = 100

export type UssdSession = {
  sessionId: string
  phoneNumber: string
  userId: string
  state: UssdState
  steps: number
  textLength: number
  textHash: string
  lastAnswer: string
  expired: boolean
}

/** The keyed hash of a session's text: `key` comes from the server secret (ussd-routes.ts). */
export function hashUssdText(key: Buffer, sessionId: string, text: string): string {
  return createHmac('sha256', key).update(sessionId).update('\n').update(text).digest('hex')
}

/** A session by the gateway's id, with whether it has outlived its three minutes. */
export async function findUssdSession(
  db: Queryable,
  sessionId: string,
): Promise<UssdSession | undefined> {
  const [row] = await db
    .select({
      sessionId: ussdSessions.sessionId,
      phoneNumber: ussdSessions.phoneNumber,
      userId: ussdSessions.userId,
      state: ussdSessions.state,
      steps: ussdSessions.steps,
      textLength: ussdSessions.textLength,
      textHash: ussdSessions.textHash,
      lastAnswer: ussdSessions.lastAnswer,
      expired: sql<boolean>`${ussdSessions.expiresAt} <= now()`,
    })
    .from(ussdSessions)
    .where(eq(ussdSessions.sessionId, sessionId))
    .limit(1)
  if (!row) return undefined
  // A state this version cannot read (written by another) ends the dialogue rather than guess.
  const state = ussdStateSchema.safeParse(row.state)
  return {
    ...row,
    expired: row.expired === true,
    state: state.success ? state.data : { at: 'ended' },
  }
}

/**
 * Starts a session with its first answer; false when another request made it first (a gateway
 * that sent the first request twice at once), which the caller then answers from that one.
 */
export async function createUssdSession(
  db: Queryable,
  session: {
    sessionId: string
    phoneNumber: string
    userId: string
    state: UssdState
    textLength: number
    textHash: string
    lastAnswer: string
  },
): Promise<boolean> {
  if (Math.floor(Math.random() * PRUNE_ONE_IN) === 0) await pruneUssdSessions(db)
  const created = await db
    .insert(ussdSessions)
    .values({
      ...session,
      steps: 0,
      expiresAt: sql`now() + ${`${USSD_SESSION_MINUTES} minutes`}::interval`,
    })
    .onConflictDoNothing()
    .returning({ sessionId: ussdSessions.sessionId })
  return created.length === 1
}

/**
 * Records the answer to step `steps + 1`, only if no other request recorded it first: two
 * copies of one request read the same step, and only one of them moves the session on (the other
 * answers as it did; any money moved once, under the step's idempotency key).
 */
export async function advanceUssdSession(
  db: Queryable,
  session: { sessionId: string; steps: number },
  next: { state: UssdState; textLength: number; textHash: string; lastAnswer: string },
): Promise<boolean> {
  const updated = await db
    .update(ussdSessions)
    .set({ ...next, steps: session.steps + 1, updatedAt: sql`now()` })
    .where(
      and(eq(ussdSessions.sessionId, session.sessionId), eq(ussdSessions.steps, session.steps)),
    )
    .returning({ sessionId: ussdSessions.sessionId })
  return updated.length === 1
}

/** Sessions are worth nothing once over; an hour's grace keeps late repeats answerable. */
async function pruneUssdSessions(db: Queryable): Promise<void> {
  await queryRows(db, sql`delete from ussd_sessions where expires_at < now() - interval '1 hour'`)
}
