import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStepUp } from '#server/account-safety/step-up.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import {
  listTransactionsForExport,
  toTransactionsCsv,
} from '#server/exports/export-transactions-csv.ts'
import { exportUserData } from '#server/exports/export-user-data.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { renderMessage } from '#server/i18n/render-error.ts'
import { requestLanguage } from '#server/i18n/request-language.ts'
import { deactivateAccount } from '#server/profile/deactivate-account.ts'
import { changesPhone, updateProfile } from '#server/profile/update-profile.ts'
import { verifyIdentity } from '#server/profile/verify-identity.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import { readSettings, updateSettings } from '#server/settings/user-settings.ts'
import { findUserById } from '#server/users/find-user.ts'
import type { IdentityNumberKey } from '#server/users/identity-number-key.ts'
import { toUserResponse } from '#server/users/to-user-response.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  deactivateRequestSchema,
  exportQuerySchema,
  settingsSchema,
  updateSettingsRequestSchema,
  verificationRequestSchema,
} from '#shared/schemas/account.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { updateProfileRequestSchema } from '#shared/schemas/profile.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}
const sensitiveRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
  },
}

/**
 * The account (issue "Account"): profile and identity verification, settings, exports and
 * deactivation. Each works on the signed-in user only.
 */
export const accountRoutes: FastifyPluginAsyncZod<{
  db: Database
  sealer: Sealer
  verifier: IdentityVerifier | undefined
  /** Hashes BVNs and NINs for `identity_numbers` (docs/security.md "Identity"). */
  identityKey: IdentityNumberKey
}> = async (app, { db, sealer, verifier, identityKey }) => {
  async function currentUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await findUserById(db, signedInUserId(request))
    if (!user) {
      await reply.signOut()
      throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    }
    return user
  }

  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Edit first name, last name, username (unique) and phone number',
        body: updateProfileRequestSchema,
        response: { 200: userSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      if (changesPhone(user, request.body.phoneNumber)) {
        await requireStepUp(db, sealer, user, request.body, clientAddress(request))
      }
      return toUserResponse(await updateProfile(db, user, request.body))
    },
  )

  app.post(
    '/api/profile/verification',
    {
      schema: {
        tags: ['account'],
        summary:
          "Verify your identity: an 11-digit BVN or NIN, or (living in South Africa or Kenya) your national ID number, with your legal name and date of birth, which the registry's record must match (else failureReason says which did not). A number backs one account only: one linked to another is a 409. A registry that does not answer is a 503: nothing was kept, try again (sandbox: ending in 0000 is not found, in 1111 is someone else's, in 2222 has another date of birth)",
        body: verificationRequestSchema,
        response: {
          200: z.object({ user: userSchema, failureReason: z.string().nullable() }),
          ...errors,
        },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const result = await verifyIdentity(
        db,
        { verifier, identityKey, log: request.log },
        await currentUser(request, reply),
        request.body,
      )
      const reason = result.failureReason
      return {
        user: toUserResponse(result.user),
        // Why the registry's record is not the person, in the user's language.
        failureReason: reason === null ? null : renderMessage(reason, requestLanguage(request)),
      }
    },
  )

  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Your settings (defaults until you change one)',
        response: { 200: settingsSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => readSettings(db, signedInUserId(request), requestLanguage(request)),
  )

  app.put(
    '/api/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Save any of your settings; the rest stay as they were',
        body: updateSettingsRequestSchema,
        response: { 200: settingsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) =>
      updateSettings(db, signedInUserId(request), request.body, requestLanguage(request)),
  )

  app.get(
    '/api/export/transactions.csv',
    {
      schema: {
        tags: ['account'],
        summary: 'Your transactions as CSV, optionally from/to dates (YYYY-MM-DD, inclusive)',
        querystring: exportQuerySchema,
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const rows = await listTransactionsForExport(db, signedInUserId(request), request.query)
      const name = `sabi-transactions-${request.query.from ?? 'all'}-${request.query.to ?? 'now'}.csv`
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(toTransactionsCsv(rows))
    },
  )

  app.get(
    '/api/export/data',
    {
      schema: {
        tags: ['account'],
        summary: 'Everything Sabi holds about you, as one JSON file',
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const data = await exportUserData(
        db,
        sealer,
        await currentUser(request, reply),
        request.sessionId,
      )
      return reply
        .header('content-disposition', 'attachment; filename="sabi-data.json"')
        .header('cache-control', 'no-store')
        .send(data)
    },
  )

  app.post(
    '/api/account/deactivate',
    {
      schema: {
        tags: ['account'],
        summary:
          'Deactivate your account: `password` (and `code` with two-factor on) required, else 403 REAUTH_REQUIRED; refused (409) while any wallet holds money',
        body: deactivateRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      await requireStepUp(db, sealer, user, request.body, clientAddress(request))
      await deactivateAccount(db, user)
      await reply.signOut()
      return reply.status(204).send(null)
    },
  )
}
