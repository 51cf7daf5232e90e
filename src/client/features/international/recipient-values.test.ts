import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  INTERNATIONAL_METHODS,
  internationalRecipientSchema,
} from '#shared/schemas/international.ts'
import {
  EMPTY_RECIPIENT,
  type RecipientValues,
  recipientProblems,
  toRecipientPayload,
} from './recipient-values.ts'

const SAMPLES: RecipientValues[] = [
  {
    fullName: 'Emeka Obi',
    bankName: 'Barclays',
    accountNumber: 'GB29 NWBK 6016 1331 9268 19',
    swiftCode: 'NWBKGB2L',
    phoneNumber: '+1 (416) 555-0134',
    walletProvider: 'M-Pesa',
  },
  { ...EMPTY_RECIPIENT },
  {
    fullName: 'E',
    bankName: 'B',
    accountNumber: '12-34',
    swiftCode: 'ABC',
    phoneNumber: '12345',
    walletProvider: ' ',
  },
  {
    fullName: '  Ada Lovelace  ',
    bankName: 'HSBC',
    accountNumber: '1234',
    swiftCode: '',
    phoneNumber: 'call me',
    walletProvider: 'GCash',
  },
]

describe('recipient details', () => {
  it('agrees with the shared request schema on what is acceptable, for every method', () => {
    for (const method of INTERNATIONAL_METHODS) {
      for (const values of SAMPLES) {
        const clientOk = Object.keys(recipientProblems(method, values)).length === 0
        const serverOk = internationalRecipientSchema.safeParse(
          toRecipientPayload(method, values),
        ).success
        expect(clientOk, `${method} ${JSON.stringify(values)}`).toBe(serverOk)
      }
    }
  })

  it('agrees with it on any phone number and account number typed', () => {
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789 +-()aZ'), maxLength: 30 })
    fc.assert(
      fc.property(fc.constantFrom(...INTERNATIONAL_METHODS), typed, (method, text) => {
        const values = {
          ...SAMPLES[0],
          fullName: 'Emeka Obi',
          bankName: 'Barclays',
          swiftCode: '',
          walletProvider: 'M-Pesa',
          phoneNumber: text,
          accountNumber: text,
        }
        const clientOk = Object.keys(recipientProblems(method, values)).length === 0
        const serverOk = internationalRecipientSchema.safeParse(
          toRecipientPayload(method, values),
        ).success
        expect(clientOk).toBe(serverOk)
      }),
    )
  })

  it('names each problem with its own message', () => {
    expect(recipientProblems('bank_wire', SAMPLES[2] ?? EMPTY_RECIPIENT)).toEqual({
      fullName: { key: 'fullNameRequired' },
      bankName: { key: 'bankNameRequired' },
      accountNumber: { key: 'accountNumberCharacters' },
      swiftCode: { key: 'swiftCodeInvalid' },
    })
    expect(recipientProblems('mobile_wallet', EMPTY_RECIPIENT)).toEqual({
      fullName: { key: 'fullNameRequired' },
      phoneNumber: { key: 'mobileRequired' },
      walletProvider: { key: 'walletProviderRequired' },
    })
  })
})
