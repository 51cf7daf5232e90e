import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePrice, priceFromUnitsPerUsd } from '#server/reference/usd-prices.ts'
import { createHttpRatesProvider } from './http-rates-provider.ts'

describe('the HTTP rates feed', () => {
  let server: Server
  let body = ''
  let url = ''

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(body ? 200 : 503, { 'content-type': 'application/json' })
      response.end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (typeof address !== 'object' || address === null) throw new Error('no port')
    url = `http://127.0.0.1:${address.port}/rates`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const current = new Map([
    ['USD', parsePrice('1')],
    ['NGN', priceFromUnitsPerUsd('1530')],
    ['KES', priceFromUnitsPerUsd('129.5')],
    ['BTC', parsePrice('45000')],
  ])

  it('reads units per dollar and coin prices, keeping assets the feed leaves out', async () => {
    body = JSON.stringify({
      base: 'USD',
      rates: { NGN: '1600.00', USD: 1, XYZ: 5 },
      crypto: { BTC: 50000.5 },
    })
    const next = await createHttpRatesProvider(url).next(current)
    expect(next.get('NGN')).toBe(priceFromUnitsPerUsd('1600.00'))
    expect(next.get('BTC')).toBe(parsePrice('50000.5'))
    expect(next.get('KES')).toBe(current.get('KES'))
    expect(next.get('USD')).toBe(parsePrice('1'))
    expect(next.has('XYZ')).toBe(false)
  })

  it('refuses a feed in another shape, or one that is down, so the rates stay as they were', async () => {
    body = JSON.stringify({ base: 'EUR', rates: { NGN: '1600' } })
    await expect(createHttpRatesProvider(url).next(current)).rejects.toThrow()
    body = JSON.stringify({ base: 'USD', rates: { NGN: '-5' } })
    await expect(createHttpRatesProvider(url).next(current)).rejects.toThrow()
    body = ''
    await expect(createHttpRatesProvider(url).next(current)).rejects.toThrow(/503/)
  })
})
