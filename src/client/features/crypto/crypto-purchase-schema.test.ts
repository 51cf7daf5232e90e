import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PURCHASE_VALUES,
  isBelowOneCent,
  type PurchaseFormValues,
  purchaseFormSchema,
} from './crypto-purchase-schema.ts'

/** A translator that writes the key and its values, so each test sees which message was chosen. */
const words = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key

const schema = purchaseFormSchema(words)

const complete: PurchaseFormValues = {
  cryptoCurrencyId: 1,
  fiatCurrencyId: 2,
  amount: '100.50',
  paymentMethod: 'wallet',
}

/** The first message of each field the schema refuses. */
function problemsOf(values: PurchaseFormValues): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.map(String).join('.')
    problems[path] ??= issue.message
  }
  return problems
}

describe('purchaseFormSchema', () => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(complete).success).toBe(true)
  })

  it('names every field the defaults leave unchosen', () => {
    expect(problemsOf(DEFAULT_PURCHASE_VALUES)).toEqual({
      cryptoCurrencyId: 'selectCrypto',
      fiatCurrencyId: 'selectCurrency',
      amount: 'amountPositive',
    })
  })

  it('refuses an amount below one cent as not above zero, whatever its decimals', () => {
    expect(problemsOf({ ...complete, amount: '0.001' }).amount).toBe('amountPositive')
    expect(problemsOf({ ...complete, amount: '0.009' }).amount).toBe('amountPositive')
  })

  it('refuses more than two decimals on an amount of a cent or more', () => {
    expect(problemsOf({ ...complete, amount: '1.234' }).amount).toBe(
      'amountDecimals {"decimals":2}',
    )
  })
})

describe('isBelowOneCent', () => {
  it('is true of amounts under 0.01, however written', () => {
    expect(isBelowOneCent('0.009')).toBe(true)
    expect(isBelowOneCent(' 0.00 5 ')).toBe(true)
    expect(isBelowOneCent('.0001')).toBe(true)
  })

  it('is false of a cent or more, and of text that is no amount', () => {
    expect(isBelowOneCent('0.01')).toBe(false)
    expect(isBelowOneCent('1')).toBe(false)
    expect(isBelowOneCent('abc')).toBe(false)
  })
})
