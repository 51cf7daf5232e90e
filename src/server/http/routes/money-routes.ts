import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { startCardCheckout } from '#server/funding/card-checkout.ts'
import {
  answerMoneyPost,
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser } from '#server/http/session-plugin.ts'
import { type Providers, requireProvider } from '#server/providers/providers.ts'
import type { TransferPoster } from '#server/transfers/post-user-transfers.ts'
import { sendToUserOnce } from '#server/transfers/send-to-user.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { cardCheckoutSchema } from '#shared/schemas/funding.ts'
import {
  addFundsRequestSchema,
  idempotencyHeadersSchema,
  sendToUserRequestSchema,
} from '#shared/schemas/money-requests.ts'
import { withTransactionPin } from '#shared/schemas/pin.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'

const moneyErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}

export const moneyRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
  /** The app's one group commit of user-to-user transfers (ADR 008). */
  transfers: TransferPoster
}> = async (app, { db, config, providers, transfers }) => {
  app.post(
    '/api/send-money/sabi-user',
    {
      schema: {
        tags: ['money'],
        summary: 'Send money to another Sabi user: free and instant (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(sendToUserRequestSchema),
        response: { 201: transactionSchema, ...moneyErrors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      answerMoneyPost(request, reply, (submission) =>
        sendToUserOnce(transfers, db, submission, request.body),
      ),
  )

  app.post(
    '/api/add-funds',
    {
      schema: {
        tags: ['money'],
        summary:
          'Add funds to a wallet by card or bank through the funding provider (503 without one; Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: addFundsRequestSchema,
        response: { 201: transactionSchema, 202: cardCheckoutSchema, ...moneyErrors },
      },
      preHandler: requireUser,
      config: moneyRouteConfig(config),
    },
    (request, reply) => {
      const funding = requireProvider(providers.funding, msg('addingFundsNotAvailable'))
      // A real collector: the card is paid on its checkout page, and the wallet credited when
      // it confirms (docs/funding.md "Card top-ups").
      if (funding.topUps === 'checkout')
        return handleMoneyPost(
          db,
          request,
          reply,
          (tx, userId) => startCardCheckout(tx, userId, request.body, funding, config.publicUrl),
          202,
        )
      return handleMoneyPost(db, request, reply, (tx, userId) =>
        addFunds(tx, userId, request.body, funding),
      )
    },
  )
}
