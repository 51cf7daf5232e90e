import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMinor, parseScaled } from '#shared/money.ts'
import { formatUsdPrice, padDecimals, previewCryptoQuantity } from './crypto-quantity.ts'

describe('previewCryptoQuantity', () => {
  it('divides the amount by the price to 8 decimals', () => {
    expect(previewCryptoQuantity('100', '45000.00000000', 'BTC')).toBe('0.00222222')
    expect(previewCryptoQuantity('100.00', '3200.00000000', 'ETH')).toBe('0.03125000')
    expect(previewCryptoQuantity('50', '280.00000000', 'BNB')).toBe('0.17857142')
  })

  it('truncates, never rounds up, like the server', () => {
    // 2 / 3 = 0.666666666...: rounding would give ...67.
    expect(previewCryptoQuantity('2', '3.00000000', 'BTC')).toBe('0.66666666')
  })

  it('cuts USDT to its 6 decimals and shows them padded to 8', () => {
    expect(previewCryptoQuantity('10', '1.00000000', 'USDT')).toBe('10.00000000')
    expect(previewCryptoQuantity('2', '3.00000000', 'USDT')).toBe('0.66666600')
  })

  it('gives nothing for an amount that is not a positive amount of dollars', () => {
    expect(previewCryptoQuantity('', '45000.00000000', 'BTC')).toBeNull()
    expect(previewCryptoQuantity('0', '45000.00000000', 'BTC')).toBeNull()
    expect(previewCryptoQuantity('abc', '45000.00000000', 'BTC')).toBeNull()
    expect(previewCryptoQuantity('1.001', '45000.00000000', 'BTC')).toBeNull()
    expect(previewCryptoQuantity('-5', '45000.00000000', 'BTC')).toBeNull()
  })

  it('gives nothing for a price it cannot use', () => {
    expect(previewCryptoQuantity('10', '0', 'BTC')).toBeNull()
    expect(previewCryptoQuantity('10', 'n/a', 'BTC')).toBeNull()
  })

  it('gives nothing when the amount buys less than the smallest unit', () => {
    expect(previewCryptoQuantity('0.01', '99999999999.00000000', 'BTC')).toBeNull()
  })

  it('never gives more coins than the money pays for, nor a whole unit less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.constantFrom('BTC', 'ETH', 'BNB', 'USDT'),
        (cents, priceScaled, coin) => {
          const preview = previewCryptoQuantity(
            formatMinor(cents, 2),
            formatMinor(priceScaled, 8),
            coin,
          )
          const decimals = coin === 'USDT' ? 6 : 8
          // Both sides in units of 10^-(2 + 8 + decimals) dollars.
          const paid = cents * 10n ** BigInt(8 + decimals)
          const unitMinor = preview === null ? 0n : parseScaled(preview, decimals)
          expect(unitMinor * priceScaled * 100n).toBeLessThanOrEqual(paid)
          expect((unitMinor + 1n) * priceScaled * 100n).toBeGreaterThan(paid)
          if (preview !== null) expect(preview).toMatch(/^\d+\.\d{8}$/)
        },
      ),
    )
  })
})

describe('padDecimals', () => {
  it('pads to the wanted decimals and never cuts', () => {
    expect(padDecimals('10.000000', 8)).toBe('10.00000000')
    expect(padDecimals('0.123456789', 8)).toBe('0.123456789')
    expect(padDecimals('5', 2)).toBe('5.00')
  })
})

describe('formatUsdPrice', () => {
  it('rounds half-up to cents and writes dollars with grouped digits', () => {
    expect(formatUsdPrice('45000.00000000')).toBe('$45,000.00')
    expect(formatUsdPrice('1.00500000')).toBe('$1.01')
    expect(formatUsdPrice('3199.99400000')).toBe('$3,199.99')
  })
})
