import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import {
  createOperatorSession,
  deleteOperatorSession,
  OPERATOR_SESSION_MAX_MS,
  readOperatorSession,
} from '#server/ops/operator-sessions.ts'
import { isRole, type OperatorRow } from '#server/ops/operators.ts'
import { AppError, msg } from '#shared/errors.ts'
import { mayDo, type OpsPermission } from '#shared/schemas/ops.ts'

/** The console's own cookie: a customer's `sabi_sid` is nothing to /api/ops, and this nothing elsewhere. */
export const OPS_COOKIE = 'sabi_ops'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator on /api/ops routes, or null. */
    operator: OperatorRow | null
    opsSessionToken: string | null
  }
  interface FastifyReply {
    opsSignIn(operatorId: string): Promise<void>
    opsSignOut(): Promise<void>
  }
}

/**
 * Loads the operator's session on /api/ops requests only (docs/operations-console.md "Staff
 * accounts"): a signed, HttpOnly, SameSite=Strict cookie scoped to /api/ops, sessions in
 * `operator_sessions`, idle after 15 minutes.
 */
export const opsSessionPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; config: Config }) => {
    const { db, config } = options
    const cookieOptions = {
      path: '/api/ops',
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secureCookies,
      signed: true,
    } as const

    app.decorateRequest('operator', null)
    app.decorateRequest('opsSessionToken', null)

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/ops/')) return
      const raw = request.cookies[OPS_COOKIE]
      if (!raw) return
      const unsigned = request.unsignCookie(raw)
      if (!unsigned.valid || !unsigned.value) return
      const operator = await readOperatorSession(db, unsigned.value)
      if (!operator) return
      request.operator = operator
      request.opsSessionToken = unsigned.value
    })

    app.decorateReply(
      'opsSignIn',
      async function opsSignIn(this: FastifyReply, operatorId: string) {
        if (this.request.opsSessionToken)
          await deleteOperatorSession(db, this.request.opsSessionToken)
        const token = await createOperatorSession(db, operatorId)
        this.request.opsSessionToken = token
        this.setCookie(OPS_COOKIE, token, {
          ...cookieOptions,
          expires: new Date(Date.now() + OPERATOR_SESSION_MAX_MS),
        })
      },
    )

    app.decorateReply('opsSignOut', async function opsSignOut(this: FastifyReply) {
      if (this.request.opsSessionToken)
        await deleteOperatorSession(db, this.request.opsSessionToken)
      this.request.operator = null
      this.request.opsSessionToken = null
      this.clearCookie(OPS_COOKIE, { path: '/api/ops' })
    })
  },
)

/** Every guard `requireOperator` made, so the OpenAPI contract can tell a console route. */
const OPERATOR_GUARDS = new WeakSet<object>()

/**
 * The guard of a console route (its preValidation, so a signed-out caller hears 401 before
 * anything about its input): 401 without an operator's session, 403 when the operator's
 * role may not do `permission` (OPS_PERMISSIONS in src/shared/schemas/ops.ts).
 */
export function requireOperator(permission?: OpsPermission) {
  const guard = async (request: FastifyRequest) => {
    const operator = request.operator
    if (!operator) throw new AppError('UNAUTHORIZED', msg('opsSignInRequired'))
    if (permission && !(isRole(operator.role) && mayDo(operator.role, permission)))
      throw new AppError('FORBIDDEN', msg('opsRoleForbidden'))
  }
  OPERATOR_GUARDS.add(guard)
  return guard
}

/** Whether a route's hook is a `requireOperator` guard (src/server/http/openapi.ts). */
export function isOperatorGuard(handler: unknown): boolean {
  return typeof handler === 'function' && OPERATOR_GUARDS.has(handler)
}

/** The operator of a handler behind `requireOperator`. */
export function signedInOperator(request: FastifyRequest): OperatorRow {
  if (!request.operator) throw new AppError('UNAUTHORIZED', msg('opsSignInRequired'))
  return request.operator
}
