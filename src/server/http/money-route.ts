import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '#server/config.ts'
import type { Database, Transaction } from '#server/db/client.ts'
import { fingerprintRequest, runIdempotent } from '#server/idempotency/run-idempotent.ts'
import { idempotentReplays, moneyActions } from '#server/metrics/metrics.ts'
import { AppError } from '#shared/errors.ts'
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

/** The route schema has validated the header already; this only narrows its type. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key']
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key header is required')
  return key
}

/**
 * Runs a money use case for a signed-in user exactly once per Idempotency-Key and sends its
 * response; a retry gets the first response again, marked `Idempotent-Replayed: true`.
 */
export async function handleMoneyPost(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Transaction, userId: string) => Promise<unknown>,
  successStatus = 201,
) {
  const userId = signedInUserId(request)
  const key = idempotencyKeyOf(request)
  const action = request.routeOptions.url ?? request.url
  const result = await runIdempotent(
    db,
    {
      userId,
      key,
      requestHash: fingerprintRequest(
        `${request.method} ${request.routeOptions.url}`,
        request.body,
      ),
    },
    async (tx) => ({ statusCode: successStatus, body: await work(tx, userId) }),
  ).catch((error: unknown) => {
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
