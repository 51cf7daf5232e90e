import { describe, expect, it } from 'vitest'
import { describeChange } from './format-change.ts'

describe('describeChange', () => {
  it('signs a rise and marks it rising', () => {
    expect(describeChange('2.45')).toEqual({ text: '+2.45%', rising: true })
  })

  it('keeps a fall negative', () => {
    expect(describeChange('-1.20')).toEqual({ text: '-1.20%', rising: false })
  })

  it('treats no change, even a negative zero, as non-negative', () => {
    expect(describeChange('0.00')).toEqual({ text: '+0.00%', rising: true })
    expect(describeChange('-0.00')).toEqual({ text: '+0.00%', rising: true })
  })
})
