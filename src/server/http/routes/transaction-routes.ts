import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '#server/db/client.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { listTransactions } from '#server/transactions/list-transactions.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { transactionsQuerySchema } from '#shared/schemas/money-requests.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'

export const transactionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary:
          "The signed-in user's transactions, newest first (keyset pagination: pass nextCursor as cursor)",
        querystring: transactionsQuerySchema,
        response: { 200: transactionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listTransactions(db, signedInUserId(request), request.query),
  )
}
