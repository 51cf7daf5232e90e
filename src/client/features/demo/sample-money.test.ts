import { describe, expect, it } from 'vitest'
import { formatSampleAmount } from './sample-money.ts'

describe('formatSampleAmount', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatSampleAmount(248050n, '$')).toBe('$2,480.50')
    expect(formatSampleAmount(125000000n, '₦')).toBe('₦1,250,000.00')
    expect(formatSampleAmount(5n, '$')).toBe('$0.05')
  })

  it('puts the minus sign before the currency symbol', () => {
    expect(formatSampleAmount(-1250n, 'R')).toBe('-R12.50')
  })
})
