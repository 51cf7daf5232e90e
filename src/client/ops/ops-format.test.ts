import { describe, expect, it } from 'vitest'
import {
  formatDirectedAmount,
  formatOpsAmount,
  formatOpsDate,
  humanise,
  orDash,
} from './ops-format.ts'

describe('ops formats', () => {
  it('writes amounts in English with the symbol', () => {
    expect(formatOpsAmount('80000.00', 'NGN')).toBe('₦80,000.00')
  })

  it('signs amounts by direction', () => {
    expect(formatDirectedAmount('500.00', 'NGN', 'credit')).toBe('+₦500.00')
    expect(formatDirectedAmount('500.00', 'NGN', 'debit')).toBe('-₦500.00')
  })

  it('shows a dash for no date and the text for a broken one', () => {
    expect(formatOpsDate(null)).toBe('—')
    expect(formatOpsDate('not a date')).toBe('not a date')
    expect(formatOpsDate('2026-03-03T14:30:00Z')).toMatch(/2026/)
  })

  it('turns codes into words', () => {
    expect(humanise('bank_transfer')).toBe('Bank transfer')
    expect(humanise('needs_review')).toBe('Needs review')
    expect(humanise('accountNumber')).toBe('Account number')
    expect(humanise('NIN')).toBe('NIN')
    expect(humanise('international_passport')).toBe('International passport')
    expect(orDash('  ')).toBe('—')
    expect(orDash('x')).toBe('x')
  })
})
