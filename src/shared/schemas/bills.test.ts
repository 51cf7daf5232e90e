import { describe, expect, it } from 'vitest'
import {
  BILL_PAYMENT_TYPES,
  BILL_TYPES,
  BILLERS,
  billersOf,
  customerNumberProblem,
  findBiller,
  formatTopUpNumber,
  isPhoneTopUp,
  normaliseCustomerNumber,
  readCustomerNumber,
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

  it('reads a top-up number typed as sign-up takes it, in its 11 national digits', () => {
    const phone = findBiller('mobile', 'mtn')?.customerNumber
    const meter = findBiller('electricity', 'ikeja-electric')?.customerNumber
    if (!phone || !meter) throw new Error('missing biller')
    expect(isPhoneTopUp(phone)).toBe(true)
    expect(isPhoneTopUp(meter)).toBe(false)
    for (const typed of [
      '+234 803 555 0142',
      '+2348035550142',
      '2348035550142',
      '0803 555 0142',
      '0803-555-0142',
      '(0803) 555 0142',
      '08035550142',
    ]) {
      expect(readCustomerNumber(phone, typed), typed).toBe('08035550142')
    }
    // Not a Nigerian number: left for the rule to refuse, never turned into another.
    expect(readCustomerNumber(phone, '+44 7911 123456')).toBe('+447911123456')
    expect(customerNumberProblem(phone, readCustomerNumber(phone, '+44 7911 123456'))).toBe(
      'characters',
    )
    // A meter number is never read as a phone number.
    expect(readCustomerNumber(meter, '+234 803 555 0142')).toBe('+2348035550142')
    expect(formatTopUpNumber('08035550142')).toBe('0803 555 0142')
  })
})
