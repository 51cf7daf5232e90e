import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { findUserById } from '#server/users/find-user.ts'
import { listRecentRecipients } from '#server/users/list-recent-recipients.ts'
import {
  PHONE_SEARCH_GROUP,
  PHONE_SEARCH_WINDOW_MS,
  PHONE_SEARCHES_PER_15_MINUTES,
} from '#server/users/phone-search-limit.ts'
import { searchUsers } from '#server/users/search-users.ts'
import { AppError, msg } from '#shared/errors.ts'
import { looksLikePhoneNumber } from '#shared/phone-numbers.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { userSearchQuerySchema, userSearchResultSchema } from '#shared/schemas/money-requests.ts'

/** The raw `q` of a search, before validation (rate limits run first). */
function searchTermOf(request: FastifyRequest): string {
  const query = request.query
  if (typeof query !== 'object' || query === null || !('q' in query)) return ''
  return typeof query.q === 'string' ? query.q : ''
}

export const userRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['users'],
        summary:
          'Find other users by first name, last name or username (at least 3 characters; at most 20 results), or by a verified phone number in any common format (exact match)',
        querystring: userSearchQuerySchema,
        response: {
          200: z.array(userSearchResultSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      preHandler: requireUser,
      config: {
        // A search by phone number says who owns it, so running a list of numbers through it
        // is limited per user; a search by name is not (docs/phone-numbers.md "Paying by phone number").
        rateLimit: {
          max: PHONE_SEARCHES_PER_15_MINUTES,
          timeWindow: PHONE_SEARCH_WINDOW_MS,
          // Shared with the USSD recipient lookup: one count per user (phone-search-limit.ts).
          groupId: PHONE_SEARCH_GROUP,
          keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
          allowList: (request: FastifyRequest) => !looksLikePhoneNumber(searchTermOf(request)),
        },
      },
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
        params: z.object({ id: z.uuid({ error: 'userNotFound' }) }),
        response: { 200: userSearchResultSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const user = await findUserById(db, request.params.id)
      if (!user) throw new AppError('NOT_FOUND', msg('userNotFound'))
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
