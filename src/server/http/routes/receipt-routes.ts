import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { verifyReceipt } from '#server/transactions/verify-receipt.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { receiptCodeParamsSchema, verifiedReceiptSchema } from '#shared/schemas/receipts.ts'

/** Lookups per address per minute: plenty for a merchant checking receipts, useless for guessing. */
const RECEIPT_LOOKUPS_PER_MINUTE = 30

/** Receipt verification (docs/receipts.md): public, so anyone handed a receipt can check it. */
export const receiptRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/receipts/:code',
    {
      schema: {
        tags: ['receipts'],
        summary:
          "Check a receipt by its verification code (no sign-in): amount, currency, date, status and the parties' masked names",
        params: receiptCodeParamsSchema,
        response: {
          200: verifiedReceiptSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: {
        rateLimit: {
          max: RECEIPT_LOOKUPS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => clientAddress(request),
        },
      },
    },
    (request) => verifyReceipt(db, request.params.code),
  )
}
