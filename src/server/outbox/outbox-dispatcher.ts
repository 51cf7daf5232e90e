import type { FastifyBaseLogger } from 'fastify'
import type { DatabaseHandle } from '#server/db/client.ts'
import { type DeliveryChannels, type DispatchOptions, dispatchOutbox } from './dispatch-outbox.ts'
import { EVENTS_CHANNEL } from './record-event.ts'

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
  options: DispatchOptions & { fallbackMs?: number } = {},
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
              (options.batchSize ?? 20)
          ) {}
        } while (again && !stopped)
      } catch (error) {
        log.error({ err: error }, 'outbox dispatch pass failed')
      } finally {
        running = undefined
      }
    })()
  }

  let unlisten: (() => Promise<void>) | undefined
  try {
    unlisten = await database.listen(EVENTS_CHANNEL, wake)
  } catch (error) {
    log.warn({ err: error }, 'no LISTEN for the outbox: the dispatcher runs on its timer alone')
  }
  const timer = setInterval(wake, options.fallbackMs ?? 1_000)
  timer.unref()
  wake()

  return {
    wake,
    async stop() {
      stopped = true
      clearInterval(timer)
      await unlisten?.()
      await running
    },
  }
}
