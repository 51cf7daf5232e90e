import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { searchUsers } from '#server/users/search-users.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { userSearchQuerySchema, userSearchResultSchema } from '#shared/schemas/money-requests.ts'
import { requireUser, signedInUserId } from '../session-plugin.ts'

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['users'],
        summary:
          'Find other users by first name, last name or username (at least 3 characters; at most 20 results)',
        querystring: userSearchQuerySchema,
        response: {
          200: z.array(userSearchResultSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    (request) => searchUsers(db, signedInUserId(request), request.query.q),
  )
}
