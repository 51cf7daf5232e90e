import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '#server/db/client.ts'
import { outboxEvents } from '#server/db/schema.ts'
import type { Notification } from '#shared/schemas/notifications.ts'
import { toNotification } from './to-notification.ts'

/** The NOTIFY channel that wakes the dispatchers and the live streams (docs/notifications.md). */
export const EVENTS_CHANNEL = 'sabi_events'

/** One open live stream. */
type Subscriber = {
  userId: string
  lastPosition: bigint
  /** Ids sent lately, so an event caught by two reads is sent once. */
  sent: Set<string>
  send(notification: Notification): void
  close(): void
}

/** The most streams one user keeps open on one instance; a new one closes the oldest. */
export const STREAMS_PER_USER_MAX = 5
/** The most events one read sends a stream; the rest follow on the next wake-up. */
const READ_LIMIT = 100
/** How far back a read also looks, for events that committed after a later-numbered one. */
const LATE_COMMIT_WINDOW_SECONDS = 10
const SENT_MEMORY = 256

export type LiveEvents = {
  /**
   * Opens a stream for `userId`: from `afterPosition` (a reconnecting client's Last-Event-ID,
   * whose missed events are sent at once) or from now. Returns the function that ends it.
   */
  subscribe(
    userId: string,
    afterPosition: bigint | undefined,
    send: (notification: Notification) => void,
    close: () => void,
  ): Promise<() => void>
  /** Ends every stream (at shutdown, so the listener can close). */
  stop(): Promise<void>
}

/**
 * The live channel of one server instance (docs/notifications.md "Live"): the streams open here,
 * woken by the NOTIFY each recorded event sends on commit, wherever it committed, and by a timer
 * for an engine or a connection without notifications. Each wake-up reads the user's events after
 * the last one each stream was sent, so nothing is sent that did not commit, and a stream that
 * missed a NOTIFY catches up on the next read.
 */
export async function createLiveEvents(
  database: DatabaseHandle,
  log: Pick<FastifyBaseLogger, 'warn'>,
  options: { fallbackMs?: number } = {},
): Promise<LiveEvents> {
  const { db } = database
  const byUser = new Map<string, Set<Subscriber>>()
  const reading = new Map<string, Promise<void>>()
  const pending = new Set<string>()

  /**
   * Where a stream starts: after the client's Last-Event-ID, else after the user's latest event.
   * Recent events up to there count as already sent (the client saw them, or they are old news
   * to a fresh page), so the late-commit window below does not repeat them.
   */
  async function startingPoint(
    userId: string,
    afterPosition: bigint | undefined,
  ): Promise<{ position: bigint; sent: Set<string> }> {
    let position = afterPosition
    if (position === undefined) {
      const [latest] = await db
        .select({ position: sql<string>`coalesce(max(${outboxEvents.position}), 0)::text` })
        .from(outboxEvents)
        .where(eq(outboxEvents.userId, userId))
      position = BigInt(latest?.position ?? '0')
    }
    const recent = await db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.userId, userId),
          lte(outboxEvents.position, position),
          gt(
            outboxEvents.createdAt,
            sql`now() - make_interval(secs => ${LATE_COMMIT_WINDOW_SECONDS})`,
          ),
        ),
      )
      .limit(SENT_MEMORY)
    return { position, sent: new Set(recent.map((row) => row.id)) }
  }

  async function readFor(userId: string): Promise<void> {
    const subscribers = byUser.get(userId)
    if (!subscribers || subscribers.size === 0) return
    let lowest: bigint | undefined
    for (const subscriber of subscribers) {
      if (lowest === undefined || subscriber.lastPosition < lowest) lowest = subscriber.lastPosition
    }
    const rows = await db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.userId, userId),
          or(
            gt(outboxEvents.position, lowest ?? 0n),
            gt(
              outboxEvents.createdAt,
              sql`now() - make_interval(secs => ${LATE_COMMIT_WINDOW_SECONDS})`,
            ),
          ),
        ),
      )
      .orderBy(asc(outboxEvents.position))
      .limit(READ_LIMIT)
    for (const row of rows) {
      const notification = toNotification(row)
      if (!notification) continue
      for (const subscriber of subscribers) {
        if (subscriber.sent.has(row.id)) continue
        if (row.position <= subscriber.lastPosition && !isRecent(row.createdAt)) continue
        subscriber.sent.add(row.id)
        if (subscriber.sent.size > SENT_MEMORY) {
          const oldest = subscriber.sent.values().next().value
          if (oldest !== undefined) subscriber.sent.delete(oldest)
        }
        if (row.position > subscriber.lastPosition) subscriber.lastPosition = row.position
        subscriber.send(notification)
      }
    }
  }

  function isRecent(createdAt: Date): boolean {
    return Date.now() - createdAt.getTime() < LATE_COMMIT_WINDOW_SECONDS * 1000
  }

  /** Reads for a user, one read at a time per user; a wake-up during a read runs once more. */
  function wakeUser(userId: string): void {
    if (!byUser.has(userId)) return
    if (reading.has(userId)) {
      pending.add(userId)
      return
    }
    const run = readFor(userId)
      .catch((error: unknown) => log.warn({ err: error }, 'live events read failed'))
      .finally(() => {
        reading.delete(userId)
        if (pending.delete(userId)) wakeUser(userId)
      })
    reading.set(userId, run)
  }

  let unlisten: (() => Promise<void>) | undefined
  try {
    // A payload names one event ("user:position") or, from a batch of transfers, several
    // separated by commas (outbox/record-event.ts).
    unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
      for (const entry of payload.split(',', 64)) {
        const userId = entry.split(':')[0]
        if (userId) wakeUser(userId)
      }
    })
  } catch (error) {
    log.warn({ err: error }, 'no LISTEN for live events: streams are woken by a timer alone')
  }
  // With notifications the timer only catches what a lost connection missed.
  const timer = setInterval(
    () => {
      for (const userId of byUser.keys()) wakeUser(userId)
    },
    options.fallbackMs ?? (unlisten ? 5_000 : 1_000),
  )
  timer.unref()

  return {
    async subscribe(userId, afterPosition, send, close) {
      const start = await startingPoint(userId, afterPosition)
      const subscriber: Subscriber = {
        userId,
        lastPosition: start.position,
        sent: start.sent,
        send,
        close,
      }
      let subscribers = byUser.get(userId)
      if (!subscribers) {
        subscribers = new Set()
        byUser.set(userId, subscribers)
      }
      subscribers.add(subscriber)
      if (subscribers.size > STREAMS_PER_USER_MAX) {
        const oldest = subscribers.values().next().value
        if (oldest) {
          subscribers.delete(oldest)
          oldest.close()
        }
      }
      // A reconnecting client gets what it missed at once, and an event that committed after
      // the starting point was read, whose NOTIFY found no stream here yet, is sent now rather
      // than at the next wake-up.
      wakeUser(userId)
      return () => {
        const set = byUser.get(userId)
        set?.delete(subscriber)
        if (set && set.size === 0) byUser.delete(userId)
      }
    },
    async stop() {
      clearInterval(timer)
      for (const subscribers of byUser.values()) {
        for (const subscriber of subscribers) subscriber.close()
      }
      byUser.clear()
      await unlisten?.()
      await Promise.all(reading.values())
    },
  }
}
