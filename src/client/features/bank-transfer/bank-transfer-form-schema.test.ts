import { describe, expect, it } from 'vitest'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import {
  ACCOUNT_NAME_MAX_LENGTH,
  type BankTransferFormValues,
  bankTransferFormSchema,
  EMPTY_BANK_TRANSFER_FORM,
} from './bank-transfer-form-schema.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

const ngn: Wallet = {
  id: 'wallet-ngn',
  userId: 'user',
  currencyId: 1,
  balance: '5000.00',
  isPrimary: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  currency: { id: 1, code: 'NGN', symbol: '₦', name: 'Nigerian Naira', flagEmoji: '' },
}

const schema = bankTransferFormSchema(words, words, [ngn])

const complete: BankTransferFormValues = {
  fromWalletId: ngn.id,
  bankCode: '058',
  accountNumber: '0123456789',
  accountName: 'Adaeze Okafor',
  amount: '1500.50',
  description: '',
}

/** The first message of each field, by its name. */
function problemsOf(values: BankTransferFormValues): Map<string, string> {
  const messages = new Map<string, string>()
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.map(String).join('.')
    if (!messages.has(path)) messages.set(path, issue.message)
  }
  return messages
}

describe('bankTransferFormSchema', () => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(complete).success).toBe(true)
  })

  it('names every missing field of an empty form', () => {
    const problems = problemsOf(EMPTY_BANK_TRANSFER_FORM)
    expect(problems.get('fromWalletId')).toBe('selectWallet')
    expect(problems.get('bankCode')).toBe('selectBank')
    expect(problems.get('accountNumber')).toBe('accountNumberShort')
    expect(problems.get('accountName')).toBe('accountNameRequired')
    expect(problems.get('amount')).toBe('amountPositive')
    expect(problems.has('description')).toBe(false)
  })

  it('wants an account number of at least 10 digits and nothing else', () => {
    expect(problemsOf({ ...complete, accountNumber: '012345678' }).get('accountNumber')).toBe(
      'accountNumberShort',
    )
    expect(problemsOf({ ...complete, accountNumber: '01234-56789' }).get('accountNumber')).toBe(
      'accountNumberShort',
    )
  })

  it('wants an account name of 2 characters once trimmed, and not too long', () => {
    expect(problemsOf({ ...complete, accountName: ' A ' }).get('accountName')).toBe(
      'accountNameRequired',
    )
    expect(
      problemsOf({ ...complete, accountName: 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1) }).get(
        'accountName',
      ),
    ).toBe(`accountNameTooLong {"max":${ACCOUNT_NAME_MAX_LENGTH}}`)
  })

  it("reads the amount in the chosen wallet's currency", () => {
    expect(problemsOf({ ...complete, amount: '1.234' }).get('amount')).toBe(
      'amountDecimals {"decimals":2}',
    )
    expect(problemsOf({ ...complete, amount: '0' }).get('amount')).toBe('amountPositive')
  })

  it('refuses a wallet the user does not have', () => {
    expect(problemsOf({ ...complete, fromWalletId: 'wallet-usd' }).get('fromWalletId')).toBe(
      'selectWallet',
    )
  })

  it('refuses a description that is too long once trimmed', () => {
    const long = 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1)
    expect(problemsOf({ ...complete, description: long }).get('description')).toBe(
      `descriptionTooLong {"max":${DESCRIPTION_MAX_LENGTH}}`,
    )
    const padded = ` ${'x'.repeat(DESCRIPTION_MAX_LENGTH)} `
    expect(problemsOf({ ...complete, description: padded }).has('description')).toBe(false)
  })
})
