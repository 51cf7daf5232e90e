import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkTransactionPin } from '#server/account-safety/transaction-pin.ts'
import type { Config } from '#server/config.ts'
import type { Database, DbTransaction } from '#server/db/client.ts'
import {
  fingerprintRequest,
  type IdempotencyClaim,
  type IdempotentResponse,
  runIdempotent,
} from '#server/ledger/run-idempotent.ts'
import { idempotentReplays, moneyActions } from '#server/metrics/metrics.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/schemas/money-requests.ts'
import { clientAddress } from './client-address.ts'
import { signedInUserId } from './session-plugin.ts'

/** The per-route options every money POST shares: a per-user rate limit. */
export function moneyRouteConfig(config: Config) {
  return {
    rateLimit: {
      // One limit for all of a user's money POSTs together, whichever route and instance.
      groupId: 'money',
      max: config.moneyRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
    },
  }
}

/** The refusals a PIN-guarded route adds to its others (docs/security.md "DbTransaction PIN"). */
export const pinRefusals = { 403: apiErrorSchema, 423: apiErrorSchema }

/**
 * The preHandler of every outgoing money POST (after requireUser): nothing moves without the
 * user's transaction PIN (docs/security.md "DbTransaction PIN"). The PIN is then taken out of the
 * body, so it is neither part of the idempotency fingerprint (a retry after a PIN change still
 * replays) nor handed to the use case, stored or logged.
 */
export function requireTransactionPin(db: Database) {
  return async (request: FastifyRequest) => {
    const body = request.body
    const fields: Record<string, unknown> =
      typeof body === 'object' && body !== null ? { ...body } : {}
    const pin = fields.pin
    delete fields.pin
    await checkTransactionPin(
      db,
      signedInUserId(request),
      typeof pin === 'string' ? pin : undefined,
    )
    request.body = fields
  }
}

/** The route schema has validated the header already; this only narrows its type. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key']
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_FAILED', msg('idempotencyKeyHeaderRequired'))
  return key
}

/**
 * Answers a money POST whose use case keeps its own idempotency (the batched user-to-user
 * transfer, ADR 008) exactly as `handleMoneyPost` answers the others: the first response, or
 * a replay marked `Idempotent-Replayed: true`, counted in the same metrics.
 */
export async function answerMoneyPost(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (submission: IdempotencyClaim) => Promise<IdempotentResponse & { replayed: boolean }>,
) {
  const submission = {
    userId: signedInUserId(request),
    key: idempotencyKeyOf(request),
    requestHash: fingerprintRequest(`${request.method} ${request.routeOptions.url}`, request.body),
  }
  const action = request.routeOptions.url ?? request.url
  const result = await run(submission).catch((error: unknown) => {
    moneyActions.inc({ action, outcome: error instanceof AppError ? error.code : 'error' })
    throw error
  })
  moneyActions.inc({ action, outcome: result.replayed ? 'replayed' : 'completed' })
  if (result.replayed) {
    idempotentReplays.inc({ action })
    reply.header('Idempotent-Replayed', 'true')
  }
  return reply.status(result.statusCode).send(result.body)
}

/**
 * Runs a money use case for a signed-in user exactly once per Idempotency-Key and sends its
 * response; a retry gets the first response again, marked `Idempotent-Replayed: true`.
 */
export async function handleMoneyPost(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: DbTransaction, userId: string) => Promise<unknown>,
  successStatus = 201,
) {
  return answerMoneyPost(request, reply, (submission) =>
    runIdempotent(db, submission, async (tx) => ({
      statusCode: successStatus,
      body: await work(tx, submission.userId),
    })),
  )
}
