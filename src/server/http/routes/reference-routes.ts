import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '#server/db/client.ts'
import {
  listCryptocurrencies,
  listCurrencies,
  listExchangeRates,
} from '#server/reference/list-reference-data.ts'
import {
  cryptocurrencySchema,
  currencySchema,
  exchangeRateSchema,
} from '#shared/schemas/reference.ts'

/** Currencies, rates and crypto prices are public market data: no sign-in needed to read them. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/currencies',
    {
      schema: {
        tags: ['reference'],
        summary: 'Active fiat currencies',
        response: { 200: z.array(currencySchema) },
      },
    },
    () => listCurrencies(db),
  )
  app.get(
    '/api/exchange-rates',
    {
      schema: {
        tags: ['reference'],
        summary: 'Exchange rates between every pair of currencies',
        response: { 200: z.array(exchangeRateSchema) },
      },
    },
    () => listExchangeRates(db),
  )
  app.get(
    '/api/cryptocurrencies',
    {
      schema: {
        tags: ['reference'],
        summary: 'Cryptocurrencies with their USD price and 24h change',
        response: { 200: z.array(cryptocurrencySchema) },
      },
    },
    () => listCryptocurrencies(db),
  )
}
