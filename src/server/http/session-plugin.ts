import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '#server/config.ts'
import {
  type ActiveSession,
  createSession,
  deleteSession,
  readSession,
} from '#server/credentials/sessions.ts'
import type { Database } from '#server/db/client.ts'
import { AppError, msg } from '#shared/errors.ts'
import { clientAddress } from './client-address.ts'

export const SESSION_COOKIE = 'sabi_sid'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null for a visitor. */
    userId: string | null
    sessionId: string | null
  }
  interface FastifyReply {
    /** Starts a new session for the user, replacing any the browser had (no fixation). */
    signIn(userId: string): Promise<ActiveSession>
    signOut(): Promise<void>
  }
}

/**
 * Loads the session named by the signed, HttpOnly cookie on every request. Sessions live in
 * the `sessions` table so any server instance can serve any user (docs/account.md "Sessions").
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; config: Config }) => {
    const { db, config } = options
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
    } as const

    app.decorateRequest('userId', null)
    app.decorateRequest('sessionId', null)

    app.addHook('onRequest', async (request) => {
      const raw = request.cookies[SESSION_COOKIE]
      if (!raw) return
      const unsigned = request.unsignCookie(raw)
      if (!unsigned.valid || !unsigned.value) return
      const session = await readSession(db, unsigned.value)
      if (!session) return
      request.userId = session.userId
      request.sessionId = session.sid
    })

    app.decorateReply('signIn', async function signIn(this: FastifyReply, userId: string) {
      if (this.request.sessionId) await deleteSession(db, this.request.sessionId)
      const userAgent = this.request.headers['user-agent']
      const session = await createSession(db, {
        userId,
        ipAddress: clientAddress(this.request),
        ...(userAgent ? { userAgent } : {}),
      })
      this.request.userId = userId
      this.request.sessionId = session.sid
      this.setCookie(SESSION_COOKIE, session.sid, { ...cookieOptions, expires: session.expire })
      return session
    })

    app.decorateReply('signOut', async function signOut(this: FastifyReply) {
      if (this.request.sessionId) await deleteSession(db, this.request.sessionId)
      this.request.userId = null
      this.request.sessionId = null
      this.clearCookie(SESSION_COOKIE, { path: '/' })
    })
  },
)

/** A preHandler for routes that need a signed-in user: 401 `{"message":msg('unauthorized')}` otherwise. */
export async function requireUser(request: FastifyRequest) {
  if (!request.userId) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
}

/** The signed-in user's id in a handler behind `requireUser`. */
export function signedInUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
  return request.userId
}
