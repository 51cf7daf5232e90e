import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { getDispute } from '#server/disputes/get-dispute.ts'
import { listDisputes } from '#server/disputes/list-disputes.ts'
import { openDispute } from '#server/disputes/open-dispute.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import {
  DISPUTES_PER_HOUR,
  disputeDetailsSchema,
  disputePageSchema,
  disputesQuerySchema,
  openDisputeRequestSchema,
  openedDisputeSchema,
} from '#shared/schemas/disputes.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'

/**
 * Reports one customer may open, all transactions together, per hour: a person with a real
 * problem reports a payment or two, while a script opening reports by the hundred would bury
 * support's queue (docs/disputes.md "Limits").
 */
function disputeRouteConfig() {
  return {
    rateLimit: {
      groupId: 'disputes',
      max: DISPUTES_PER_HOUR,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
    },
  }
}

/**
 * A customer's reports of problems with their transactions (docs/disputes.md): opening one from
 * a transaction, and reading their own. Staff work them from the operations console, through
 * `disputes/change-dispute-status.ts`.
 */
export const disputeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/transactions/:id/disputes',
    {
      schema: {
        tags: ['disputes'],
        summary:
          'Report a problem with one of your transactions: one open report per transaction (409 while one is open)',
        params: z.object({ id: z.uuid({ error: 'transactionNotFound' }) }),
        body: openDisputeRequestSchema,
        response: {
          201: openedDisputeSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // A signed-out caller hears 401, not a 400 about a body it should not have sent.
      preValidation: requireUser,
      config: disputeRouteConfig(),
    },
    async (request, reply) => {
      const opened = await openDispute(db, signedInUserId(request), request.params.id, request.body)
      return reply.status(201).send(opened)
    },
  )

  app.get(
    '/api/disputes',
    {
      schema: {
        tags: ['disputes'],
        summary:
          'Your reports, newest first, each with its transaction (keyset pagination: pass nextCursor as cursor)',
        querystring: disputesQuerySchema,
        response: { 200: disputePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listDisputes(db, signedInUserId(request), request.query),
  )

  app.get(
    '/api/disputes/:id',
    {
      schema: {
        tags: ['disputes'],
        summary: 'One of your reports with its transaction and its timeline',
        params: z.object({ id: z.uuid({ error: 'disputeNotFound' }) }),
        response: {
          200: disputeDetailsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    (request) => getDispute(db, signedInUserId(request), request.params.id),
  )
}
