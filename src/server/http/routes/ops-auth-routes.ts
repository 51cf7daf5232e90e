import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireOperator, signedInOperator } from '#server/http/ops-session-plugin.ts'
import { appendAudit } from '#server/ops/audit-log.ts'
import {
  checkOperatorSignIn,
  enrolOperator,
  operatorView,
  readEnrolment,
} from '#server/ops/operators.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  enrolmentQuerySchema,
  enrolmentSchema,
  enrolRequestSchema,
  opsLoginRequestSchema,
  opsMeSchema,
} from '#shared/schemas/ops.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
}

/** Sign-in attempts per address: staff accounts reach every customer, so guessing is slow. */
const SIGN_INS_PER_15_MINUTES = 10

/**
 * The console's sign-in and enrolment (docs/operations-console.md "Staff accounts"): password and
 * TOTP together, every sign-in written to the audit log, failures too.
 */
export const opsAuthRoutes: FastifyPluginAsyncZod<{ db: Database; sealer: Sealer }> = async (
  app,
  { db, sealer },
) => {
  app.post(
    '/api/ops/auth/login',
    {
      schema: {
        tags: ['ops'],
        summary: 'Operator sign-in with e-mail, password and a TOTP code (all three required)',
        body: opsLoginRequestSchema,
        response: { 200: opsMeSchema, ...errors },
      },
      config: { rateLimit: { max: SIGN_INS_PER_15_MINUTES, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const operator = await checkOperatorSignIn(db, sealer, request.body)
      const address = clientAddress(request)
      if (!operator) {
        await db.transaction((tx) =>
          appendAudit(tx, {
            operatorId: null,
            actor: request.body.email.trim().toLowerCase(),
            action: 'sign_in_failed',
            details: { address },
          }),
        )
        throw new AppError('INVALID_CREDENTIALS', msg('opsSignInFailed'))
      }
      await db.transaction((tx) =>
        appendAudit(tx, {
          operatorId: operator.id,
          actor: operator.email,
          action: 'sign_in',
          details: { address },
        }),
      )
      await reply.opsSignIn(operator.id)
      return { operator: operatorView(operator) }
    },
  )

  app.post(
    '/api/ops/auth/logout',
    {
      schema: {
        tags: ['ops'],
        summary: 'Operator sign-out',
        response: { 204: z.null(), ...errors },
      },
      preValidation: requireOperator(),
    },
    async (request, reply) => {
      const operator = signedInOperator(request)
      await db.transaction((tx) =>
        appendAudit(tx, { operatorId: operator.id, actor: operator.email, action: 'sign_out' }),
      )
      await reply.opsSignOut()
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/api/ops/auth/me',
    {
      schema: {
        tags: ['ops'],
        summary: 'The signed-in operator',
        response: { 200: opsMeSchema, ...errors },
      },
      preValidation: requireOperator(),
    },
    async (request) => ({ operator: operatorView(signedInOperator(request)) }),
  )

  app.get(
    '/api/ops/enrolment',
    {
      schema: {
        tags: ['ops'],
        summary: "An enrolment link's operator and TOTP secret, while the link is unused",
        querystring: enrolmentQuerySchema,
        response: { 200: enrolmentSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => readEnrolment(db, sealer, request.query.token),
  )

  app.post(
    '/api/ops/enrolment',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Completes enrolment: the password, and a code proving the TOTP secret was scanned',
        body: enrolRequestSchema,
        response: { 204: z.null(), ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const operator = await enrolOperator(db, sealer, request.body)
      await db.transaction((tx) =>
        appendAudit(tx, { operatorId: operator.id, actor: operator.email, action: 'enrolled' }),
      )
      return reply.status(204).send(null)
    },
  )
}
