import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '#server/db/client.ts'
import { EVENTS_CHANNEL } from '#server/notifications/live-events.ts'
import {
  DEFAULT_BATCH,
  type DeliveryChannels,
  type DispatchOptions,
  dispatchOutbox,
} from './dispatch-outbox.ts'
import { pruneOutbox } from './prune-outbox.ts'

export type OutboxDispatcher = { stop(): Promise<void>; wake(): void }

/**
 * Runs the dispatcher inside the server (docs/notifications.md "Delivery"): a pass as soon as a
 * NOTIFY says an event committed anywhere, and a pass every `fallbackMs` besides, which is what
 * wakes it on an engine or a connection without notifications and retries failed deliveries.
 * Passes never overlap in one instance; instances share the work through SKIP LOCKED.
 */
export async function startOutboxDispatcher(
  database: DatabaseHandle,
  channels: DeliveryChannels,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: DispatchOptions & {
    fallbackMs?: number
    firstPruneMs?: number
    coalesceMs?: number
  } = {},
): Promise<OutboxDispatcher> {
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const dispatchOptions: DispatchOptions = {
    ...options,
    onError: (delivery, error) =>
      log.warn(
        {
          channel: delivery.channel,
          eventId: delivery.eventId,
          attempt: delivery.attempt,
          err: error,
        },
        'outbox delivery failed; it will be tried again',
      ),
  }

  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      try {
        do {
          again = false
          // A full batch may mean more are waiting: keep going until a pass comes back short.
          while (
            !stopped &&
            (await dispatchOutbox(database.db, channels, dispatchOptions)) >=
              (options.batchSize ?? DEFAULT_BATCH)
          ) {}
        } while (again && !stopped)
      } catch (error) {
        log.error({ err: error }, 'outbox dispatch pass failed')
      } finally {
        running = undefined
      }
    })()
  }

  // A NOTIFY comes with every event; under a stream of transfers that is hundreds a second.
  // The pass starts a moment after the first of them, so it takes the others along in the same
  // few statements instead of one pass each (docs/notifications.md "Delivery").
  let soon: NodeJS.Timeout | undefined
  function wakeSoon(): void {
    if (soon || stopped) return
    soon = setTimeout(() => {
      soon = undefined
      wake()
    }, options.coalesceMs ?? 50)
    soon.unref()
  }

  let unlisten: (() => Promise<void>) | undefined
  try {
    unlisten = await database.listen(EVENTS_CHANNEL, wakeSoon)
  } catch (error) {
    log.warn({ err: error }, 'no LISTEN for the outbox: the dispatcher runs on its timer alone')
  }
  const timer = setInterval(wake, options.fallbackMs ?? 1_000)
  timer.unref()
  wake()

  // Old events leave the outbox and the notification centre after the retention
  // (docs/notifications.md "Keeping"): a minute after start, then every hour.
  let pruning: Promise<void> | undefined
  function prune(): void {
    if (stopped || pruning) return
    pruning = (async () => {
      try {
        while (!stopped && (await pruneOutbox(database.db)) > 0) {}
      } catch (error) {
        log.warn({ err: error }, 'outbox pruning failed; it runs again within the hour')
      } finally {
        pruning = undefined
      }
    })()
  }
  const firstPrune = setTimeout(prune, options.firstPruneMs ?? 60_000)
  const pruneTimer = setInterval(prune, 3_600_000)
  firstPrune.unref()
  pruneTimer.unref()

  return {
    wake,
    async stop() {
      stopped = true
      clearInterval(timer)
      clearTimeout(firstPrune)
      clearTimeout(soon)
      clearInterval(pruneTimer)
      await unlisten?.()
      await running
      await pruning
    },
  }
}
