import { describe, expect, it } from 'vitest'
import type { AmountOptions } from '#client/lib/format-amount.ts'
import { formatSampleAmount } from './sample-money.ts'

const en = { language: 'en' } satisfies AmountOptions

describe('formatSampleAmount', () => {
  it('groups thousands and keeps the asset decimals', () => {
    expect(formatSampleAmount(248050n, 'USD', '$', en)).toBe('$2,480.50')
    expect(formatSampleAmount(125000000n, 'NGN', '₦', en)).toBe('₦1,250,000.00')
    expect(formatSampleAmount(5n, 'USD', '$', en)).toBe('$0.05')
  })

  it('puts the minus sign before the currency symbol', () => {
    expect(formatSampleAmount(-1250n, 'ZAR', 'R', en)).toBe('-R12.50')
  })

  it('writes amounts as each language does', () => {
    expect(formatSampleAmount(248050n, 'USD', '$', { language: 'fr' })).toBe('2\u202f480,50\u00a0$')
  })
})
