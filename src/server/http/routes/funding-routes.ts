import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { findOrOpenBankAccount } from '#server/funding/bank-account.ts'
import { readTopUpStatus } from '#server/funding/top-up-status.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { type Providers, requireProvider } from '#server/providers/providers.ts'
import { msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { fundingBankAccountSchema, topUpStatusSchema } from '#shared/schemas/funding.ts'

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  503: apiErrorSchema,
}

/** Top-ups by bank transfer and by card checkout (docs/funding.md). */
export const fundingRoutes: FastifyPluginAsyncZod<{ db: Database; providers: Providers }> = async (
  app,
  { db, providers },
) => {
  app.get(
    '/api/funding/bank-account',
    {
      schema: {
        tags: ['money'],
        summary:
          'Your own account number for top-ups by bank transfer: made on first ask, from tier 2 with a naira wallet (403 with the reason otherwise)',
        response: { 200: fundingBankAccountSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) => {
      const funding = requireProvider(providers.funding, msg('accountNumbersNotAvailable'))
      return findOrOpenBankAccount(db, signedInUserId(request), funding)
    },
  )

  app.get(
    '/api/add-funds/:reference',
    {
      schema: {
        tags: ['money'],
        summary:
          'How your top-up stands, asked of the provider while it is pending (the checkout returns here)',
        params: z.object({
          reference: z.string().regex(/^[A-Za-z0-9._=-]{1,100}$/, 'topUpNotFound'),
        }),
        response: { 200: topUpStatusSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) =>
      readTopUpStatus(
        db,
        signedInUserId(request),
        request.params.reference,
        providers.funding,
        request.log,
      ),
  )
}
