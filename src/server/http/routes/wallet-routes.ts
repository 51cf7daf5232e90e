import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { requireUser, signedInUserId } from '../session-plugin.ts'

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
}
