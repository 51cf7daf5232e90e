import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { handleMoneyPost, moneyRouteConfig } from '#server/http/money-post.ts'
import { sendPage } from '#server/http/paged-reply.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { getPosSale, listPosSales } from '#server/pos/list-pos-sales.ts'
import { makePosSale } from '#server/pos/make-pos-sale.ts'
import { posAnalytics } from '#server/pos/pos-analytics.ts'
import type { CardAcquirer } from '#server/providers/card-acquirer.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import { pageQuerySchema } from '#shared/schemas/pages.ts'
import {
  analyticsQuerySchema,
  POS_SALES_LIST_LIMIT,
  posAnalyticsSchema,
  posSaleRequestSchema,
  posSaleSchema,
} from '#shared/schemas/pos.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}

/** The POS terminal (docs/getting-paid.md): card and QR sales, their history and analytics. */
export const posRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  acquirer: CardAcquirer | undefined
}> = async (app, { db, config, acquirer }) => {
  app.post(
    '/api/pos/sale',
    {
      schema: {
        tags: ['pos', 'money'],
        summary:
          'A sale: by card (402 when declined) the money arrives at once; by QR code it waits for the customer to pay its payment request (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: posSaleRequestSchema,
        response: { 201: posSaleSchema, ...errors },
      },
      preHandler: requireUser,
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        makePosSale(tx, userId, request.body, acquirer),
      ),
  )

  app.get(
    '/api/pos/sales',
    {
      schema: {
        tags: ['pos'],
        summary:
          'Your sales, newest first, with status and customer (keyset pagination: pass the X-Next-Cursor header as cursor)',
        querystring: pageQuerySchema(POS_SALES_LIST_LIMIT),
        response: { 200: z.array(posSaleSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      sendPage(reply, await listPosSales(db, signedInUserId(request), request.query)),
  )

  app.get(
    '/api/pos/sales/:id',
    {
      schema: {
        tags: ['pos'],
        summary: 'One of your sales (a QR sale completes when the customer pays)',
        params: z.object({ id: z.uuid({ error: 'saleNotFound' }) }),
        response: { 200: posSaleSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => getPosSale(db, signedInUserId(request), request.params.id),
  )

  app.get(
    '/api/pos/analytics',
    {
      schema: {
        tags: ['pos'],
        summary:
          'Takings from the ledger per currency: today, 7 and 30 days, the period with its average sale, best hours, daily totals',
        querystring: analyticsQuerySchema,
        response: { 200: posAnalyticsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) =>
      posAnalytics(db, signedInUserId(request), request.query.days, request.query.tzOffset),
  )
}
