import { describe, expect, it } from 'vitest'
import { referenceFromSearch } from './use-top-up-status.ts'

describe('referenceFromSearch', () => {
  it("reads the provider's reference, or its trxref copy", () => {
    expect(referenceFromSearch('?reference=T123abc&trxref=T123abc')).toBe('T123abc')
    expect(referenceFromSearch('trxref=T456')).toBe('T456')
  })

  it('gives null for a link without one, or with one no provider writes', () => {
    expect(referenceFromSearch('')).toBeNull()
    expect(referenceFromSearch('?reference=%20')).toBeNull()
    expect(referenceFromSearch(`?reference=${'x'.repeat(101)}`)).toBeNull()
  })
})
