import { describe, expect, it } from 'vitest'
import { crossRate, SEED_CURRENCIES } from './reference-data.ts'

describe('seeded exchange rates', () => {
  const codes = SEED_CURRENCIES.map((currency) => currency.code)

  it('derives realistic cross rates from the dollar', () => {
    expect(crossRate('USD', 'NGN')).toBe('1530.000000')
    expect(crossRate('NGN', 'USD')).toBe('0.000654')
    expect(crossRate('GBP', 'NGN')).toBe('1936.708861')
    expect(crossRate('USD', 'USD')).toBe('1.000000')
  })

  it('keeps every pair and its reverse consistent and inside decimal(10,6)', () => {
    for (const from of codes) {
      for (const to of codes) {
        if (from === to) continue
        const forward = Number(crossRate(from, to))
        const reverse = Number(crossRate(to, from))
        expect(forward).toBeGreaterThan(0)
        expect(forward).toBeLessThan(10_000)
        // Six decimals cannot hold a rate exactly: each side is off by up to half a millionth,
        // so the product is 1 to within half a millionth of (forward + reverse).
        expect(Math.abs(forward * reverse - 1)).toBeLessThan(0.5e-6 * (forward + reverse) + 1e-9)
      }
    }
  })
})
