import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { payouts } from '#server/db/schema.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import { paystackEventSchema } from '#server/provider-events/apply-paystack-event.ts'
import { applyStoredEvent } from '#server/provider-events/apply-provider-events.ts'
import { storeProviderEvent } from '#server/provider-events/store-provider-event.ts'
import { paystackSignatureMatches } from '#server/providers/paystack/paystack-signature.ts'
import { AppError, msg } from '#shared/errors.ts'
import { FAILURE_REASONS } from '#shared/failure-reasons.ts'

const resultSchema = z.object({
  reference: z.string().min(1).max(100),
  status: z.enum(['completed', 'failed']),
  reason: z.string().max(200).optional(),
  /** What goes on the user's receipt, e.g. `{ "token": "..." }` for electricity. */
  receipt: z.record(z.string().max(40), z.string().max(200)).optional(),
})

/** `sha256=<hex>` of the raw body with the shared secret, compared in constant time. */
function signatureMatches(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'))
  const given = Buffer.from(header.slice('sha256='.length))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** A signed body that is not JSON is the provider's mistake: a 400 it can see. */
function parsedJsonOf(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody)
  } catch {
    throw new AppError('VALIDATION_FAILED', msg('requestBodyValidJson'))
  }
}

/**
 * Payout providers report results here (issue "Money out"). The signature covers the exact
 * bytes sent, so this plugin keeps the raw body; a bad or missing signature is a 401 and
 * changes nothing, and a result that arrives twice is applied once (settlePayout).
 */
export const webhookRoutes: FastifyPluginAsync<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.addContentTypeParser(
    'application/json',
    // Paystack's charge events carry the payment's whole log: larger than a payout result.
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, body)
    },
  )

  app.post(
    '/api/webhooks/payouts',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'A payout provider reports a result (HMAC-SHA256 signed)',
      },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : ''
      const header = request.headers['x-sabi-signature']
      if (
        !config.payoutWebhookSecret ||
        !signatureMatches(
          config.payoutWebhookSecret,
          rawBody,
          Array.isArray(header) ? header[0] : header,
        )
      ) {
        throw new AppError('UNAUTHORIZED', msg('invalidSignature'))
      }
      const parsed = parsedJsonOf(rawBody)
      const result = resultSchema.safeParse(parsed)
      if (!result.success) throw new AppError('VALIDATION_FAILED', msg('webhookBodyExpected'))
      const [payout] = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(eq(payouts.providerReference, result.data.reference))
      if (!payout) throw new AppError('NOT_FOUND', msg('unknownPayoutReference'))
      const changed = await settlePayout(
        db,
        payout.id,
        result.data.status === 'completed'
          ? { status: 'completed', receipt: result.data.receipt }
          : { status: 'failed', reason: result.data.reason ?? FAILURE_REASONS.providerFailed },
      )
      return reply.status(200).send({ applied: changed })
    },
  )

  app.post(
    '/api/webhooks/paystack',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Paystack reports transfers and payments (x-paystack-signature: HMAC-SHA512 of the body under the secret key; docs/paystack.md "Webhooks")',
      },
    },
    async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : ''
      const header = request.headers['x-paystack-signature']
      const secretKey = config.paystack?.secretKey
      if (
        !secretKey ||
        !paystackSignatureMatches(secretKey, rawBody, Array.isArray(header) ? header[0] : header)
      ) {
        throw new AppError('UNAUTHORIZED', msg('invalidSignature'))
      }
      const parsed = parsedJsonOf(rawBody)
      const event = paystackEventSchema.safeParse(parsed)
      if (!event.success) throw new AppError('VALIDATION_FAILED', msg('webhookBodyExpected'))
      // Stored before the answer, applied after it: Paystack is told at once, and an event
      // whose applying is cut short by a stop is applied by the next pass (apply-provider-events).
      const id = await storeProviderEvent(db, {
        provider: 'paystack',
        event: event.data.event,
        rawBody,
        body: parsed,
      })
      setImmediate(() => {
        applyStoredEvent(db, id, request.log).catch((error: unknown) =>
          request.log.error({ err: error, eventId: id }, 'Paystack event could not be applied'),
        )
      })
      return reply.status(200).send({ received: true })
    },
  )
}
