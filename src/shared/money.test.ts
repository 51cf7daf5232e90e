import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ASSET_EXPONENTS,
  type AssetCode,
  add,
  convertAtRate,
  divideRoundHalfUp,
  formatMinor,
  formatMoney,
  groupDigits,
  MAX_AMOUNT_MINOR,
  money,
  parseMoney,
  percentageOf,
} from './money.ts'

const assets = Object.keys(ASSET_EXPONENTS).filter(
  (code): code is AssetCode => code in ASSET_EXPONENTS,
)
const assetArb = fc.constantFrom(...assets)
const amountArb = fc.bigInt({ min: 0n, max: MAX_AMOUNT_MINOR })

describe('parseMoney', () => {
  it('reads decimal text straight into minor units', () => {
    expect(parseMoney('1500', 'NGN')).toEqual({ ok: true, value: money(150000n, 'NGN') })
    expect(parseMoney('0.01', 'USD')).toEqual({ ok: true, value: money(1n, 'USD') })
    expect(parseMoney(' 12.5 ', 'USD')).toEqual({ ok: true, value: money(1250n, 'USD') })
    expect(parseMoney('0.00222222', 'BTC')).toEqual({ ok: true, value: money(222222n, 'BTC') })
    expect(parseMoney(19.99, 'USD')).toEqual({ ok: true, value: money(1999n, 'USD') })
  })

  it('refuses more decimals than the asset has instead of rounding', () => {
    const result = parseMoney('10.005', 'USD')
    expect(result).toMatchObject({ ok: false, reason: 'too_many_decimals' })
    expect(parseMoney(0.1 + 0.2, 'USD')).toMatchObject({ ok: false, reason: 'too_many_decimals' })
    expect(parseMoney('1.1234567', 'USDT')).toMatchObject({
      ok: false,
      reason: 'too_many_decimals',
    })
  })

  it('refuses text that is not a plain decimal', () => {
    for (const bad of ['', 'abc', '1,000', '1e3', '.5', '5.', '--1', '0x10', 'NaN', 'Infinity']) {
      expect(parseMoney(bad, 'USD')).toMatchObject({ ok: false, reason: 'not_a_number' })
    }
    expect(parseMoney(Number.NaN, 'USD')).toMatchObject({ ok: false })
    expect(parseMoney(1e21, 'USD')).toMatchObject({ ok: false })
  })

  it('refuses negative and oversized amounts', () => {
    expect(parseMoney('-1.00', 'USD')).toMatchObject({ ok: false, reason: 'negative' })
    expect(parseMoney('10000000000000.00', 'USD')).toMatchObject({ ok: false, reason: 'too_large' })
    expect(parseMoney('9999999999999.99', 'USD')).toEqual({
      ok: true,
      value: money(MAX_AMOUNT_MINOR, 'USD'),
    })
  })

  it('round-trips every amount through its wire form', () => {
    fc.assert(
      fc.property(amountArb, assetArb, (amountMinor, asset) => {
        const text = formatMoney(money(amountMinor, asset))
        expect(text.split('.')[1]?.length ?? 0).toBe(ASSET_EXPONENTS[asset])
        expect(parseMoney(text, asset)).toEqual({ ok: true, value: money(amountMinor, asset) })
      }),
    )
  })

  it('refuses any text with one decimal too many', () => {
    fc.assert(
      fc.property(
        amountArb,
        assetArb,
        fc.integer({ min: 1, max: 9 }),
        (amountMinor, asset, digit) => {
          const text = `${formatMoney(money(amountMinor, asset))}${digit}`
          expect(parseMoney(text, asset)).toMatchObject({ ok: false })
        },
      ),
    )
  })
})

describe('formatting', () => {
  it('pads small amounts and keeps the sign', () => {
    expect(formatMinor(5n, 2)).toBe('0.05')
    expect(formatMinor(-150n, 2)).toBe('-1.50')
    expect(formatMinor(0n, 8)).toBe('0.00000000')
    expect(formatMinor(7n, 0)).toBe('7')
  })

  it('groups thousands on the text', () => {
    expect(groupDigits('1234567.50')).toBe('1,234,567.50')
    expect(groupDigits('-1000.00')).toBe('-1,000.00')
    expect(groupDigits('999.99')).toBe('999.99')
  })
})

describe('arithmetic', () => {
  it('adds amounts of one asset and refuses two assets at run time too', () => {
    expect(add(money(150n, 'USD'), money(50n, 'USD'))).toEqual(money(200n, 'USD'))
    const usd: ReturnType<typeof money> = money(1n, 'USD')
    const ngn: ReturnType<typeof money> = money(1n, 'NGN')
    expect(() => add(usd, ngn)).toThrow(/asset mismatch/)
  })

  it('rounds fees up to the minor unit', () => {
    expect(percentageOf(money(10000n, 'USD'), 200n)).toEqual(money(200n, 'USD'))
    // 2% of 0.25 is 0.005: half a kobo is a whole one.
    expect(percentageOf(money(25n, 'NGN'), 200n)).toEqual(money(1n, 'NGN'))
    // 2% of 0.24 is 0.0048: a kobo too, never nothing.
    expect(percentageOf(money(24n, 'NGN'), 200n)).toEqual(money(1n, 'NGN'))
    expect(percentageOf(money(333n, 'USD'), 50n)).toEqual(money(2n, 'USD'))
  })

  it('rounds every quotient to the nearest integer, halves away from zero', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const abs = (x: bigint) => (x < 0n ? -x : x)
          const q = divideRoundHalfUp(n, d)
          const twiceRemainder = abs(n - q * d) * 2n
          // The result is the nearest integer; on an exact half it is the one farther from zero.
          expect(twiceRemainder <= d).toBe(true)
          if (twiceRemainder === d) expect(abs(q * d) > abs(n)).toBe(true)
        },
      ),
    )
  })
})

describe('conversion at a rate', () => {
  it('multiplies by the rate and rounds to the target minor unit the way it is asked', () => {
    // 100.00 USD at 1530.000000 is 153,000.00 NGN, whichever way.
    for (const rounding of ['down', 'up', 'halfUp'] as const) {
      expect(convertAtRate(money(10000n, 'USD'), 1530_000000n, 'NGN', rounding)).toEqual(
        money(15300000n, 'NGN'),
      )
    }
    // 1,000.00 NGN at 0.000654 is 0.654 USD.
    expect(convertAtRate(money(100000n, 'NGN'), 654n, 'USD', 'down')).toEqual(money(65n, 'USD'))
    expect(convertAtRate(money(100000n, 'NGN'), 654n, 'USD', 'up')).toEqual(money(66n, 'USD'))
    expect(convertAtRate(money(100000n, 'NGN'), 654n, 'USD', 'halfUp')).toEqual(money(65n, 'USD'))
    // 1.00 NGN at 0.005000 USD is half a cent.
    expect(convertAtRate(money(100n, 'NGN'), 5000n, 'USD', 'down')).toEqual(money(0n, 'USD'))
    expect(convertAtRate(money(100n, 'NGN'), 5000n, 'USD', 'halfUp')).toEqual(money(1n, 'USD'))
  })

  it('rounds down what is received and up what is paid, never more than one minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        (minor, rateMicro) => {
          const exactTimesMillion = minor * rateMicro
          const down = convertAtRate(money(minor, 'USD'), rateMicro, 'NGN', 'down').amountMinor
          const up = convertAtRate(money(minor, 'USD'), rateMicro, 'NGN', 'up').amountMinor
          expect(down * 1_000_000n <= exactTimesMillion).toBe(true)
          expect(up * 1_000_000n >= exactTimesMillion).toBe(true)
          expect(up - down <= 1n).toBe(true)
        },
      ),
    )
  })
})

describe('fees', () => {
  it('round up to the minor unit: a fee is never rounded away', () => {
    // 0.5% of 7.65 NGN is 0.03825 NGN: 0.04; 0.5% of 1.00 NGN is half a kobo: 0.01.
    expect(percentageOf(money(765n, 'NGN'), 50n)).toEqual(money(4n, 'NGN'))
    expect(percentageOf(money(100n, 'NGN'), 50n)).toEqual(money(1n, 'NGN'))
    expect(percentageOf(money(1n, 'USD'), 50n)).toEqual(money(1n, 'USD'))
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        (minor, bps) => {
          const fee = percentageOf(money(minor, 'NGN'), bps).amountMinor
          expect(fee >= 1n).toBe(true)
          expect(fee * 10_000n >= minor * bps).toBe(true)
          expect((fee - 1n) * 10_000n < minor * bps).toBe(true)
        },
      ),
    )
  })
})
