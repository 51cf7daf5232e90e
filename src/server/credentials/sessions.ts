import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { decodeCursor, exactTimestamp, olderThan, toPage } from '#server/db/keyset-page.ts'
import { sessions } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { SessionInfo } from '#shared/schemas/account.ts'
import type { PageQuery } from '#shared/schemas/pages.ts'

/** A session lasts this long after the last time it was used. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** Login activity shows this many sessions a page. */
export const SESSIONS_LIST_LIMIT = 50
/** Extend a session's expiry at most this often, so reads do not turn into writes. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000

const sessionDataSchema = z.object({
  userId: z.string(),
  createdAt: z.string(),
  userAgent: z.string().max(512).optional(),
  ipAddress: z.string().max(64).optional(),
})
export type SessionData = z.infer<typeof sessionDataSchema>
const storedSessionSchema = z.object({ sess: z.unknown(), expire: z.coerce.date() })

export type ActiveSession = { sid: string; userId: string; expire: Date }

/**
 * How a session is kept: by the SHA-256 of its id. The id is 256 random bits, so a plain hash
 * is enough (no salt or slow hash needed), and the table alone lets nobody in (migration 0008).
 */
export function hashSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('hex')
}

/** A fresh session: a new random id every sign-in, so an old id can never be fixed on a user. */
export async function createSession(
  db: Queryable,
  input: { userId: string; userAgent?: string; ipAddress?: string },
  nowMs = Date.now(),
): Promise<ActiveSession> {
  const sid = randomBytes(32).toString('base64url')
  const expire = new Date(nowMs + SESSION_TTL_MS)
  const sess: SessionData = {
    userId: input.userId,
    createdAt: new Date(nowMs).toISOString(),
    ...(input.userAgent ? { userAgent: input.userAgent.slice(0, 512) } : {}),
    ...(input.ipAddress ? { ipAddress: input.ipAddress.slice(0, 64) } : {}),
  }
  await db.insert(sessions).values({
    sidHash: hashSessionId(sid),
    sess,
    expire,
    userId: input.userId,
    createdAt: new Date(nowMs),
  })
  return { sid, userId: input.userId, expire }
}

/**
 * How long an instance answers from its own copy of a session before reading it again (ADR
 * 008). A sign-out, a revoked session or a password change on this instance takes effect at
 * once (the copies go with the rows); on another instance, within this.
 */
export const SESSION_CACHE_TTL_MS = 1_000
const SESSION_CACHE_MAX = 100_000
/**
 * The copies in use are read again together this often, well inside their time to live, so a
 * busy instance reads all its sessions in one statement twice a second instead of each one
 * once a second on a request's path (ADR 008, docs/performance.md "What limits it now").
 */
const SESSION_REFRESH_INTERVAL_MS = SESSION_CACHE_TTL_MS / 2
/** At most this many sessions are read again by one statement. */
const SESSIONS_PER_REFRESH_MAX = 1_000

type SessionCopy = {
  session: ActiveSession
  /** When the row was last read: the copy is answered from until a time to live after it. */
  readAtMs: number
  /** When a request last used the copy: only copies in use are read again. */
  usedAtMs: number
  /** The database the session lives in, to read it again from. */
  db: Queryable
}

/** This process's copies of sessions it read lately, by the hash of their id. */
const cachedSessions = new Map<string, SessionCopy>()
/**
 * Counts the deletions this process has made, so a read that started before one does not put
 * back a copy of what it deleted.
 */
let deletions = 0

/**
 * Drops this process's copies of the sessions a deletion is about to end, and again once it has
 * (a read that began in between must not leave its copy behind).
 */
function forgetSessions(match: (sidHash: string, session: ActiveSession) => boolean): void {
  deletions += 1
  for (const [sidHash, { session }] of cachedSessions) {
    if (match(sidHash, session)) cachedSessions.delete(sidHash)
  }
}

/** The live session with this id, sliding its expiry forward now and then; undefined if none. */
export async function readSession(
  db: Queryable,
  sid: string,
  nowMs = Date.now(),
): Promise<ActiveSession | undefined> {
  const sidHash = hashSessionId(sid)
  const cached = cachedSessions.get(sidHash)
  if (cached && Math.abs(nowMs - cached.readAtMs) < SESSION_CACHE_TTL_MS) {
    if (cached.session.expire.getTime() > nowMs) {
      cached.usedAtMs = nowMs
      return cached.session
    }
  }
  const deletionsBefore = deletions
  const session = await readStoredSession(db, sid, sidHash, nowMs)
  if (!session) {
    cachedSessions.delete(sidHash)
    return undefined
  }
  if (deletions === deletionsBefore) {
    if (cachedSessions.size >= SESSION_CACHE_MAX) cachedSessions.clear()
    cachedSessions.set(sidHash, { session, readAtMs: nowMs, usedAtMs: nowMs, db })
    scheduleSessionRefresh()
  }
  return session
}

const refreshedRowSchema = storedSessionSchema.extend({ sid_hash: z.string() })

/**
 * Reads again, in one statement per database (per thousand), every session copy a request used
 * within the last time to live, as of `nowMs`. A copy whose row is gone, expired or changed hands
 * is dropped, so the next request reads it for itself and finds it signed out; the others may be
 * answered from for another time to live, counted from when this read began, so a sign-out on
 * another instance still takes effect within the second. A copy due for its expiry to slide
 * forward is left to age, and its next request reads and slides it as before. Copies only get
 * fresher or go: one this process deleted meanwhile is not put back. Answers how many copies it
 * read again; a database that cannot answer is skipped, and its copies age as they would.
 */
export async function refreshSessionCopies(nowMs = Date.now()): Promise<number> {
  const inUse = new Map<Queryable, string[]>()
  for (const [sidHash, copy] of cachedSessions) {
    if (Math.abs(nowMs - copy.usedAtMs) >= SESSION_CACHE_TTL_MS) continue
    const hashes = inUse.get(copy.db) ?? []
    hashes.push(sidHash)
    inUse.set(copy.db, hashes)
  }
  let read = 0
  for (const [db, hashes] of inUse) {
    for (let start = 0; start < hashes.length; start += SESSIONS_PER_REFRESH_MAX) {
      const chunk = hashes.slice(start, start + SESSIONS_PER_REFRESH_MAX)
      // A database that cannot answer leaves its copies to age; the others are still read.
      const rows = await queryRows(
        db,
        sql`select sid_hash, sess, expire from sessions
            where sid_hash in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))
              and expire > ${new Date(nowMs).toISOString()}::timestamptz`,
      ).catch(() => undefined)
      if (rows === undefined) break
      const found = new Map(
        rows.flatMap((row) => {
          const parsed = refreshedRowSchema.safeParse(row)
          return parsed.success ? [[parsed.data.sid_hash, parsed.data] as const] : []
        }),
      )
      for (const sidHash of chunk) {
        const copy = cachedSessions.get(sidHash)
        if (!copy) continue
        const row = found.get(sidHash)
        const data = sessionDataSchema.safeParse(row?.sess)
        if (!row || !data.success || data.data.userId !== copy.session.userId) {
          cachedSessions.delete(sidHash)
        } else if (!dueForTouch(row.expire, nowMs)) {
          copy.readAtMs = Math.max(copy.readAtMs, nowMs)
          copy.session = { ...copy.session, expire: row.expire }
        }
      }
      read += chunk.length
    }
  }
  return read
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Keeps the copies in use fresh in the background while there are any: a refresh that fails
 * (the database away) leaves them to age, and requests then read for themselves, as before.
 */
function scheduleSessionRefresh(): void {
  if (refreshTimer !== undefined) return
  refreshTimer = setTimeout(() => {
    void refreshSessionCopies()
      .catch(() => 0)
      .then((read) => {
        refreshTimer = undefined
        if (read > 0) scheduleSessionRefresh()
      })
  }, SESSION_REFRESH_INTERVAL_MS)
  refreshTimer.unref()
}

/** Whether a session's expiry is due to slide forward (at most once an hour). */
function dueForTouch(expire: Date, nowMs: number): boolean {
  return expire.getTime() - nowMs < SESSION_TTL_MS - SESSION_TOUCH_INTERVAL_MS
}

async function readStoredSession(
  db: Queryable,
  sid: string,
  sidHash: string,
  nowMs: number,
): Promise<ActiveSession | undefined> {
  // Raw SQL: this read runs for every session once a second per process, and Drizzle's query
  // builder cost more CPU than the query (docs/performance.md "What limits it now").
  const [found] = await queryRows(
    db,
    sql`select sess, expire from sessions
        where sid_hash = ${sidHash} and expire > ${new Date(nowMs).toISOString()}::timestamptz
        limit 1`,
  )
  if (!found) return undefined
  const row = storedSessionSchema.parse(found)
  const data = sessionDataSchema.safeParse(row.sess)
  if (!data.success) return undefined
  if (dueForTouch(row.expire, nowMs)) {
    const expire = new Date(nowMs + SESSION_TTL_MS)
    await db.update(sessions).set({ expire }).where(eq(sessions.sidHash, sidHash))
    return { sid, userId: data.data.userId, expire }
  }
  return { sid, userId: data.data.userId, expire: row.expire }
}

export async function deleteSession(db: Queryable, sid: string): Promise<void> {
  const sidHash = hashSessionId(sid)
  const forget = (hash: string) => hash === sidHash
  forgetSessions(forget)
  await db.delete(sessions).where(eq(sessions.sidHash, sidHash))
  forgetSessions(forget)
}

export async function deleteExpiredSessions(db: Queryable, nowMs = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date(nowMs)))
}

/**
 * A session's public id, from its stored hash: listing sessions never hands out what would let
 * someone use them.
 */
function publicSessionId(sidHash: string): string {
  return sidHash.slice(0, 24)
}

/**
 * The user's live sessions for login activity, newest sign-in first, a page at a time (keyset
 * on created_at and the id's hash: keyset-page.ts): device, address, start and last use.
 */
export async function listUserSessions(
  db: Queryable,
  userId: string,
  currentSid: string | null,
  page: PageQuery = { limit: SESSIONS_LIST_LIMIT },
  nowMs = Date.now(),
): Promise<{ items: SessionInfo[]; nextCursor: string | null }> {
  const currentHash = currentSid ? hashSessionId(currentSid) : null
  const after = page.cursor ? decodeCursor(page.cursor, 'sha256-hex') : undefined
  const rows = await db
    .select({ session: sessions, cursorAt: exactTimestamp(sessions.createdAt) })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expire, new Date(nowMs)),
        olderThan(sessions.createdAt, sessions.sidHash, after),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.sidHash))
    .limit(page.limit + 1)
  const { items, nextCursor } = toPage(rows, page.limit, (row) => ({
    at: row.cursorAt,
    id: row.session.sidHash,
  }))
  return {
    nextCursor,
    items: items.map(({ session: row }) => {
      const data = sessionDataSchema.safeParse(row.sess)
      return {
        id: publicSessionId(row.sidHash),
        device: (data.success ? data.data.userAgent : undefined) ?? 'Unknown device',
        ipAddress: (data.success ? data.data.ipAddress : undefined) ?? null,
        createdAt: row.createdAt.toISOString(),
        // The expiry slides forward on use (at most hourly), so it tells when it was last used.
        lastSeenAt: new Date(row.expire.getTime() - SESSION_TTL_MS).toISOString(),
        current: row.sidHash === currentHash,
      }
    }),
  }
}

/** Signs one of the user's sessions out by its public id; someone else's is "not found". */
export async function revokeUserSession(db: Queryable, userId: string, publicId: string) {
  const rows = await db
    .select({ sidHash: sessions.sidHash })
    .from(sessions)
    .where(eq(sessions.userId, userId))
  const match = rows.find((row) => publicSessionId(row.sidHash) === publicId)
  if (!match) throw new AppError('NOT_FOUND', msg('sessionNotFound'))
  const forget = (hash: string) => hash === match.sidHash
  forgetSessions(forget)
  await db.delete(sessions).where(eq(sessions.sidHash, match.sidHash))
  forgetSessions(forget)
}

/** Ends every session of the user but `keepSid` (after a password change, or all of them). */
export async function deleteOtherSessions(db: Queryable, userId: string, keepSid: string | null) {
  const keepHash = keepSid ? hashSessionId(keepSid) : null
  const forget = (hash: string, session: ActiveSession) =>
    session.userId === userId && hash !== keepHash
  forgetSessions(forget)
  await db
    .delete(sessions)
    .where(
      keepSid
        ? and(eq(sessions.userId, userId), ne(sessions.sidHash, hashSessionId(keepSid)))
        : eq(sessions.userId, userId),
    )
  // Again once deleted: a read that began before the deletion must not leave its copy behind.
  forgetSessions(forget)
}
