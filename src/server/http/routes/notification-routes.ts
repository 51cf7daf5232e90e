import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { watchSession } from '#server/credentials/session-watch.ts'
import type { Database } from '#server/db/client.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { listNotifications } from '#server/notifications/list-notifications.ts'
import type { LiveEvents } from '#server/notifications/live-events.ts'
import { markNotificationsRead } from '#server/notifications/mark-notifications-read.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  markReadRequestSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '#shared/schemas/notifications.ts'

/** How often an open stream says it is alive, so proxies and phones keep it open. */
export const DEFAULT_HEARTBEAT_MS = 15_000
/** A client that lost the stream waits this long before reconnecting (EventSource `retry`). */
const RECONNECT_MS = 3_000

/**
 * The notification centre and the live stream (docs/notifications.md): the user's events,
 * marking them read, and `GET /api/events`, a Server-Sent Events stream of new ones.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  db: Database
  live: LiveEvents
  heartbeatMs?: number | undefined
}> = async (app, { db, live, heartbeatMs = DEFAULT_HEARTBEAT_MS }) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, 20 a page, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listNotifications(db, signedInUserId(request), request.query.cursor),
  )

  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Mark the notifications `ids` names as read, or all of them when `ids` is left out; answers the unread count',
        body: markReadRequestSchema,
        response: { 200: unreadCountSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preValidation: requireUser,
    },
    async (request) => ({
      unreadCount: await markNotificationsRead(db, signedInUserId(request), request.body),
    }),
  )

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Server-Sent Events (text/event-stream; ask with `Accept: text/event-stream`): each new notification as an `event: notification` whose `id` is its position and `data` the notification; a comment line every 15 s; `Last-Event-ID` replays what was missed',
        response: { 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      // EventSource always asks for the stream; anything else would wait on it for ever.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new AppError('VALIDATION_FAILED', msg('openStreamAcceptText'))
      }
      const lastEventId = request.headers['last-event-id']
      const after =
        typeof lastEventId === 'string' && /^\d{1,18}$/.test(lastEventId)
          ? BigInt(lastEventId)
          : undefined
      const userId = signedInUserId(request)
      const raw = reply.raw
      let ended = false
      let heartbeat: NodeJS.Timeout | undefined
      let unsubscribe: (() => void) | undefined
      let stopWatching: (() => void) | undefined
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(heartbeat)
        unsubscribe?.()
        stopWatching?.()
        raw.end()
        // A client gone without a word (a phone that lost signal) would hold the socket; the
        // stream has nothing more to say, so the socket goes now.
        raw.destroy()
      }
      raw.on('close', end)
      // The stream answers only once it has subscribed: a client that sees the answer and then
      // makes a payment must hear of it, so where the stream starts is fixed before the answer
      // goes (docs/notifications.md "Live"). Until then what it is sent waits in `early`, and a
      // failure to subscribe is an ordinary error answer.
      const early: string[] = []
      let answered = false
      try {
        unsubscribe = await live.subscribe(
          userId,
          after,
          (notification) => {
            if (ended) return
            const message = `id: ${notification.position}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`
            if (answered) raw.write(message)
            else early.push(message)
          },
          end,
        )
      } catch (error) {
        // The error answer is an ordinary one: its socket must not be torn down after it.
        raw.off('close', end)
        throw error
      }
      reply.hijack()
      if (ended) {
        unsubscribe()
        return
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies such as nginx would otherwise hold the events back in a buffer.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        // The connection ends with the stream: a stream is never followed by another request,
        // and a shutdown must not wait for the client to let go of it.
        connection: 'close',
      })
      raw.write(`retry: ${RECONNECT_MS}\n\n${early.join('')}`)
      answered = true
      // The stream lives as long as its session: a sign-out, a revoke, a password change or
      // reset, a deactivation end it within about a second, on every instance (issue 32).
      if (request.sessionId) stopWatching = watchSession(db, request.sessionId, end)
      heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs)
    },
  )
}
