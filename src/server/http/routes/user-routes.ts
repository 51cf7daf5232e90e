import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { findUserById } from '#server/users/find-user.ts'
import { listRecentRecipients } from '#server/users/list-recent-recipients.ts'
import { searchUsers } from '#server/users/search-users.ts'
import { AppError } from '#shared/errors.ts'
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

  app.get(
    '/api/users/recent',
    {
      schema: {
        tags: ['users'],
        summary: 'The Sabi users you have sent money to, most recent first (at most 10)',
        response: { 200: z.array(userSearchResultSchema), 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listRecentRecipients(db, signedInUserId(request)),
  )

  app.get(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Another user's public name and username, to pay them",
        params: z.object({ id: z.uuid({ error: 'User not found' }) }),
        response: { 200: userSearchResultSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const user = await findUserById(db, request.params.id)
      if (!user) throw new AppError('NOT_FOUND', 'User not found')
      return {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        profileImageUrl: user.profileImageUrl,
      }
    },
  )
}
