import { describe, expect, it } from 'vitest'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { Bank } from '../../entities/banks/use-banks.ts'
import { bankPayerCheck, banksForWallet, sameCurrency, walletForBank } from './bank-currency.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

function walletIn(code: string, symbol: string): Wallet {
  return {
    id: `wallet-${code.toLowerCase()}`,
    userId: 'user',
    currencyId: 1,
    balance: '100.00',
    isPrimary: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    currency: { id: 1, code, symbol, name: code, flagEmoji: '' },
  }
}

const ngn = walletIn('NGN', '₦')
const usd = walletIn('USD', '$')
const gtbank: Bank = {
  name: 'GTBank',
  code: '058',
  country: 'NG',
  currency: 'NGN',
  nameEnquiry: true,
}
const fnb: Bank = {
  name: 'FNB',
  code: '250655',
  country: 'ZA',
  currency: 'ZAR',
  nameEnquiry: false,
}

describe('sameCurrency and walletForBank', () => {
  it("match the wallet to the bank's one currency", () => {
    expect(sameCurrency(ngn, gtbank)).toBe(true)
    expect(sameCurrency(usd, gtbank)).toBe(false)
    expect(walletForBank([usd, ngn], gtbank)).toBe(ngn)
    expect(walletForBank([usd, ngn], fnb)).toBeUndefined()
  })
})

describe('banksForWallet', () => {
  const zar = walletIn('ZAR', 'R')
  const kes = walletIn('KES', 'KSh')
  const uba: Bank = { name: 'UBA', code: '033', country: 'NG', currency: 'NGN', nameEnquiry: true }
  const equity: Bank = {
    name: 'Equity Bank',
    code: '68',
    country: 'KE',
    currency: 'KES',
    nameEnquiry: false,
  }
  const all = [gtbank, uba, fnb, equity]

  it("offers the banks of the wallet's country only", () => {
    expect(banksForWallet(all, ngn, '')).toEqual([gtbank, uba])
    expect(banksForWallet(all, zar, '')).toEqual([fnb])
    expect(banksForWallet(all, kes, '')).toEqual([equity])
  })

  it('offers every bank for a currency no bank receives, or before a wallet is chosen', () => {
    expect(banksForWallet(all, usd, '')).toEqual(all)
    expect(banksForWallet(all, undefined, '')).toEqual(all)
  })

  it('keeps a bank chosen elsewhere in the list, so its problem can be shown', () => {
    expect(banksForWallet(all, ngn, equity.code)).toEqual([gtbank, uba, equity])
  })
})

describe('bankPayerCheck', () => {
  it('says nothing with no bank chosen, or when the wallet pays it', () => {
    expect(bankPayerCheck(words, undefined, usd, [usd])).toEqual({
      payerExists: true,
      problem: undefined,
    })
    expect(bankPayerCheck(words, gtbank, ngn, [usd, ngn])).toEqual({
      payerExists: true,
      problem: undefined,
    })
  })

  it('names the wallet to send from when another one pays the bank', () => {
    expect(bankPayerCheck(words, gtbank, usd, [usd, ngn])).toEqual({
      payerExists: true,
      problem: 'bankWrongWallet {"bank":"GTBank","currency":"NGN"}',
    })
  })

  it('says when no wallet pays the bank', () => {
    expect(bankPayerCheck(words, fnb, ngn, [usd, ngn])).toEqual({
      payerExists: false,
      problem: 'bankNoWallet {"bank":"FNB","currency":"ZAR"}',
    })
  })
})
