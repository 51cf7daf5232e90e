import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isFunded,
  pickStartingWallet,
  type WalletForStart,
  walletWithMostValue,
} from './starting-wallet.ts'

function wallet(
  id: string,
  code: string,
  balance = '0.00',
  nairaValue = balance,
  isPrimary = false,
): WalletForStart {
  return { id, isPrimary, balance, nairaValue, currency: { code } }
}

describe('pickStartingWallet', () => {
  const usd = wallet('usd', 'USD', '0.00', '0.00', true)
  const ngn = wallet('ngn', 'NGN', '50000.00', '50000.00')
  const kes = wallet('kes', 'KES', '10.00', '120.00')

  it('starts a naira user holding naira on the naira wallet, not the empty primary', () => {
    expect(pickStartingWallet([usd, ngn, kes], { displayCurrency: 'NGN' })?.id).toBe('ngn')
    // Even with dollars on display, the empty dollar wallet gives way to the money.
    expect(pickStartingWallet([usd, ngn, kes], { displayCurrency: 'USD' })?.id).toBe('ngn')
  })

  it('takes the Settings default first, whatever it holds', () => {
    expect(pickStartingWallet([usd, ngn], { defaultWalletId: 'usd' })?.id).toBe('usd')
    expect(pickStartingWallet([usd, ngn], { defaultWalletId: 'gone' })?.id).toBe('ngn')
  })

  it('prefers the funded wallet of the display currency over a richer one', () => {
    const rich = wallet('usd', 'USD', '100.00', '153000.00', true)
    expect(pickStartingWallet([rich, ngn], { displayCurrency: 'NGN' })?.id).toBe('ngn')
    expect(pickStartingWallet([rich, ngn], { displayCurrency: 'ZAR' })?.id).toBe('usd')
  })

  it('with nothing funded, takes the display currency, then the primary, then the first', () => {
    const empty = [usd, wallet('ngn', 'NGN'), wallet('zar', 'ZAR')]
    expect(pickStartingWallet(empty, { displayCurrency: 'ZAR' })?.id).toBe('zar')
    expect(pickStartingWallet(empty, {})?.id).toBe('usd')
    expect(pickStartingWallet(empty.slice(1), {})?.id).toBe('ngn')
  })

  it('keeps to the wallets a form accepts', () => {
    const naira = (candidate: WalletForStart) => candidate.currency.code === 'NGN'
    expect(pickStartingWallet([usd, ngn, kes], { defaultWalletId: 'kes' }, naira)?.id).toBe('ngn')
    expect(pickStartingWallet([], { defaultWalletId: 'ngn' })).toBeUndefined()
  })

  it('always answers one of the accepted wallets, and a funded one whenever one is funded', () => {
    const codes = ['USD', 'NGN', 'ZAR', 'KES', 'GBP']
    const walletArb = fc.record({
      code: fc.constantFrom(...codes),
      kobo: fc.bigInt({ min: 0n, max: 10n ** 15n }),
      primary: fc.boolean(),
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(walletArb, { selector: (each) => each.code, maxLength: 5 }),
        fc.option(fc.constantFrom(...codes)),
        (specs, display) => {
          const list = specs.map((spec, index) => {
            const text = `${spec.kobo / 100n}.${String(spec.kobo % 100n).padStart(2, '0')}`
            return wallet(`w${index}`, spec.code, text, text, spec.primary)
          })
          const start = pickStartingWallet(list, { displayCurrency: display })
          if (list.length === 0) {
            expect(start).toBeUndefined()
            return
          }
          expect(list).toContain(start)
          if (list.some(isFunded)) expect(start && isFunded(start)).toBe(true)
        },
      ),
    )
  })
})

describe('walletWithMostValue', () => {
  it('compares naira values exactly, past what a float holds', () => {
    const a = wallet('a', 'BTC', '1.00000000', '9007199254740993.01')
    const b = wallet('b', 'NGN', '9007199254740993.00', '9007199254740993.00')
    expect(walletWithMostValue([b, a])?.id).toBe('a')
    expect(walletWithMostValue([wallet('z', 'USD')])).toBeUndefined()
  })
})
