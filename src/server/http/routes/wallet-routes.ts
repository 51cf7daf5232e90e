import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { openWallet } from '#server/wallets/open-wallet.ts'
import { totalBalance } from '#server/wallets/total-balance.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { openWalletRequestSchema } from '#shared/schemas/money-requests.ts'
import { walletSchema, walletTotalSchema } from '#shared/schemas/reference.ts'

export const walletRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/wallets',
    {
      schema: {
        tags: ['wallets'],
        summary: "The signed-in user's wallets with balances as decimal strings",
        response: { 200: z.array(walletSchema), 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listWallets(db, signedInUserId(request)),
  )

  app.get(
    '/api/wallets/total',
    {
      schema: {
        tags: ['wallets'],
        summary:
          'All your wallets together in one currency at current rates (an estimate for display)',
        querystring: z.object({
          currency: z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{3}$/, 'currency3LetterCode'),
        }),
        response: {
          200: walletTotalSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    (request) => totalBalance(db, signedInUserId(request), request.query.currency),
  )

  app.post(
    '/api/wallets',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Open a wallet in another currency (409 if the user already has one)',
        body: openWalletRequestSchema,
        response: {
          201: walletSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const userId = signedInUserId(request)
      const wallet = await db.transaction((tx) =>
        openWallet(tx, { userId, currencyId: request.body.currencyId }),
      )
      const opened = (await listWallets(db, userId)).find((candidate) => candidate.id === wallet.id)
      if (!opened) throw new AppError('INTERNAL', msg('newWalletCouldNot'))
      return reply.status(201).send(opened)
    },
  )
}
