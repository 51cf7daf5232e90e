import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requestPasswordReset } from '#server/auth/request-password-reset.ts'
import { requireResetSecondFactor, resetPassword } from '#server/auth/reset-password.ts'
import { sendEmailVerification, verifyEmail } from '#server/auth/verify-email.ts'
import type { Config } from '#server/config.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { renderMessage } from '#server/i18n/render-error.ts'
import { requestLanguage } from '#server/i18n/request-language.ts'
import type { MailSender, SmsSender } from '#server/providers/message-senders.ts'
import { findUserById } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { passwordResetConfirmSchema, verifyEmailRequestSchema } from '#shared/schemas/auth.ts'
import { passwordResetRequestSchema } from '#shared/schemas/credentials.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'

const acceptedSchema = z.object({ message: z.string() })
// What a reset request is answered, whether or not an account matched, in the app's language.
const RESET_ACCEPTED = msg('ifAccountUsesAddress')
const RESET_ACCEPTED_BY_SMS = msg('ifAccountUsesNumber')

/**
 * Password reset and e-mail verification (docs/account.md): links sent by e-mail, each token
 * single-use and kept only as a hash.
 */
export const accountRecoveryRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  mail: MailSender | undefined
  sms: SmsSender | undefined
  sealer: Sealer
}> = async (app, { db, config, mail, sms, sealer }) => {
  app.post(
    '/api/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a password reset link by e-mail or SMS: 202 whatever the address or number, so nobody learns who has an account',
        body: passwordResetRequestSchema,
        response: { 202: acceptedSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
      config: {
        rateLimit: { max: config.recoveryRateLimitPer15Minutes, timeWindow: '15 minutes' },
      },
    },
    async (request, reply) => {
      // The work runs after the answer, so an existing account does not answer more slowly.
      setImmediate(() => {
        requestPasswordReset(db, { mail, sms }, config.publicUrl, request.body).catch(
          (error: unknown) => request.log.warn({ err: error }, 'password reset link failed'),
        )
      })
      return reply.status(202).send({
        message: renderMessage(
          request.body.phoneNumber ? RESET_ACCEPTED_BY_SMS : RESET_ACCEPTED,
          requestLanguage(request),
        ),
      })
    },
  )

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the token from a reset link (once, within 30 minutes), and `code` when two-factor is on (else 403 REAUTH_REQUIRED); every session ends, and outgoing money cools off for 24 hours',
        body: passwordResetConfirmSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await requireResetSecondFactor(db, sealer, request.body, clientAddress(request))
      await db.transaction((tx) => resetPassword(tx, request.body))
      // This browser's session, if any, ended with the others: forget its cookie too.
      await reply.signOut()
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the token from a verification link',
        body: verifyEmailRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await db.transaction((tx) => verifyEmail(tx, request.body.token))
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/auth/verify-email/send',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification link to your e-mail address',
        response: {
          202: acceptedSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      preHandler: requireUser,
      config: {
        rateLimit: { max: config.recoveryRateLimitPer15Minutes, timeWindow: '15 minutes' },
      },
    },
    async (request, reply) => {
      const user = await findUserById(db, signedInUserId(request))
      if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      await sendEmailVerification(db, mail, config.publicUrl, user)
      return reply
        .status(202)
        .send({ message: renderMessage(msg('weHaveSentNew'), requestLanguage(request)) })
    },
  )
}
