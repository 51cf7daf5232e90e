import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findOrIssueCard, toCardResponse } from '#server/cards/find-or-issue-card.ts'
import { requestCard } from '#server/cards/request-card.ts'
import { revealCard } from '#server/cards/reveal-card.ts'
import { updateCard } from '#server/cards/update-card.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  cardSchema,
  physicalCardRequestSchema,
  replacementRequestSchema,
  revealCardRequestSchema,
  revealedCardSchema,
  updateCardRequestSchema,
} from '#shared/schemas/card.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
}

/** The signed-in user's virtual card (issue "Account"); visitors get the static sample. */
export const cardRoutes: FastifyPluginAsyncZod<{ db: Database; sealer: Sealer }> = async (
  app,
  { db, sealer },
) => {
  const cardOf = (request: FastifyRequest) => findOrIssueCard(db, sealer, signedInUserId(request))

  app.get(
    '/api/card',
    {
      schema: {
        tags: ['card'],
        summary: 'Your virtual card (issued at the first call): controls, spending, requests',
        response: { 200: cardSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request) => toCardResponse(db, await cardOf(request)),
  )

  app.patch(
    '/api/card',
    {
      schema: {
        tags: ['card'],
        summary: 'Lock or unlock, contactless, online payments, theme',
        body: updateCardRequestSchema,
        response: { 200: cardSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request) =>
      toCardResponse(db, await updateCard(db, await cardOf(request), request.body)),
  )

  app.post(
    '/api/card/reveal',
    {
      schema: {
        tags: ['card'],
        summary: 'The full number and CVV, for 30 seconds, after your password or a 2FA code',
        body: revealCardRequestSchema,
        response: { 200: revealedCardSchema, ...errors },
      },
      preHandler: requireUser,
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '15 minutes',
          keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(db, signedInUserId(request))
      if (!user) {
        await reply.signOut()
        throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      }
      reply.header('cache-control', 'no-store')
      return revealCard(
        db,
        sealer,
        user,
        await cardOf(request),
        request.body,
        clientAddress(request),
      )
    },
  )

  app.post(
    '/api/card/replacement',
    {
      schema: {
        tags: ['card'],
        summary:
          'Request a replacement (5-7 business days); a lost or stolen card is locked at once',
        body: replacementRequestSchema,
        response: { 201: cardSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      let card = await cardOf(request)
      await requestCard(db, card, 'replacement', { reason: request.body.reason })
      if (request.body.reason === 'lost' || request.body.reason === 'stolen') {
        card = await updateCard(db, card, { locked: true })
      }
      return reply.status(201).send(await toCardResponse(db, card))
    },
  )

  app.post(
    '/api/card/physical',
    {
      schema: {
        tags: ['card'],
        summary: 'Order the physical card to an address (5-7 business days)',
        body: physicalCardRequestSchema,
        response: { 201: cardSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const card = await cardOf(request)
      await requestCard(db, card, 'physical', request.body)
      return reply.status(201).send(await toCardResponse(db, card))
    },
  )
}
