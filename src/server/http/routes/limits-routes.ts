import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { checkSend } from '#server/limits/check-send.ts'
import { readLimits } from '#server/limits/read-limits.ts'
import { upgradeToTierThree } from '#server/profile/upgrade-to-tier-three.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import type { IdentityNumberKey } from '#server/users/identity-number-key.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  limitCheckQuerySchema,
  limitCheckSchema,
  limitsSchema,
  tierThreeRequestSchema,
  tierThreeResponseSchema,
} from '#shared/schemas/limits.ts'

/**
 * KYC tiers and limits (docs/limits.md): what the signed-in user's tier allows and what is left
 * of it today, and the way up to tier 3.
 */
export const limitsRoutes: FastifyPluginAsyncZod<{
  db: Database
  verifier: IdentityVerifier | undefined
  /** Hashes document numbers for `identity_numbers` (docs/security.md "Identity"). */
  identityKey: IdentityNumberKey
}> = async (app, { db, verifier, identityKey }) => {
  app.get(
    '/api/limits',
    {
      schema: {
        tags: ['account'],
        summary:
          'Your KYC tier and its limits in naira: single payment, sent today and what remains, balance held and its cap',
        response: { 200: limitsSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => readLimits(db, signedInUserId(request)),
  )

  app.get(
    '/api/limits/check',
    {
      schema: {
        tags: ['account'],
        summary:
          'Whether you could send this amount now under your single and daily limits, and the refusal it would meet',
        querystring: limitCheckQuerySchema,
        response: { 200: limitCheckSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => checkSend(db, signedInUserId(request), request.query),
  )

  app.post(
    '/api/kyc/tier-3',
    {
      schema: {
        tags: ['account'],
        summary:
          'Go up to tier 3 with an identity document and your address; needs tier 2. Where the registry cannot check the document at once, the attempt waits for compliance review (status in_review, the tier unchanged until approved; another attempt meanwhile is a 409). A document backs one account only: one linked to another account is a 409 (sandbox: checked at once; a document number ending in 0000 is not found)',
        body: tierThreeRequestSchema,
        response: {
          200: tierThreeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      preHandler: requireUser,
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '15 minutes',
          keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
        },
      },
    },
    async (request) => {
      const userId = signedInUserId(request)
      const { status, failureReason } = await upgradeToTierThree(
        db,
        { verifier, identityKey },
        userId,
        request.body,
      )
      return { status, limits: await readLimits(db, userId), failureReason }
    },
  )
}
