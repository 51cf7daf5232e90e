import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { billReceiptOf } from './flutterwave-token.ts'

describe('the electricity token in a Flutterwave answer', () => {
  it('reads a token grouped with dashes or spaces, and the units beside it', () => {
    expect(billReceiptOf('Token: 1234-5678-9012-3456-7890 Units: 23.8 kWh')).toEqual({
      token: '12345678901234567890',
      units: '23.8 kWh',
    })
    expect(billReceiptOf('12345678901234567890')).toEqual({ token: '12345678901234567890' })
    expect(billReceiptOf({ token: '1234 5678 9012 3456 7890', units: '4.2kWh' })).toEqual({
      token: '12345678901234567890',
      units: '4.2 kWh',
    })
  })

  it('finds no token where there is none: airtime, data and TV answers', () => {
    expect(billReceiptOf(null)).toBeUndefined()
    expect(billReceiptOf('')).toBeUndefined()
    expect(billReceiptOf('Recharge successful')).toBeUndefined()
    // 19 and 21 digits are not a meter token.
    expect(billReceiptOf('1234567890123456789')).toBeUndefined()
    expect(billReceiptOf('123456789012345678901')).toBeUndefined()
  })

  it('gives back any 20-digit token it was given, in any grouping', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 20, maxLength: 20 }),
        fc.constantFrom('', ' ', '-'),
        (digits, separator) => {
          const token = digits.join('')
          const grouped = token.match(/.{4}/g)?.join(separator) ?? token
          expect(billReceiptOf(`Token : ${grouped}`)?.token).toBe(token)
        },
      ),
    )
  })
})
