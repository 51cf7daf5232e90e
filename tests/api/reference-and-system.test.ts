import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createReadiness } from '#server/readiness.ts'
import {
  cryptocurrencySchema,
  currencySchema,
  exchangeRateSchema,
  healthSchema,
  readinessSchema,
} from '#shared/schemas/reference.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `reference data and health on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>
      const readiness = createReadiness()

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database, {}, { readiness })
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      it('lists the seventeen seeded currencies with symbols and flags', async () => {
        const response = await createTestClient(app).get('/api/currencies')
        const list = currencySchema.array().parse(response.body)
        expect(list.map((c) => c.code)).toEqual([
          'USD',
          'NGN',
          'ZAR',
          'KES',
          'GHS',
          'EUR',
          'GBP',
          'CAD',
          'AUD',
          // The payout currencies of the international transfer regions.
          'INR',
          'CNY',
          'AED',
          'SAR',
          'JMD',
          'TTD',
          'MXN',
          'BRL',
        ])
        expect(list.find((c) => c.code === 'NGN')).toMatchObject({
          symbol: '₦',
          flagEmoji: '🇳🇬',
          name: 'Nigerian Naira',
        })
      })

      it('has a rate for every ordered pair, six decimals, and reverse pairs that agree', async () => {
        const rates = exchangeRateSchema
          .array()
          .parse((await createTestClient(app).get('/api/exchange-rates')).body)
        expect(rates).toHaveLength(17 * 16)
        const byPair = new Map(rates.map((r) => [`${r.fromCurrency.code}-${r.toCurrency.code}`, r]))
        expect(byPair.get('USD-NGN')).toMatchObject({ rate: '1530.000000', changePercent: '0.00' })
        for (const rate of rates) {
          expect(rate.rate).toMatch(/^\d+\.\d{6}$/)
          const reverse = byPair.get(`${rate.toCurrency.code}-${rate.fromCurrency.code}`)
          expect(reverse).toBeDefined()
          const product = Number(rate.rate) * Number(reverse?.rate)
          expect(Math.abs(product - 1)).toBeLessThan(0.001)
        }
      })

      it('lists BTC, ETH, USDT and BNB at the sample prices', async () => {
        const list = cryptocurrencySchema
          .array()
          .parse((await createTestClient(app).get('/api/cryptocurrencies')).body)
        expect(list.map((c) => [c.code, Number(c.price)])).toEqual([
          ['BTC', 45000],
          ['ETH', 3200],
          ['USDT', 1],
          ['BNB', 280],
        ])
      })

      it('reports health with the database checked', async () => {
        const response = await createTestClient(app).get('/api/health')
        expect(response.status).toBe(200)
        expect(healthSchema.parse(response.body)).toMatchObject({
          status: 'ok',
          database: 'ok',
          databaseKind: kind,
        })
      })

      it('is ready while the database answers, and answers 503 UNAVAILABLE once shutdown begins', async () => {
        const client = createTestClient(app)
        const ready = await client.get('/api/ready')
        expect(ready.status).toBe(200)
        expect(readinessSchema.parse(ready.body)).toEqual({ status: 'ready' })

        readiness.draining = true
        try {
          const draining = await client.get('/api/ready')
          expect(draining.status).toBe(503)
          expect(draining.body).toEqual({
            message: 'This server is shutting down. Please try again in a moment.',
            code: 'UNAVAILABLE',
            key: expect.any(String),
            params: {},
            status: 'draining',
          })
          // Liveness is not readiness: a draining server is still alive.
          expect((await client.get('/api/health')).status).toBe(200)
        } finally {
          readiness.draining = false
        }
        expect((await client.get('/api/ready')).status).toBe(200)
      })

      it('answers unknown API paths with a JSON 404', async () => {
        const client = createTestClient(app)
        for (const path of ['/api/nope', '/api/wallets/extra/thing']) {
          const response = await client.get(path)
          expect(response.status).toBe(404)
          expect(response.body).toEqual({
            message: 'Not found',
            code: 'NOT_FOUND',
            key: expect.any(String),
            params: {},
          })
        }
        expect((await client.post('/api/nope', {})).status).toBe(404)
      })

      it('serves the OpenAPI description', async () => {
        const response = await createTestClient(app).get('/api/docs/json')
        expect(response.status).toBe(200)
        expect(response.body).toMatchObject({
          openapi: expect.any(String),
          paths: expect.objectContaining({ '/api/auth/signup': expect.anything() }),
        })
      })
    },
  )
}

describe('health and readiness without a database', () => {
  it('stays alive (200, degraded) but is not ready (503 UNAVAILABLE)', async () => {
    const database = await createTestDatabase('pglite')
    const app = await createTestApp(database)
    try {
      await database.close()
      const client = createTestClient(app)
      const ready = await client.get('/api/ready')
      expect(ready.status).toBe(503)
      expect(ready.body).toEqual({
        message: 'Sabi is briefly unavailable. Please try again in a moment.',
        code: 'UNAVAILABLE',
        key: expect.any(String),
        params: {},
        status: 'unavailable',
      })
      expect(ready.headers['retry-after']).toBe('2')
      const health = await client.get('/api/health')
      expect(health.status).toBe(200)
      expect(healthSchema.parse(health.body)).toMatchObject({
        status: 'degraded',
        database: 'unreachable',
      })
    } finally {
      await app.close()
    }
  })
})
