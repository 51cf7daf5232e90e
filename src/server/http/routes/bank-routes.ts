import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { findDirectoryBank, listDirectoryBanks } from '#server/banks/bank-directory.ts'
import { resolveAccountName } from '#server/banks/resolve-account-name.ts'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { lookupRouteConfig } from '#server/http/lookup-route-config.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { type Providers, requireProvider } from '#server/providers/providers.ts'
import { getTransaction } from '#server/transactions/get-transaction.ts'
import { sendToBank } from '#server/transfers/send-to-bank.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  accountResolveQuerySchema,
  bankSchema,
  bankTransferRequestSchema,
  resolvedAccountSchema,
} from '#shared/schemas/bank.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import { withTransactionPin } from '#shared/schemas/pin.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
}

const BANKS_UNAVAILABLE = msg('bankTransfersNotAvailable')

export const bankRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
}> = async (app, { db, config, providers }) => {
  app.get(
    '/api/banks',
    {
      schema: {
        tags: ['bank'],
        summary:
          'The banks Sabi pays into: the bank provider\'s directory, stored and refreshed daily (docs/paystack.md "Banks")',
        response: { 200: z.array(bankSchema) },
      },
    },
    async () => {
      if (!providers.bank) return []
      return (await listDirectoryBanks(db, providers.bank)).map(
        ({ name, code, country, currency, nameEnquiry }) => ({
          name,
          code,
          country,
          currency,
          nameEnquiry,
        }),
      )
    },
  )

  app.get(
    '/api/banks/resolve',
    {
      schema: {
        tags: ['bank'],
        summary: "Name enquiry: the account holder's name, before sending",
        querystring: accountResolveQuerySchema,
        response: { 200: resolvedAccountSchema, ...errors },
      },
      preHandler: requireUser,
      config: lookupRouteConfig(),
    },
    async (request) => {
      const { bankCode, accountNumber } = request.query
      const partner = requireProvider(providers.bank, BANKS_UNAVAILABLE)
      const bank = await findDirectoryBank(db, partner, bankCode)
      if (!bank)
        throw new AppError('VALIDATION_FAILED', msg('selectBank'), [
          { path: 'bankCode', message: msg('selectBank') },
        ])
      const accountName = await resolveAccountName(partner, bank, accountNumber)
      return {
        bankCode,
        accountNumber,
        accountName: accountName ?? null,
        nameChecked: accountName !== undefined,
      }
    },
  )

  app.post(
    '/api/send-money/bank',
    {
      schema: {
        tags: ['bank', 'money'],
        summary:
          'Send to a bank account: 2% fee on top; pending until the bank answers (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: withTransactionPin(bankTransferRequestSchema),
        response: { 201: transactionSchema, ...errors, ...pinRefusals },
      },
      preHandler: [requireUser, requireTransactionPin(db)],
      config: moneyRouteConfig(config),
    },
    (request, reply) => {
      const partner = requireProvider(providers.bank, BANKS_UNAVAILABLE)
      return handleMoneyPost(db, request, reply, (tx, userId) =>
        sendToBank(tx, userId, request.body, partner),
      )
    },
  )

  app.get(
    '/api/transactions/:id',
    {
      schema: {
        tags: ['transactions'],
        summary: 'One of your transactions with its timeline',
        params: z.object({ id: z.uuid({ error: 'transactionNotFound' }) }),
        response: { 200: transactionDetailsSchema, ...errors },
      },
      preHandler: requireUser,
    },
    (request) => getTransaction(db, signedInUserId(request), request.params.id),
  )
}
