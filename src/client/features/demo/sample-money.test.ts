import { describe, expect, it } from 'vitest'
import { formatSampleAmount } from './sample-money.ts'

describe('formatSampleAmount', () => {
  it('groups thousands and keeps the asset decimals', () => {
    expect(formatSampleAmount(248050n, 'USD', '$')).toBe('$2,480.50')
    expect(formatSampleAmount(125000000n, 'NGN', '₦')).toBe('₦1,250,000.00')
    expect(formatSampleAmount(5n, 'USD', '$')).toBe('$0.05')
  })

  it('puts the minus sign before the currency symbol', () => {
    expect(formatSampleAmount(-1250n, 'ZAR', 'R')).toBe('-R12.50')
  })
})
