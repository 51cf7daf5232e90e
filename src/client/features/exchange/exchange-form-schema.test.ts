import { describe, expect, it } from 'vitest'
import { walletSchema } from '#shared/schemas/reference.ts'
import { defaultPair } from './exchange-form-schema.ts'

function wallet(currencyId: number, code: string, balance: string) {
  return walletSchema.parse({
    id: `w${currencyId}`,
    userId: 'u1',
    currencyId,
    balance,
    isPrimary: currencyId === 1,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    currency: { id: currencyId, code, name: code, symbol: code, flagEmoji: '' },
  })
}

describe('defaultPair', () => {
  const usd = wallet(1, 'USD', '50.00')
  const ngn = wallet(2, 'NGN', '0.00')

  it('picks no side before the source is known, so no To can become the source', () => {
    expect(defaultPair([usd, ngn], [], undefined)).toEqual({ from: null, to: null })
  })

  it('pairs the source with another wallet once it is known', () => {
    expect(defaultPair([usd, ngn], [], usd)).toEqual({ from: 1, to: 2 })
    expect(defaultPair([usd, ngn], [], ngn)).toEqual({ from: 2, to: 1 })
  })
})
