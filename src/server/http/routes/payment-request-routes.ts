import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { sendPage } from '#server/http/paged-reply.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { cancelPaymentRequest } from '#server/payment-requests/cancel-payment-request.ts'
import { createPaymentRequest } from '#server/payment-requests/create-payment-request.ts'
import {
  getPaymentRequest,
  listPaymentRequests,
} from '#server/payment-requests/find-payment-requests.ts'
import { payPaymentRequest } from '#server/payment-requests/pay-payment-request.ts'
import { previewPaymentRequest } from '#server/payment-requests/preview-payment-request.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import { pageQuerySchema } from '#shared/schemas/pages.ts'
import {
  createPaymentRequestSchema,
  PAYMENT_REQUESTS_LIST_LIMIT,
  paymentRequestPreviewSchema,
  paymentRequestSchema,
  payPaymentRequestSchema,
} from '#shared/schemas/payment-requests.ts'
import { withTransactionPin } from '#shared/schemas/pin.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
}
/**
 * Previews per address per minute, as for receipts: plenty for someone opening the links they
 * were sent, useless for guessing request ids.
 */
const PREVIEWS_PER_MINUTE = 30

const params = z.object({ id: z.uuid({ error: 'paymentRequestNotFound' }) })

/** Payment requests (issue "Getting paid"): ask for money by link or QR code, pay once. */
export const paymentRequestRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.post(
    '/api/payment-requests',
    {
      schema: {
        tags: ['payment requests'],
        summary: 'Ask for money into one of your wallets: open for 7 days, with its /pay link',
        body: createPaymentRequestSchema,
        response: { 201: paymentRequestSchema, ...errors },
      },
      preHandler: requireUser,
      config: moneyRouteConfig(config),
    },
    async (request, reply) => {
      const { response } = await createPaymentRequest(db, signedInUserId(request), request.body)
      return reply.status(201).send(response)
    },
  )

  app.get(
    '/api/payment-requests',
    {
      schema: {
        tags: ['payment requests'],
        summary:
          'Your payment requests, newest first (keyset pagination: pass the X-Next-Cursor header as cursor)',
        querystring: pageQuerySchema(PAYMENT_REQUESTS_LIST_LIMIT),
        response: {
          200: z.array(paymentRequestSchema).describe('A page of requests'),
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      sendPage(reply, await listPaymentRequests(db, signedInUserId(request), request.query)),
  )

  app.get(
    '/api/payment-requests/:id',
    {
      schema: {
        tags: ['payment requests'],
        summary: 'One payment request: who asks, how much, why and whether it can still be paid',
        params,
        response: { 200: paymentRequestSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) => getPaymentRequest(db, signedInUserId(request), request.params.id),
  )

  app.get(
    '/api/payment-requests/:id/preview',
    {
      schema: {
        tags: ['payment requests'],
        summary:
          "A request's link as a visitor sees it (no sign-in): the requester's first name and initial, the amount and the description",
        params,
        response: {
          200: paymentRequestPreviewSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      config: {
        rateLimit: {
          max: PREVIEWS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => clientAddress(request),
        },
      },
    },
    (request) => previewPaymentRequest(db, request.params.id),
  )

  app.post(
    '/api/payment-requests/:id/pay',
    {
      schema: {
        tags: ['payment requests', 'money'],
        summary:
          'Pay a request from your wallet in its currency, once (409 if paid, cancelled or expired; Idempotency-Key required)',
        params,
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(payPaymentRequestSchema),
        response: { 201: paymentRequestSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        payPaymentRequest(tx, userId, request.params.id, request.body),
      ),
  )

  app.post(
    '/api/payment-requests/:id/cancel',
    {
      schema: {
        tags: ['payment requests'],
        summary: 'Cancel one of your open requests: its link pays nothing from now on',
        params,
        response: { 200: paymentRequestSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) => cancelPaymentRequest(db, signedInUserId(request), request.params.id),
  )
}
