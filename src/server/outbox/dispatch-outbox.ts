import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Database, queryRows } from '#server/db/client.ts'
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
  /** The longest one delivery may hold the pass (DELIVERY_BUDGET_MS unless a test shortens it). */
  deliveryBudgetMs?: number
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

const claimedRowSchema = z.object({
  event_id: z.string(),
  channel: z.enum(['push', 'email', 'sms']),
  attempts: z.coerce.number().int(),
  // Null only for a delivery whose event or recipient is gone: it is marked skipped.
  user_id: z.string().nullable(),
  data: z.unknown(),
  created_at: z.coerce.date().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  first_name: z.string().nullable(),
})

/**
 * Claims up to `batchSize` due deliveries for this instance, with their events and recipients,
 * in one statement. `FOR UPDATE SKIP LOCKED` lets several instances claim at once without
 * taking the same row, and the claim is a lease (the next attempt moves `leaseMs` ahead)
 * committed before anything is sent, so no transaction is held open while a provider answers,
 * and a delivery whose instance died is due again once its lease runs out. A recipient's phone
 * number is an address only once verified, so no SMS goes to a number nobody proved is theirs.
 */
async function claimDeliveries(db: Database, batchSize: number, leaseMs: number) {
  const rows = await queryRows(
    db,
    sql`with claimed as (
          update outbox_deliveries d
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
          returning d.event_id, d.channel, d.attempts)
        select c.event_id::text as event_id, c.channel, c.attempts, e.user_id::text as user_id,
          e.data, e.created_at, u.email,
          case when u.phone_verified then u.phone_number end as phone_number, u.first_name
        from claimed c
          left join outbox_events e on e.id = c.event_id
          left join users u on u.id = e.user_id`,
  )
  return z.array(claimedRowSchema).parse(rows)
}

type ClaimedRow = z.infer<typeof claimedRowSchema>

function claimedOf(row: ClaimedRow): Claimed {
  return { eventId: row.event_id, channel: row.channel, attempt: row.attempts }
}

/**
 * The claimed deliveries with their recipients' settings, read in one query for the whole pass
 * rather than per delivery: under a stream of transfers the dispatcher shares the database with
 * them (docs/performance.md "Transfer throughput").
 */
async function loadDeliveries(db: Database, rows: readonly ClaimedRow[]) {
  const settingsOf = await readSettingsOfUsers(
    db,
    rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
  )
  const deliveries = new Map<string, Delivery>()
  for (const row of rows) {
    const data = notificationDataSchema.safeParse(row.data)
    const settings = row.user_id === null ? undefined : settingsOf.get(row.user_id)
    if (!data.success || !settings || row.user_id === null || row.created_at === null) continue
    const claimed = claimedOf(row)
    deliveries.set(keyOf(claimed), {
      ...claimed,
      data: data.data,
      createdAt: row.created_at,
      recipient: {
        userId: row.user_id,
        // A security alert goes to the contacts the account had before the change it announces,
        // never to the new ones, which may be a thief's (docs/security.md "Alerts").
        ...('alert' in data.data && data.data.alert
          ? { email: data.data.alert.email, phoneNumber: data.data.alert.phoneNumber }
          : { email: row.email, phoneNumber: row.phone_number }),
        firstName: row.first_name,
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

/**
 * Deliveries handed to channels at once in a pass: all of a full pass, so a slow provider does
 * not hold up the rest and the sandbox's messages share one INSERT. Senders that must not be
 * flooded queue behind limits of their own (SMTP's connection pool).
 */
const SEND_CONCURRENCY = DEFAULT_BATCH

/**
 * The longest one delivery may hold a pass (issue 32): a channel still waiting on a slow
 * endpoint after this is tried again later, and the pass ends, so no endpoint delays the next
 * pass's deliveries (another user's security alert) by more than this.
 */
export const DELIVERY_BUDGET_MS = 15_000

/** The channel's answer, or a failure once `budgetMs` has passed without one. */
function within<T>(work: Promise<T>, budgetMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const lapse = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${budgetMs} ms; tried again later`)),
      budgetMs,
    )
  })
  return Promise.race([work, lapse]).finally(() => clearTimeout(timer))
}

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
  const claimedRows = await claimDeliveries(
    db,
    options.batchSize ?? DEFAULT_BATCH,
    options.leaseMs ?? DEFAULT_LEASE_MS,
  )
  if (claimedRows.length === 0) return 0
  const claimedList = claimedRows.map(claimedOf)
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs
  const deliveries = await loadDeliveries(db, claimedRows)

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
      const budgetMs = options.deliveryBudgetMs ?? DELIVERY_BUDGET_MS
      return { claimed, status: await within(channel.deliver(delivery), budgetMs) }
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
