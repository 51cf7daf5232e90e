import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import { requireStepUp } from '#server/account-safety/step-up.ts'
import { readPinStatus, setTransactionPin } from '#server/account-safety/transaction-pin.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { commitWithRefusals } from '#server/db/commit-with-refusals.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { startCoolingOff } from '#server/limits/cooling-off.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { pinStatusSchema, setPinRequestSchema } from '#shared/schemas/pin.ts'

/**
 * The transaction PIN (docs/security.md "Transaction PIN"): whether it is set and locked, and
 * setting or replacing it with the account password.
 */
export const pinRoutes: FastifyPluginAsyncZod<{ db: Database; sealer: Sealer }> = async (
  app,
  { db, sealer },
) => {
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
          'Set or replace your 4-digit transaction PIN: the account password (and the TOTP code with two-factor on) is always required, else 403 REAUTH_REQUIRED; a replaced PIN starts the 24-hour cooling-off',
        body: setPinRequestSchema,
        response: {
          200: pinStatusSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          423: apiErrorSchema,
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
      if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      // The step-up, the new PIN and the alert announcing it commit together
      // (docs/notifications.md); a wrong password stays counted. A first PIN is no news; a PIN
      // replaced with the password is a PIN set by reset, and starts the cooling-off
      // (docs/security.md "Cooling-off").
      return commitWithRefusals(db, async (tx) => {
        await requireStepUp(tx, sealer, user, request.body, clientAddress(request))
        const hadPin = (await readPinStatus(tx, user.id)).isSet
        const status = await setTransactionPin(tx, user.id, request.body.pin)
        if (hadPin) {
          await alertOwner(tx, user, { kind: 'pin_changed' })
          await startCoolingOff(tx, user.id)
        }
        return status
      })
    },
  )
}
