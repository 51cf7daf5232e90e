import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { deleteRecipient, listRecipients } from '#server/recipients/list-recipients.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { recipientListQuerySchema, recipientSchema } from '#shared/schemas/recipients.ts'

/** The user's saved recipients, offered again by the bank and international screens. */
export const recipientRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/recipients',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Your saved recipients, most recently paid first',
        querystring: recipientListQuerySchema,
        response: { 200: z.array(recipientSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listRecipients(db, signedInUserId(request), request.query.kind),
  )

  app.delete(
    '/api/recipients/:id',
    {
      schema: {
        tags: ['recipients'],
        summary: 'Forget one of your saved recipients',
        params: z.object({ id: z.uuid({ error: 'recipientNotFound' }) }),
        response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await deleteRecipient(db, signedInUserId(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
