import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { quoteInternationalTransfer } from '#server/international/quote-international-transfer.ts'
import { sendInternationalTransfer } from '#server/international/send-international-transfer.ts'
import { type Providers, requireProvider } from '#server/providers/providers.ts'
import { msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  basisPointsToPercent,
  DELIVERY_ESTIMATES,
  feeBasisPointsFor,
  INTERNATIONAL_REGIONS,
  type InternationalRegionInfo,
  internationalQuoteRequestSchema,
  internationalQuoteSchema,
  internationalRegionSchema,
  internationalTransferRequestSchema,
} from '#shared/schemas/international.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import { withTransactionPin } from '#shared/schemas/pin.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}

/** The shared region list with its fees as percents, computed once: it never changes. */
const REGIONS: InternationalRegionInfo[] = INTERNATIONAL_REGIONS.map((region) => ({
  id: region.id,
  name: region.name,
  feeRangePercent: {
    min: basisPointsToPercent(region.feeRangeBasisPoints.min),
    max: basisPointsToPercent(region.feeRangeBasisPoints.max),
  },
  feePercentByMethod: {
    bank_wire: basisPointsToPercent(feeBasisPointsFor(region, 'bank_wire')),
    cash_pickup: basisPointsToPercent(feeBasisPointsFor(region, 'cash_pickup')),
    mobile_wallet: basisPointsToPercent(feeBasisPointsFor(region, 'mobile_wallet')),
  },
  deliveryEstimateByMethod: { ...DELIVERY_ESTIMATES },
  countries: region.countries.map((country) => ({ ...country })),
}))

/** Money abroad (docs/transfers.md): regions, locked quotes, and the transfer itself. */
export const internationalRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
}> = async (app, { db, config, providers }) => {
  app.get(
    '/api/international/regions',
    {
      schema: {
        tags: ['international'],
        summary:
          'The six destination regions: countries with their payout currency, fee per method, delivery estimates',
        response: { 200: z.array(internationalRegionSchema) },
      },
    },
    () => REGIONS,
  )

  app.post(
    '/api/international/quote',
    {
      schema: {
        tags: ['international'],
        summary:
          'Price a transfer abroad and lock it for 10 minutes: rate, fee, total debit, amount received, delivery estimate',
        body: internationalQuoteRequestSchema,
        response: { 201: internationalQuoteSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await quoteInternationalTransfer(db, signedInUserId(request), request.body)),
  )

  app.post(
    '/api/send-money/international',
    {
      schema: {
        tags: ['international', 'money'],
        summary:
          'Send money abroad at a locked quote; pending until the partner pays out (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(internationalTransferRequestSchema),
        response: { 201: transactionSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) => {
      const partner = requireProvider(providers.international, msg('transfersAbroadNotAvailable'))
      return handleMoneyPost(db, request, reply, (tx, userId) =>
        sendInternationalTransfer(tx, userId, request.body, partner),
      )
    },
  )
}
