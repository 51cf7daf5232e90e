import { describe, expect, it } from 'vitest'
import { payoutMessageOf } from '#shared/schemas/notifications.ts'
import { payoutEventFields } from './payout-event-fields.ts'

describe('payoutEventFields', () => {
  it('says what each kind of payout paid for, and whom', () => {
    expect(
      payoutEventFields('bank', {
        bankName: 'GTBank',
        accountName: 'Ada Obi',
        resolvedAccountName: 'ADA OBI',
        recipient: { kind: 'bank' },
      }),
    ).toEqual({ payment: 'bank_transfer', payee: 'ADA OBI, GTBank' })
    expect(
      payoutEventFields('international', { recipientName: 'Kofi Mensah', countryName: 'Ghana' }),
    ).toEqual({ payment: 'international_transfer', payee: 'Kofi Mensah, Ghana' })
    expect(
      payoutEventFields('bill', {
        billType: 'electricity',
        providerName: 'Ikeja Electric',
        customerNumber: '45067123456',
        customerName: 'ADA OBI',
      }),
    ).toEqual({ payment: 'bill', payee: 'Ikeja Electric' })
    expect(
      payoutEventFields('bill', {
        billType: 'mobile',
        providerName: 'MTN',
        phoneNumber: '0803 555 0142',
      }),
    ).toEqual({ payment: 'airtime', payee: 'MTN 0803 555 0142' })
    // A top-up paid before the number was kept as phoneNumber.
    expect(
      payoutEventFields('bill', {
        billType: 'mobile',
        providerName: 'Glo',
        customerNumber: '08051234567',
        customerName: 'MADE UP',
      }),
    ).toEqual({ payment: 'airtime', payee: 'Glo 0805 123 4567' })
  })

  it('names nothing it cannot read, and the message is then a plain payment', () => {
    expect(payoutEventFields('bank', {})).toEqual({})
    expect(payoutEventFields('bill', null)).toEqual({})
    expect(payoutEventFields('something_new', { providerName: 'X' })).toEqual({})
    expect(payoutMessageOf({ kind: 'payout_completed' })).toBe('payout_completed')
    expect(payoutMessageOf({ kind: 'payout_failed', payment: 'airtime' })).toBe('payout_failed')
    expect(payoutMessageOf({ kind: 'payout_failed', payment: 'airtime', payee: 'MTN 0803' })).toBe(
      'airtime_failed',
    )
    expect(payoutMessageOf({ kind: 'payout_completed', payment: 'bill', payee: 'DStv' })).toBe(
      'bill_paid',
    )
  })
})
