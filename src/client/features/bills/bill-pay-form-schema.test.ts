import { describe, expect, it } from 'vitest'
import { BILL_PAYMENT_TYPES, billersOf } from '#shared/schemas/bills.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import {
  type BillFormValues,
  billFormSchema,
  billTypeOf,
  EMPTY_BILL_FORM,
  typedBillAmount,
} from './bill-pay-form-schema.ts'

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

/** The sandbox's billers, as GET /api/billers serves them. */
const catalogue = BILL_PAYMENT_TYPES.map((type) => ({ type, providers: billersOf(type) }))

const schema = billFormSchema(words, [ngn], catalogue)

const complete: BillFormValues = {
  billType: 'electricity',
  provider: 'ikeja-electric',
  item: '',
  accountNumber: '1234-5678-901',
  amount: '2500.50',
  walletId: ngn.id,
}

/** The first message of each field the schema refuses. */
function problemsOf(values: BillFormValues): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.map(String).join('.')
    problems[path] ??= issue.message
  }
  return problems
}

describe('billFormSchema', () => {
  it('accepts a complete form, the number written with dashes', () => {
    expect(schema.safeParse(complete).success).toBe(true)
  })

  it('names every missing field of an empty form', () => {
    expect(problemsOf(EMPTY_BILL_FORM)).toEqual({
      billType: 'selectBillType',
      provider: 'selectProvider',
      accountNumber: 'accountRequired',
      amount: 'amountRequired',
      walletId: 'selectWallet',
    })
  })

  it('asks government and tax payments for a payment reference', () => {
    const values = { ...EMPTY_BILL_FORM, billType: 'tax' }
    expect(problemsOf(values).accountNumber).toBe('referenceRequired')
  })

  it('refuses a provider of another bill type', () => {
    expect(problemsOf({ ...complete, provider: 'mtn' }).provider).toBe('selectProvider')
  })

  it('words the biller’s rule for a number of the wrong shape', () => {
    expect(problemsOf({ ...complete, accountNumber: '12345' }).accountNumber).toBe(
      `numberRule ${JSON.stringify({ name: 'numberMeter', rule: 'ruleDigitsRange {"min":11,"max":13}' })}`,
    )
  })

  it('refuses an amount with too many decimals, too large, or not above zero', () => {
    expect(problemsOf({ ...complete, amount: '1.234' }).amount).toBe(
      'amountDecimals {"decimals":2}',
    )
    expect(problemsOf({ ...complete, amount: '10000000.01' }).amount).toBe(
      'amountTooLarge {"max":"₦10,000,000.00"}',
    )
    expect(problemsOf({ ...complete, amount: '0' }).amount).toBe('amountPositive')
    expect(problemsOf({ ...complete, amount: '   ' }).amount).toBe('amountRequired')
  })

  it('asks for a package where the biller sells only packages, and takes one it sells', () => {
    const dstv = { ...complete, billType: 'cabletv', provider: 'dstv', accountNumber: '7023456789' }
    expect(problemsOf(dstv).item).toBe('selectPackage')
    expect(problemsOf({ ...dstv, item: 'gotv-max' }).item).toBe('selectPackage')
    expect(problemsOf({ ...dstv, item: 'dstv-padi' })).toEqual({})
    // A network sells airtime of any amount when no bundle is chosen.
    const airtime = {
      ...complete,
      billType: 'mobile',
      provider: 'mtn',
      accountNumber: '08035550142',
    }
    expect(problemsOf(airtime)).toEqual({})
  })

  it('takes only a wallet it was given', () => {
    expect(problemsOf({ ...complete, walletId: 'wallet-usd' }).walletId).toBe('selectWallet')
  })
})

describe('billTypeOf', () => {
  it('reads a bill type, and nothing else', () => {
    expect(billTypeOf('government')).toBe('government')
    expect(billTypeOf('')).toBeUndefined()
    expect(billTypeOf('groceries')).toBeUndefined()
  })
})

describe('typedBillAmount', () => {
  it('reads an amount of naira up to the limit', () => {
    expect(typedBillAmount('2500.50')).toEqual({ amountMinor: 250_050n, asset: 'NGN' })
    expect(typedBillAmount('10000000')).toEqual({ amountMinor: 1_000_000_000n, asset: 'NGN' })
  })

  it('gives nothing for an amount that cannot be paid', () => {
    expect(typedBillAmount('')).toBeNull()
    expect(typedBillAmount('0')).toBeNull()
    expect(typedBillAmount('10000000.01')).toBeNull()
    expect(typedBillAmount('1.234')).toBeNull()
  })
})
