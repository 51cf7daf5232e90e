import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import { type BillCustomer, findBiller } from '#shared/schemas/bills.ts'
import { type BillCustomerAnswer, billCustomerCheck } from './bill-customer-check.ts'

/** A translator that writes the key, so each test sees which message was chosen. */
const words = (key: string) => key

const biller = findBiller('electricity', 'ikeja-electric')
if (!biller) throw new Error('the Ikeja Electric biller is missing')

const asked: BillCustomerAnswer = {
  number: '12345678901',
  settled: true,
  isError: false,
  isFetching: false,
  error: null,
  data: undefined,
}

describe('billCustomerCheck', () => {
  it('shows the customer the biller named for the number on screen', () => {
    const data: BillCustomer = {
      billType: 'electricity',
      provider: 'ikeja-electric',
      providerName: 'Ikeja Electric',
      accountNumber: '12345678901',
      customerName: 'Ada Obi',
      customerAddress: null,
    }
    expect(billCustomerCheck(words, biller, { ...asked, data })).toEqual({
      checkError: undefined,
      notFound: false,
      checking: false,
      found: data,
    })
  })

  it('is checking while typing has not paused or the biller has not answered', () => {
    expect(billCustomerCheck(words, biller, { ...asked, settled: false }).checking).toBe(true)
    expect(billCustomerCheck(words, biller, { ...asked, isFetching: true }).checking).toBe(true)
    expect(billCustomerCheck(words, undefined, { ...asked, isFetching: true }).checking).toBe(false)
    expect(billCustomerCheck(words, biller, { ...asked, number: null }).checking).toBe(false)
  })

  it('words the biller’s "not found" with its own message, and blocks paying', () => {
    const error = new ApiError(404, '404: not found', undefined, 'No customer with that number')
    const check = billCustomerCheck(words, biller, { ...asked, isError: true, error })
    expect(check.checkError).toBe('No customer with that number')
    expect(check.notFound).toBe(true)
  })

  it('gives the general message for any other failure, which does not block paying', () => {
    const error = new ApiError(502, '502: bad gateway', undefined, 'Upstream down')
    const check = billCustomerCheck(words, biller, { ...asked, isError: true, error })
    expect(check.checkError).toBe('checkFailed')
    expect(check.notFound).toBe(false)
  })

  it('says nothing of a failure before typing has paused on the number', () => {
    const error = new ApiError(404, '404: not found')
    const check = billCustomerCheck(words, biller, {
      ...asked,
      settled: false,
      isError: true,
      error,
    })
    expect(check).toEqual({
      checkError: undefined,
      notFound: false,
      checking: false,
      found: undefined,
    })
  })
})
