import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listBillers } from '#server/bills/bill-catalogue.ts'
import {
  findBillCustomer,
  findBillerOrThrow,
  findItemOrThrow,
} from '#server/bills/find-bill-customer.ts'
import { payBill } from '#server/bills/pay-bill.ts'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { lookupRouteConfig } from '#server/http/lookup-route-config.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser } from '#server/http/session-plugin.ts'
import { type Providers, requireProvider } from '#server/providers/providers.ts'
import { msg } from '#shared/errors.ts'
import {
  billCustomerQuerySchema,
  billCustomerSchema,
  billPaymentRequestSchema,
  billTypeGroupSchema,
} from '#shared/schemas/bills.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
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
}

const BILLS_UNAVAILABLE = msg('billPaymentsNotAvailable')

export const billRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
}> = async (app, { db, config, providers }) => {
  app.get(
    '/api/billers',
    {
      schema: {
        tags: ['bills'],
        summary:
          'The bill types, plus government and tax, with their providers, what each calls its customer number, and the packages each sells',
        response: { 200: z.array(billTypeGroupSchema) },
      },
    },
    () => listBillers(db, providers.biller),
  )

  app.get(
    '/api/billers/validate',
    {
      schema: {
        tags: ['bills'],
        summary: "The biller's customer behind a meter, phone, smartcard or reference number",
        querystring: billCustomerQuerySchema,
        response: { 200: billCustomerSchema, ...errors },
      },
      preHandler: requireUser,
      config: lookupRouteConfig(),
    },
    async (request) => {
      const { billType, provider, accountNumber, item } = request.query
      const aggregator = requireProvider(providers.biller, BILLS_UNAVAILABLE)
      const biller = await findBillerOrThrow(db, aggregator, billType, provider)
      // A number is checked against any of what the biller sells; the package comes later.
      const chosen = findItemOrThrow(biller, item ?? biller.items[0]?.id)
      const customer = await findBillCustomer(biller, chosen, accountNumber, aggregator)
      return {
        billType,
        provider: biller.id,
        providerName: biller.name,
        accountNumber: customer.customerNumber,
        customerName: customer.customerName,
        customerAddress: customer.customerAddress,
      }
    },
  )

  app.post(
    '/api/bill-pay',
    {
      schema: {
        tags: ['bills', 'money'],
        summary:
          'Pay a bill from an NGN wallet, no fee; pending until the biller answers (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(billPaymentRequestSchema),
        response: { 201: transactionSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) => {
      const aggregator = requireProvider(providers.biller, BILLS_UNAVAILABLE)
      return handleMoneyPost(db, request, reply, (tx, userId) =>
        payBill(tx, userId, request.body, aggregator),
      )
    },
  )
}
