import { describe, expect, it } from 'vitest'
import type { Wallet } from '#shared/schemas/reference.ts'
import { pickDefaultWallet } from './default-wallet.ts'

function wallet(id: string, code: string, isPrimary = false): Wallet {
  return {
    id,
    userId: 'u',
    currencyId: code.length,
    balance: '0.00',
    isPrimary,
    createdAt: '',
    updatedAt: '',
    currency: { id: code.length, code, symbol: code, name: code, flagEmoji: '' },
  }
}

describe('pickDefaultWallet', () => {
  const wallets = [wallet('usd', 'USD', true), wallet('ngn', 'NGN'), wallet('kes', 'KES')]
  it('takes the Settings default, then the primary, then the first', () => {
    expect(pickDefaultWallet(wallets, 'ngn')?.id).toBe('ngn')
    expect(pickDefaultWallet(wallets, null)?.id).toBe('usd')
    expect(pickDefaultWallet(wallets, 'gone')?.id).toBe('usd')
    expect(pickDefaultWallet(wallets.slice(1), undefined)?.id).toBe('ngn')
  })
  it('keeps to the wallets a form accepts', () => {
    const naira = (candidate: Wallet) => candidate.currency.code === 'NGN'
    expect(pickDefaultWallet(wallets, 'kes', naira)?.id).toBe('ngn')
    expect(pickDefaultWallet([], 'ngn')).toBeUndefined()
  })
})
