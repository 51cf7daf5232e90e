import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { listSandboxMessages } from '#server/providers/list-sandbox-messages.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { sandboxMessageSchema, sandboxOutboxQuerySchema } from '#shared/schemas/notifications.ts'

/**
 * The sandbox outbox (docs/running.md "Sandbox"): the e-mails and SMS sandbox mode kept instead
 * of sending, for anyone trying Sabi out. Outside sandbox mode it does not exist (404), since it
 * shows reset links to whoever names the address.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/api/sandbox/outbox',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Sandbox mode only: the e-mails and SMS "sent" to an address or phone number, newest first (404 otherwise)',
        querystring: sandboxOutboxQuerySchema,
        response: { 200: z.array(sandboxMessageSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      if (!config.sandbox) throw new AppError('NOT_FOUND', msg('notFound'))
      return listSandboxMessages(db, request.query.to)
    },
  )
}
