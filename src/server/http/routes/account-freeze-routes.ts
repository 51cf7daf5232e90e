import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  freezeAccount,
  freezeByLink,
  sendUnfreezeCode,
  unfreezeAccount,
} from '#server/account-safety/account-freeze.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import type { MailSender, SmsSender } from '#server/providers/message-senders.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  freezeLinkRequestSchema,
  unfreezeCodeSentSchema,
  unfreezeRequestSchema,
} from '#shared/schemas/account-freeze.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}
const perUser = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
  },
})

/**
 * Freezing and unfreezing the account (docs/security.md "Freezing"). Freezing is always safe,
 * so it takes only a session or an alert's link; unfreezing takes the password and a code sent
 * to the e-mail on file.
 */
export const accountFreezeRoutes: FastifyPluginAsyncZod<{
  db: Database
  mail: MailSender | undefined
  sms: SmsSender | undefined
}> = async (app, { db, mail, sms }) => {
  async function currentUser(request: FastifyRequest) {
    const user = await findUserById(db, signedInUserId(request))
    if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    return user
  }

  app.post(
    '/api/account/freeze',
    {
      schema: {
        tags: ['account'],
        summary:
          'Freeze your account: every session ends (this one too), and no money leaves and no sign-in detail changes until you unfreeze it; money still arrives',
        response: { 204: z.null(), ...errors },
      },
      preHandler: requireUser,
      config: perUser(10),
    },
    async (request, reply) => {
      const userId = signedInUserId(request)
      await db.transaction((tx) => freezeAccount(tx, userId))
      await reply.signOut()
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/freeze/link',
    {
      schema: {
        tags: ['account'],
        summary:
          'Freeze the account with the token of a security alert\'s "This wasn\'t me" link (no session needed)',
        body: freezeLinkRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await freezeByLink(db, request.body.token)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/account/unfreeze/code',
    {
      schema: {
        tags: ['account'],
        summary:
          'Send the 6-digit code that unfreezes your account to the e-mail on file (or, without one, to your verified number); works 30 minutes',
        response: { 202: unfreezeCodeSentSchema, ...errors },
      },
      preHandler: requireUser,
      config: perUser(5),
    },
    async (request, reply) => {
      const sent = await sendUnfreezeCode(db, { mail, sms }, await currentUser(request))
      return reply.status(202).send(sent)
    },
  )

  app.post(
    '/api/account/unfreeze',
    {
      schema: {
        tags: ['account'],
        summary:
          'Unfreeze your account with your `password` and the `code` sent to your e-mail (403 REAUTH_REQUIRED for a wrong password)',
        body: unfreezeRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      preHandler: requireUser,
      config: perUser(10),
    },
    async (request, reply) => {
      await unfreezeAccount(db, await currentUser(request), request.body, clientAddress(request))
      return reply.status(204).send(null)
    },
  )
}
