import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import { fundingAccountState, groupAccountNumber } from './use-funding-account.ts'

describe('groupAccountNumber', () => {
  it('groups a NUBAN as 3, 3 and 4 digits', () => {
    expect(groupAccountNumber('9930000737')).toBe('993 000 0737')
  })

  it('groups other lengths by three, never leaving one digit alone', () => {
    expect(groupAccountNumber('123456789')).toBe('123 456 789')
    expect(groupAccountNumber('12345678901')).toBe('123 456 789 01')
    expect(groupAccountNumber('1234')).toBe('1234')
    expect(groupAccountNumber('123')).toBe('123')
    expect(groupAccountNumber('993 000 0737')).toBe('993 000 0737')
  })
})

describe('fundingAccountState', () => {
  const account = {
    accountNumber: '9930000737',
    accountName: 'Sabi/Tunde Bakare',
    bankName: 'Wema Bank',
  }

  it('shows the account once there is one', () => {
    expect(fundingAccountState({ data: account, error: null })).toEqual({ kind: 'ready', account })
  })

  it("gives a refusal's words and key", () => {
    const body = {
      message: 'Verify your BVN or NIN to reach tier 2 and get your own account number',
      code: 'FORBIDDEN',
      key: 'bankAccountNeedsTier2',
    }
    const error = new ApiError(403, JSON.stringify(body), body.code, body.message)
    expect(fundingAccountState({ data: undefined, error })).toEqual({
      kind: 'refused',
      message: body.message,
      key: 'bankAccountNeedsTier2',
    })
  })

  it('shows nothing while loading, without a provider, or on any other failure', () => {
    expect(fundingAccountState({ data: undefined, error: null })).toEqual({ kind: 'none' })
    for (const status of [404, 503, 500]) {
      const error = new ApiError(status, '{"message":"x","code":"PROVIDER_UNAVAILABLE"}', 'X', 'x')
      expect(fundingAccountState({ data: undefined, error })).toEqual({ kind: 'none' })
    }
    expect(fundingAccountState({ data: undefined, error: new Error('offline') })).toEqual({
      kind: 'none',
    })
  })
})
