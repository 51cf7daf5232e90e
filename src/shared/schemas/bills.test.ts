import { describe, expect, it } from 'vitest'
import {
  BILL_PAYMENT_TYPES,
  BILL_TYPES,
  BILLERS,
  billersOf,
  customerNumberProblem,
  findBiller,
  normaliseCustomerNumber,
} from './bills.ts'

describe('the biller catalogue', () => {
  it('has the six documented types with 4, 4, 4, 5, 4 and 3 providers, and rent’s three by name', () => {
    expect(BILL_TYPES.map((type) => billersOf(type).length)).toEqual([4, 4, 4, 5, 4, 3])
    expect(billersOf('rent').map((biller) => biller.name)).toEqual([
      'Property Manager',
      'Landlord Direct',
      'Estate Agent',
    ])
    expect(BILL_PAYMENT_TYPES.slice(6)).toEqual(['government', 'tax'])
    expect(new Set(BILLERS.map((biller) => biller.id)).size).toBe(BILLERS.length)
  })

  it('finds a provider only under its own type', () => {
    expect(findBiller('mobile', 'mtn')?.name).toBe('MTN')
    expect(findBiller('electricity', 'mtn')).toBeUndefined()
  })

  it('reads customer numbers as billers do and says what is wrong with them', () => {
    const meter = findBiller('electricity', 'ikeja-electric')?.customerNumber
    const policy = findBiller('insurance', 'leadway')?.customerNumber
    if (!meter || !policy) throw new Error('missing biller')
    expect(normaliseCustomerNumber(' 4506-712 3456 ')).toBe('45067123456')
    expect(normaliseCustomerNumber('pol/12')).toBe('POL/12')
    expect(customerNumberProblem(meter, '')).toBe('required')
    expect(customerNumberProblem(meter, '4506712345A')).toBe('characters')
    expect(customerNumberProblem(meter, '1234567890')).toBe('length')
    expect(customerNumberProblem(meter, '12345678901')).toBeNull()
    expect(customerNumberProblem(meter, '1234567890123')).toBeNull()
    expect(customerNumberProblem(meter, '12345678901234')).toBe('length')
    expect(customerNumberProblem(policy, 'LDW123456')).toBeNull()
    expect(customerNumberProblem(policy, 'POL/12')).toBe('characters')
  })
})
