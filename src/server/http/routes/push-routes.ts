import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import {
  deletePushSubscription,
  savePushSubscription,
} from '#server/notifications/push-subscriptions.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  pushKeySchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '#shared/schemas/notifications.ts'

const perUserLimit = {
  rateLimit: {
    max: 30,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
  },
}

/** Web Push subscriptions (docs/notifications.md "Web Push"). */
export const pushRoutes: FastifyPluginAsyncZod<{
  db: Database
  publicKey: string | undefined
}> = async (app, { db, publicKey }) => {
  app.get(
    '/api/push/key',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The VAPID public key a browser subscribes to Web Push with; null where push is not offered',
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: publicKey ?? null }),
  )

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary:
          "Subscribe this browser to Web Push (PushSubscription.toJSON()'s endpoint and keys)",
        body: pushSubscriptionRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preValidation: requireUser,
      config: perUserLimit,
    },
    async (request, reply) => {
      await savePushSubscription(db, signedInUserId(request), request.body)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe this browser from Web Push',
        body: pushUnsubscribeRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preValidation: requireUser,
      config: perUserLimit,
    },
    async (request, reply) => {
      await deletePushSubscription(db, signedInUserId(request), request.body.endpoint)
      return reply.status(204).send(null)
    },
  )
}
