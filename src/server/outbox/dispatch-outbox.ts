import { eq, inArray, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { outboxEvents, users } from '#server/db/schema.ts'
import { readSettingsOfUsers } from '#server/settings/user-settings.ts'
import type { Settings } from '#shared/schemas/account.ts'
import {
  type NotificationData,
  notificationDataSchema,
  SECURITY_KINDS,
} from '#shared/schemas/notifications.ts'
import type { DeliveryChannelName } from './record-event.ts'

/** Who an event goes to, and how they asked to hear. */
export type Recipient = {
  userId: string
  email: string | null
  /** The number SMS goes to: only a verified one, so no stranger's phone gets Sabi's texts. */
  phoneNumber: string | null
  firstName: string | null
  settings: Settings
}

/** One event for one channel, as the dispatcher hands it over. */
export type Delivery = {
  eventId: string
  channel: DeliveryChannelName
  /** 1 on the first try; a channel may see an event again after a crash (at least once). */
  attempt: number
  data: NotificationData
  createdAt: Date
  recipient: Recipient
}

/**
 * An outside channel. `deliver` sends the event or says why not (`skipped`: no address, or the
 * user turned it off); it throws to have it tried again later. Sending the same event twice
 * must show the person one message: each channel drops duplicates by event id.
 */
export type DeliveryChannel = { deliver(delivery: Delivery): Promise<'sent' | 'skipped'> }

/** The channels this server has; one that is absent marks its deliveries skipped. */
export type DeliveryChannels = Partial<Record<DeliveryChannelName, DeliveryChannel>>

export type DispatchOptions = {
  /** How many deliveries one pass claims. */
  batchSize?: number
  /** How long a claimed delivery stays with this instance before another may take it. */
  leaseMs?: number
  /** How long to wait before trying a failed delivery again, by the attempt that failed. */
  retryDelayMs?: (attempt: number) => number
  /** After this many failed attempts the delivery is given up as failed. */
  maxAttempts?: number
  /** Told of each failed attempt (the log). */
  onError?: (delivery: Delivery, error: unknown) => void
}

export const DEFAULT_BATCH = 100
const DEFAULT_LEASE_MS = 60_000
const DEFAULT_MAX_ATTEMPTS = 8

/** 2 s, 4 s, 8 s ... up to 10 minutes: a provider that is down is not hammered. */
function defaultRetryDelayMs(attempt: number): number {
  return Math.min(600_000, 1_000 * 2 ** attempt)
}

/** Whether the user asked to hear about this event by this channel; security alerts always go. */
export function wantsChannel(
  channel: DeliveryChannelName,
  data: NotificationData,
  settings: Settings,
): boolean {
  if (SECURITY_KINDS.has(data.kind)) return true
  if (channel === 'push') return settings.pushNotifications
  if (channel === 'email') return settings.emailNotifications
  return settings.smsNotifications
}

type Claimed = { eventId: string; channel: DeliveryChannelName; attempt: number }

function isChannelName(value: unknown): value is DeliveryChannelName {
  return value === 'push' || value === 'email' || value === 'sms'
}

/**
 * Claims up to `batchSize` due deliveries for this instance. `FOR UPDATE SKIP LOCKED` lets
 * several instances claim at once without taking the same row, and the claim is a lease (the
 * next attempt moves `leaseMs` ahead) committed before anything is sent, so no transaction is
 * held open while a provider answers, and a delivery whose instance died is due again once its
 * lease runs out.
 */
async function claimDeliveries(db: Database, batchSize: number, leaseMs: number) {
  const rows = await queryRows(
    db,
    sql`update outbox_deliveries d
        set attempts = d.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        from (
          select event_id, channel from outbox_deliveries
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked
        ) due
        where d.event_id = due.event_id and d.channel = due.channel
        returning d.event_id::text as event_id, d.channel, d.attempts`,
  )
  const claimed: Claimed[] = []
  for (const row of rows) {
    if (typeof row.event_id !== 'string' || !isChannelName(row.channel)) continue
    claimed.push({ eventId: row.event_id, channel: row.channel, attempt: Number(row.attempts) })
  }
  return claimed
}

/**
 * The claimed deliveries with their events and recipients, read in three queries for the whole
 * pass rather than three per delivery: under a stream of transfers the dispatcher shares the
 * database with them (docs/performance.md "Transfer throughput"). A recipient's phone number
 * is an address only once verified, so no SMS goes to a number nobody proved is theirs.
 */
async function loadDeliveries(db: Database, claimedList: readonly Claimed[]) {
  const eventIds = [...new Set(claimedList.map((claimed) => claimed.eventId))]
  const rows = await db
    .select({
      eventId: outboxEvents.id,
      userId: outboxEvents.userId,
      data: outboxEvents.data,
      createdAt: outboxEvents.createdAt,
      email: users.email,
      phoneNumber: sql<
        string | null
      >`case when ${users.phoneVerified} then ${users.phoneNumber} end`,
      firstName: users.firstName,
    })
    .from(outboxEvents)
    .innerJoin(users, eq(users.id, outboxEvents.userId))
    .where(inArray(outboxEvents.id, eventIds))
  const settingsOf = await readSettingsOfUsers(
    db,
    rows.map((row) => row.userId),
  )
  const rowOf = new Map(rows.map((row) => [row.eventId, row]))
  const deliveries = new Map<string, Delivery>()
  for (const claimed of claimedList) {
    const row = rowOf.get(claimed.eventId)
    const data = notificationDataSchema.safeParse(row?.data)
    const settings = row && settingsOf.get(row.userId)
    if (!row || !data.success || !settings) continue
    deliveries.set(keyOf(claimed), {
      eventId: claimed.eventId,
      channel: claimed.channel,
      attempt: claimed.attempt,
      data: data.data,
      createdAt: row.createdAt,
      recipient: {
        userId: row.userId,
        email: row.email,
        phoneNumber: typeof row.phoneNumber === 'string' ? row.phoneNumber : null,
        firstName: row.firstName,
        settings,
      },
    })
  }
  return deliveries
}

function keyOf(claimed: Claimed): string {
  return `${claimed.eventId}:${claimed.channel}`
}

/** How one claimed delivery ended in this pass: done for good, or to be tried again. */
type Ending =
  | { claimed: Claimed; status: 'sent' | 'skipped' | 'failed'; error?: string }
  | { claimed: Claimed; status: 'retry'; error: string; delaySeconds: number }

/**
 * Writes every ending of a pass in one statement. Only a delivery still pending is changed, so
 * a second instance that sent the same delivery after a lapsed lease changes nothing.
 */
async function recordEndings(db: Database, endings: readonly Ending[]) {
  if (endings.length === 0) return
  const rows = endings.map((ending) => ({
    event_id: ending.claimed.eventId,
    channel: ending.claimed.channel,
    status: ending.status,
    error: ending.error?.slice(0, 200) ?? null,
    delay: ending.status === 'retry' ? ending.delaySeconds : 0,
  }))
  await db.execute(
    sql`update outbox_deliveries d
        set status = case when e.status = 'retry' then d.status else e.status end,
            finished_at = case when e.status = 'retry' then d.finished_at else now() end,
            next_attempt_at = case when e.status = 'retry'
              then now() + make_interval(secs => e.delay) else d.next_attempt_at end,
            last_error = e.error
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as e(event_id uuid, channel varchar, status varchar, error text, delay double precision)
        where d.event_id = e.event_id and d.channel = e.channel and d.status = 'pending'`,
  )
}

/** Deliveries handed to channels at once in a pass: a slow provider does not hold up the rest. */
const SEND_CONCURRENCY = 16

/**
 * One pass of the dispatcher (docs/notifications.md "Delivery"): claims the due deliveries and
 * hands each to its channel. A delivery is marked done only after its channel answered, so a
 * crash in between sends it again once the lease lapses (at least once); a failure is tried
 * again later with a growing delay, and given up after `maxAttempts`. Returns how many
 * deliveries it claimed, so a caller knows whether more may be waiting.
 */
export async function dispatchOutbox(
  db: Database,
  channels: DeliveryChannels,
  options: DispatchOptions = {},
): Promise<number> {
  const claimedList = await claimDeliveries(
    db,
    options.batchSize ?? DEFAULT_BATCH,
    options.leaseMs ?? DEFAULT_LEASE_MS,
  )
  if (claimedList.length === 0) return 0
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs
  const deliveries = await loadDeliveries(db, claimedList)

  async function end(claimed: Claimed): Promise<Ending> {
    const delivery = deliveries.get(keyOf(claimed))
    const channel = channels[claimed.channel]
    if (
      !delivery ||
      !channel ||
      !wantsChannel(claimed.channel, delivery.data, delivery.recipient.settings)
    ) {
      return { claimed, status: 'skipped' }
    }
    try {
      return { claimed, status: await channel.deliver(delivery) }
    } catch (error) {
      options.onError?.(delivery, error)
      const reason = error instanceof Error ? error.message : 'delivery failed'
      if (claimed.attempt >= maxAttempts) return { claimed, status: 'failed', error: reason }
      return {
        claimed,
        status: 'retry',
        error: reason,
        delaySeconds: retryDelayMs(claimed.attempt) / 1000,
      }
    }
  }

  const endings: Ending[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(SEND_CONCURRENCY, claimedList.length) }, async () => {
      for (let claimed = claimedList[next++]; claimed; claimed = claimedList[next++]) {
        endings.push(await end(claimed))
      }
    }),
  )
  await recordEndings(db, endings)
  return claimedList.length
}
