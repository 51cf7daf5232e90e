import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import { buyCrypto } from '#server/crypto/buy-crypto.ts'
import { listHoldings } from '#server/crypto/list-holdings.ts'
import type { Database } from '#server/db/client.ts'
import { exchangeCurrency } from '#server/exchange/exchange-currency.ts'
import { quoteExchange } from '#server/exchange/quote-exchange.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import type { Providers } from '#server/providers/providers.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  cryptoHoldingSchema,
  cryptoPurchaseRequestSchema,
  exchangeRequestSchema,
  quoteRequestSchema,
  quoteSchema,
} from '#shared/schemas/exchange.ts'
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

export const exchangeRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
}> = async (app, { db, config, providers }) => {
  app.post(
    '/api/quotes',
    {
      schema: {
        tags: ['exchange'],
        summary:
          'Lock an exchange rate for 30 seconds: rate, 0.5% fee, amount received and total debit',
        body: quoteRequestSchema,
        response: { 201: quoteSchema, ...errors },
      },
      preHandler: requireUser,
    },
    async (request, reply) =>
      reply.status(201).send(await quoteExchange(db, signedInUserId(request), request.body)),
  )

  app.post(
    '/api/exchange',
    {
      schema: {
        tags: ['exchange', 'money'],
        summary:
          "Exchange between two of your wallets at a live quote or today's rate (Idempotency-Key required)",
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(exchangeRequestSchema),
        response: { 201: transactionSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        exchangeCurrency(tx, userId, request.body),
      ),
  )

  app.post(
    '/api/crypto/purchase',
    {
      schema: {
        tags: ['crypto', 'money'],
        summary:
          'Buy crypto for a US-dollar amount, paid from a wallet or by card (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(cryptoPurchaseRequestSchema),
        response: { 201: transactionSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        buyCrypto(tx, userId, request.body, providers.funding),
      ),
  )

  app.get(
    '/api/crypto/holdings',
    {
      schema: {
        tags: ['crypto'],
        summary: "The signed-in user's crypto holdings with their US-dollar value",
        response: { 200: z.array(cryptoHoldingSchema), 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listHoldings(db, signedInUserId(request)),
  )
}
