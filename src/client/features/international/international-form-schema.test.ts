import { describe, expect, it } from 'vitest'
import { findRegion, INTERNATIONAL_METHODS } from '#shared/schemas/international.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import {
  formProblemsOf,
  type InternationalFormValues,
  internationalFormSchema,
} from './international-form-schema.ts'
import { EMPTY_RECIPIENT, FIELDS_BY_METHOD, recipientProblems } from './recipient-values.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

const usd: Wallet = {
  id: 'wallet-usd',
  userId: 'user',
  currencyId: 1,
  balance: '100.00',
  isPrimary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currency: { id: 1, code: 'USD', symbol: '$', name: 'US Dollar', flagEmoji: '' },
}

const europe = findRegion('europe')
if (!europe) throw new Error('the Europe region is missing')
const schema = internationalFormSchema(words, words, [usd], europe)

const complete: InternationalFormValues = {
  countryCode: 'DE',
  method: 'bank_wire',
  fromWalletId: usd.id,
  amount: '25.50',
  recipient: {
    ...EMPTY_RECIPIENT,
    fullName: 'Emeka Obi',
    bankName: 'Deutsche Bank',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
  },
  description: '',
}

describe('internationalFormSchema', () => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(complete).success).toBe(true)
  })

  it('names every missing field of an empty form', () => {
    const problems = formProblemsOf(schema, {
      ...complete,
      countryCode: null,
      fromWalletId: '',
      amount: '',
      recipient: EMPTY_RECIPIENT,
    })
    expect(problems('countryCode')).toBe('selectCountry')
    expect(problems('fromWalletId')).toBe('selectWallet')
    expect(problems('amount')).toBe('amountPositive')
    expect(problems('recipient.fullName')).toBe('fullNameRequired')
    expect(problems('recipient.bankName')).toBe('bankNameRequired')
    expect(problems('recipient.accountNumber')).toBe('accountNumberRequired')
    expect(problems('recipient.swiftCode')).toBeUndefined()
    expect(problems('description')).toBeUndefined()
  })

  it('refuses a country outside the region', () => {
    expect(formProblemsOf(schema, { ...complete, countryCode: 'US' })('countryCode')).toBe(
      'selectCountry',
    )
  })

  it("reads the amount in the chosen wallet's currency, and only once there is a wallet", () => {
    expect(formProblemsOf(schema, { ...complete, amount: '1.234' })('amount')).toBe(
      'amountDecimals {"decimals":2}',
    )
    expect(formProblemsOf(schema, { ...complete, amount: '0' })('amount')).toBe('amountPositive')
    const noWallet = formProblemsOf(schema, { ...complete, fromWalletId: '', amount: '1.234' })
    expect(noWallet('amount')).toBeUndefined()
    expect(noWallet('fromWalletId')).toBe('selectWallet')
  })

  it('words the recipient problems of each method as recipientProblems does', () => {
    const typed = { ...EMPTY_RECIPIENT, fullName: 'A', phoneNumber: '12', accountNumber: 'x!' }
    for (const method of INTERNATIONAL_METHODS) {
      const problems = formProblemsOf(schema, { ...complete, method, recipient: typed })
      const expected = recipientProblems(method, typed)
      for (const field of FIELDS_BY_METHOD[method]) {
        const problem = expected[field]
        expect(problems(`recipient.${field}`)).toBe(
          problem ? words(problem.key, problem.values) : undefined,
        )
      }
    }
  })

  it('refuses a description that is too long once trimmed', () => {
    const long = 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1)
    expect(formProblemsOf(schema, { ...complete, description: long })('description')).toBe(
      `descriptionTooLong {"max":${DESCRIPTION_MAX_LENGTH}}`,
    )
    const padded = ` ${'x'.repeat(DESCRIPTION_MAX_LENGTH)} `
    expect(formProblemsOf(schema, { ...complete, description: padded })('description')).toBe(
      undefined,
    )
  })
})
