import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { signInUser } from '#server/auth/sign-in-user.ts'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { findUserById } from '#server/users/find-user.ts'
import { toUserResponse } from '#server/users/to-user-response.ts'
import { AppError } from '#shared/errors.ts'
import {
  returnToSchema,
  signInRequestSchema,
  signUpRequestSchema,
  userSchema,
} from '#shared/schemas/auth.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { requireUser, signedInUserId } from '../session-plugin.ts'

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
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

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (with a primary USD and an NGN wallet) and sign in',
        body: signUpRequestSchema,
        response: { 201: userSchema, ...errorResponses },
      },
      config: { rateLimit: { max: config.signupRateLimitPer15Minutes, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const user = await signUpUser(db, request.body)
      await reply.signIn(user.id)
      return reply.status(201).send(toUserResponse(user))
    },
  )

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; 429 after 10 failures in 15 minutes',
        body: signInRequestSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await signInUser(db, request.body, request.ip)
      await reply.signIn(user.id)
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
        throw new AppError('UNAUTHORIZED', 'Unauthorized')
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
}
