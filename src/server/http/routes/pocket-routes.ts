import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handleMoneyPost, moneyRouteConfig } from '#server/http/money-post.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { createPocket, setPocketRoundUps } from '#server/pockets/create-pocket.ts'
import { depositIntoPocket, withdrawFromPocket } from '#server/pockets/move-pocket-money.ts'
import { listPockets } from '#server/pockets/pocket-responses.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import {
  createPocketRequestSchema,
  pocketListSchema,
  pocketMoveRequestSchema,
  pocketRoundUpsRequestSchema,
  pocketSchema,
} from '#shared/schemas/pockets.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'

const pocketParams = z.object({ id: z.uuid({ error: 'pocketNotFound' }) })
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
}

/** Pockets one person may open, or change, per hour: a person sets up a few, not hundreds. */
function pocketChangeLimit() {
  return {
    rateLimit: {
      groupId: 'pockets',
      max: 30,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
    },
  }
}

/**
 * Savings pockets (docs/pockets.md): open one, list them with their balances and what they hold
 * per currency, move money in and out (money POSTs with an Idempotency-Key, free and instant, no
 * PIN: the money stays the owner's), and turn round-ups on or off. Anyone else's pocket is a 404.
 */
export const pocketRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/pockets',
    {
      schema: {
        tags: ['pockets'],
        summary:
          'Open a savings pocket in the currency of one of your wallets, with an optional target, target date and lock',
        body: createPocketRequestSchema,
        response: { 201: pocketSchema, ...errors },
      },
      preValidation: requireUser,
      config: pocketChangeLimit(),
    },
    async (request, reply) =>
      reply.status(201).send(await createPocket(db, signedInUserId(request), request.body)),
  )

  app.get(
    '/api/pockets',
    {
      schema: {
        tags: ['pockets'],
        summary: 'Your pockets with their balances and progress, and what they hold per currency',
        response: { 200: pocketListSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listPockets(db, signedInUserId(request)),
  )

  app.post(
    '/api/pockets/:id/deposit',
    {
      schema: {
        tags: ['pockets'],
        summary:
          'Move money from the wallet of its currency into a pocket: instant and free (Idempotency-Key required)',
        params: pocketParams,
        headers: idempotencyHeadersSchema,
        body: pocketMoveRequestSchema,
        response: { 201: transactionSchema, ...errors },
      },
      preValidation: requireUser,
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        depositIntoPocket(tx, userId, request.params.id, request.body),
      ),
  )

  app.post(
    '/api/pockets/:id/withdraw',
    {
      schema: {
        tags: ['pockets'],
        summary:
          'Move money from a pocket back into its wallet; 409 POCKET_LOCKED (with lockedUntil) before a lock ends (Idempotency-Key required)',
        params: pocketParams,
        headers: idempotencyHeadersSchema,
        body: pocketMoveRequestSchema,
        response: { 201: transactionSchema, ...errors },
      },
      preValidation: requireUser,
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        withdrawFromPocket(tx, userId, request.params.id, request.body),
      ),
  )

  app.post(
    '/api/pockets/:id/round-ups',
    {
      schema: {
        tags: ['pockets'],
        summary:
          "Round each payment out of the pocket's wallet up to the next ₦100 (or 1.00) into this pocket, or stop",
        params: pocketParams,
        body: pocketRoundUpsRequestSchema,
        response: { 200: pocketSchema, ...errors },
      },
      preValidation: requireUser,
      config: pocketChangeLimit(),
    },
    (request) => setPocketRoundUps(db, signedInUserId(request), request.params.id, request.body.on),
  )
}
