import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { changePassword } from '#server/auth/change-password.ts'
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  newDeviceId,
  noteSignInDevice,
} from '#server/auth/note-sign-in-device.ts'
import { signInUser } from '#server/auth/sign-in-user.ts'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import {
  disableTwoFactor,
  enableTwoFactor,
  renewBackupCodes,
  setUpTwoFactor,
} from '#server/auth/two-factor.ts'
import { sendEmailVerification } from '#server/auth/verify-email.ts'
import type { Config } from '#server/config.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import {
  listUserSessions,
  revokeUserSession,
  SESSIONS_LIST_LIMIT,
} from '#server/credentials/sessions.ts'
import type { Database } from '#server/db/client.ts'
import { commitWithRefusals } from '#server/db/commit-with-refusals.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { sendPage } from '#server/http/paged-reply.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import type { MailSender } from '#server/providers/message-senders.ts'
import { findUserById } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import { toUserResponse } from '#server/users/to-user-response.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  backupCodesSchema,
  changePasswordRequestSchema,
  sessionInfoSchema,
  twoFactorChangeRequestSchema,
  twoFactorSetupSchema,
} from '#shared/schemas/account.ts'
import { returnToSchema, userSchema } from '#shared/schemas/auth.ts'
import { signInRequestSchema, signUpRequestSchema } from '#shared/schemas/credentials.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { pageQuerySchema } from '#shared/schemas/pages.ts'
import { stepUpRequestSchema } from '#shared/schemas/step-up.ts'

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
}

/** Account-security calls a stolen session could abuse get a tight per-user limit. */
const sensitiveRateLimit = {
  rateLimit: {
    max: 20,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
  },
}

/** Where a sign-in should land: the returnTo parameter, else a same-site Referer path, else home. */
function resolveReturnTo(
  returnTo: string | undefined,
  referer: string | undefined,
  host: string | undefined,
): string {
  const explicit = returnToSchema.safeParse(returnTo)
  if (explicit.success) return explicit.data
  if (referer && host) {
    try {
      const url = new URL(referer)
      const path = `${url.pathname}${url.search}`
      if (
        url.host === host &&
        returnToSchema.safeParse(path).success &&
        !url.pathname.startsWith('/api/')
      )
        return path
    } catch {
      // An unparsable Referer simply does not count.
    }
  }
  return '/'
}

/**
 * The browser's device id from its signed cookie, or a new one set now: a sign-in from a device
 * the user never used is announced (docs/notifications.md).
 */
async function noteDevice(
  db: Database,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  const raw = request.cookies[DEVICE_COOKIE]
  const unsigned = raw ? request.unsignCookie(raw) : undefined
  let deviceId = unsigned?.valid && unsigned.value ? unsigned.value : undefined
  if (!deviceId || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) {
    deviceId = newDeviceId()
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    })
  }
  await noteSignInDevice(db, userId, deviceId, request.headers['user-agent'])
}

export const authRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  sealer: Sealer
  mail: MailSender | undefined
}> = async (app, { db, config, sealer, mail }) => {
  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Create an account with an e-mail, a phone number or both, and sign in. Its country (else its phone number's) decides its primary wallet: NGN, ZAR or KES beside USD; elsewhere USD beside NGN. A phone number is texted nothing until the user asks for a code (POST /api/phone/verification)",
        body: signUpRequestSchema,
        response: { 201: userSchema, ...errorResponses },
      },
      config: { rateLimit: { max: config.signupRateLimitPer15Minutes, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const user = await signUpUser(db, request.body)
      await reply.signIn(user.id)
      await noteDevice(db, config, request, reply, user.id)
      // The verification link leaves after the answer; a lost one can be sent again. No SMS
      // goes out until the user asks for a code (POST /api/phone/verification): a sign-up that
      // texted whatever number it was given let anyone pump paid SMS (issue 32).
      setImmediate(() => {
        if (user.email) {
          sendEmailVerification(db, mail, config.publicUrl, user).catch((error: unknown) =>
            request.log.warn({ err: error }, 'verification e-mail not sent'),
          )
        }
      })
      return reply.status(201).send(toUserResponse(user))
    },
  )

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with an e-mail or a phone number (any common format), the password and, with two-factor on, `code` (401 TOTP_REQUIRED without it); 429 after 10 failures in 15 minutes',
        body: signInRequestSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await signInUser(db, sealer, request.body, clientAddress(request))
      await reply.signIn(user.id)
      await noteDevice(db, config, request, reply, user.id)
      return toUserResponse(user)
    },
  )

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const user = await findUserById(db, signedInUserId(request))
      if (!user) {
        // The account is gone but the session was not: end it.
        await reply.signOut()
        throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      }
      return toUserResponse(user)
    },
  )

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Browser navigation: redirects to the sign-in (or sign-up) page, keeping where the user was going',
        querystring: z.object({
          returnTo: z.string().max(2048).optional(),
          mode: z.enum(['signin', 'signup']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const returnTo = resolveReturnTo(
        request.query.returnTo,
        request.headers.referer,
        request.headers.host,
      )
      const page = request.query.mode === 'signup' ? '/sign-up' : '/sign-in'
      return reply.redirect(
        returnTo === '/' ? page : `${page}?returnTo=${encodeURIComponent(returnTo)}`,
      )
    },
  )

  app.get(
    '/api/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Browser navigation: ends the session and redirects to /',
      },
    },
    async (_request, reply) => {
      await reply.signOut()
      return reply.redirect('/')
    },
  )

  /** The signed-in user's row, or the session is stale: sign it out. */
  async function currentUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await findUserById(db, signedInUserId(request))
    if (!user) {
      await reply.signOut()
      throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    }
    return user
  }

  app.post(
    '/api/auth/2fa/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor enrolment: a TOTP secret and its otpauth:// URL for a QR code',
        response: { 200: twoFactorSetupSchema, ...errorResponses },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      refuseIfFrozen(user)
      return setUpTwoFactor(db, sealer, user)
    },
  )

  app.post(
    '/api/auth/2fa/enable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Turn two-factor on with `password` and a `code` from the app (403 REAUTH_REQUIRED without the password); returns 10 one-time backup codes',
        body: twoFactorChangeRequestSchema,
        response: { 200: backupCodesSchema, ...errorResponses },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      return commitWithRefusals(db, (tx) =>
        enableTwoFactor(tx, sealer, user, request.body, clientAddress(request)),
      )
    },
  )

  app.post(
    '/api/auth/2fa/disable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Turn two-factor off: needs `password` and a current code or a backup code (403 REAUTH_REQUIRED)',
        body: twoFactorChangeRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      await commitWithRefusals(db, (tx) =>
        disableTwoFactor(tx, sealer, user, request.body, clientAddress(request)),
      )
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/auth/2fa/backup-codes',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Renew your 10 backup codes (the old ones stop working): `password` and `code` required, else 403 REAUTH_REQUIRED',
        body: stepUpRequestSchema,
        response: { 200: backupCodesSchema, ...errorResponses },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      return commitWithRefusals(db, (tx) =>
        renewBackupCodes(tx, sealer, user, request.body, clientAddress(request)),
      )
    },
  )

  app.post(
    '/api/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your password (current one required); every other session is signed out',
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      preHandler: requireUser,
      config: sensitiveRateLimit,
    },
    async (request, reply) => {
      const user = await currentUser(request, reply)
      await commitWithRefusals(db, (tx) =>
        changePassword(tx, user, request.sessionId, request.body, clientAddress(request)),
      )
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/sessions',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Login activity: your signed-in sessions (device, address, last seen), newest first (keyset pagination: pass the X-Next-Cursor header as cursor)',
        querystring: pageQuerySchema(SESSIONS_LIST_LIMIT),
        response: { 200: z.array(sessionInfoSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      sendPage(
        reply,
        await listUserSessions(db, signedInUserId(request), request.sessionId, request.query),
      ),
  )

  app.delete(
    '/api/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign one of your sessions out',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await revokeUserSession(db, signedInUserId(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
