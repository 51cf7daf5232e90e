import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '#server/db/client.ts'
import { commitWithRefusals } from '#server/db/commit-with-refusals.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { readPinStatus, setTransactionPin } from '#server/pin/transaction-pin.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { pinStatusSchema, setPinRequestSchema } from '#shared/schemas/pin.ts'
import { clientAddress } from '../client-address.ts'
import { requireUser, signedInUserId } from '../session-plugin.ts'

/**
 * The transaction PIN (docs/security.md "Transaction PIN"): whether it is set and locked, and
 * setting or replacing it with the account password.
 */
export const pinRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/pin',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether your transaction PIN is set, and until when it is locked',
        response: { 200: pinStatusSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => readPinStatus(db, signedInUserId(request)),
  )

  app.post(
    '/api/pin',
    {
      schema: {
        tags: ['account'],
        summary:
          'Set or replace your 4-digit transaction PIN: the account password is always required',
        body: setPinRequestSchema,
        response: {
          200: pinStatusSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
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
    async (request) => {
      const user = await findUserById(db, signedInUserId(request))
      if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized')
      // The new PIN and the security alert announcing it commit together (docs/notifications.md).
      // A first PIN is no news; a replaced one is.
      return commitWithRefusals(db, async (tx) => {
        const hadPin = (await readPinStatus(tx, user.id)).isSet
        const status = await setTransactionPin(tx, user, request.body, clientAddress(request))
        if (hadPin) await recordEvent(tx, { userId: user.id, data: { kind: 'pin_changed' } })
        return status
      })
    },
  )
}
