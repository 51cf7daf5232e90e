import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'
import { hashSessionId } from './sessions.ts'

/**
 * How often the sessions of open streams are read again: a stream ends within this, plus one
 * read, of its session ending (issue 32 asks for 2 seconds).
 */
export const SESSION_WATCH_INTERVAL_MS = 1_000
/** At most this many sessions are read by one statement. */
const SESSIONS_PER_READ_MAX = 1_000

type Watch = { db: Queryable; onEnd: Set<() => void> }

/** The sessions whose streams are open in this process, by the hash of their id. */
const watched = new Map<string, Watch>()
let timer: ReturnType<typeof setInterval> | undefined

/**
 * Calls `onEnd` once the session is gone, whatever ended it: a sign-out, a revoke, a password
 * change or reset, a deactivation, its expiry, on this instance or any other (they all delete
 * the row; docs/notifications.md "Live"). The sessions watched are read again together, one
 * statement per database every second, however many streams are open. Returns the function
 * that stops watching.
 */
export function watchSession(db: Queryable, sid: string, onEnd: () => void): () => void {
  const sidHash = hashSessionId(sid)
  const watch = watched.get(sidHash) ?? { db, onEnd: new Set() }
  watch.onEnd.add(onEnd)
  watched.set(sidHash, watch)
  timer ??= setInterval(() => void checkWatchedSessions(), SESSION_WATCH_INTERVAL_MS)
  timer.unref()
  return () => {
    watch.onEnd.delete(onEnd)
    if (watch.onEnd.size === 0 && watched.get(sidHash) === watch) watched.delete(sidHash)
    if (watched.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/**
 * Reads the watched sessions once and ends the watches of those that are gone. A database that
 * cannot answer ends nothing: its streams stay until it answers again. Answers how many ended.
 */
export async function checkWatchedSessions(nowMs = Date.now()): Promise<number> {
  const byDatabase = new Map<Queryable, string[]>()
  for (const [sidHash, watch] of watched) {
    byDatabase.set(watch.db, [...(byDatabase.get(watch.db) ?? []), sidHash])
  }
  let ended = 0
  for (const [db, hashes] of byDatabase) {
    for (let start = 0; start < hashes.length; start += SESSIONS_PER_READ_MAX) {
      const chunk = hashes.slice(start, start + SESSIONS_PER_READ_MAX)
      const rows = await queryRows(
        db,
        sql`select sid_hash from sessions
            where sid_hash in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))
              and expire > ${new Date(nowMs).toISOString()}::timestamptz`,
      ).catch(() => undefined)
      if (rows === undefined) break
      const alive = new Set(rows.map((row) => String(row.sid_hash)))
      for (const sidHash of chunk) {
        if (alive.has(sidHash)) continue
        const watch = watched.get(sidHash)
        if (!watch) continue
        watched.delete(sidHash)
        for (const end of watch.onEnd) end()
        ended += 1
      }
    }
  }
  if (watched.size === 0 && timer !== undefined) {
    clearInterval(timer)
    timer = undefined
  }
  return ended
}
