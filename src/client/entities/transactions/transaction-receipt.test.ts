import { describe, expect, it } from 'vitest'
import { groupToken } from '#shared/meter-token.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import {
  buildReceiptText,
  humaniseKey,
  payoutDetailFields,
  providerReceiptFields,
  type Translate,
} from './transaction-receipt.ts'

// A few words of the English catalog; any other key comes back as itself, so a test sees which
// label was asked for without depending on i18next.
const WORDS: Record<string, string> = {
  receiptTitle: 'Sabi receipt',
  statusCompleted: 'Completed',
  statusFailed: 'Failed',
  fieldAmount: 'Amount',
  fieldFee: 'Fee',
  fieldTotal: 'Total',
  fieldStatus: 'Status',
  fieldReference: 'Reference',
  payoutRecipient: 'Recipient',
  payoutBill: 'Bill',
  detailBankName: 'Bank',
  detailAccountNumber: 'Account number',
  detailToken: 'Token',
  detailUnits: 'Units',
  receiptFromProvider: 'From the provider',
  failureHeading: 'Why it failed',
  failureBankRejected: 'The receiving bank rejected the payment.',
  failureMoneyBack: 'The money is back in your wallet.',
}
const t: Translate = (key, values) => {
  const text = WORDS[key] ?? key
  return values ? `${text} ${JSON.stringify(values)}` : text
}

function details(overrides: Partial<TransactionDetails> = {}): TransactionDetails {
  return {
    id: 't1',
    fromUserId: 'u1',
    toUserId: null,
    fromWalletId: 'w1',
    toWalletId: null,
    amount: '1000.00',
    fee: '20.00',
    exchangeRate: null,
    convertedAmount: null,
    type: 'send',
    status: 'completed',
    description: 'Bank transfer to Adaeze Okafor, GTBank',
    reference: 'SBI-REF-1',
    verificationCode: '7F3A9C2E11B04D8A',
    externalReference: null,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-03-10T12:00:04.000Z',
    fromWallet: { currency: { symbol: '₦', code: 'NGN' } },
    convertedCurrency: null,
    events: [],
    payout: {
      kind: 'bank',
      status: 'completed',
      details: { bankName: 'GTBank', accountNumber: '0123456789', someNewKey: 'x' },
      receipt: {},
      failureReason: null,
    },
    ...overrides,
  }
}

describe('humaniseKey', () => {
  it('turns camelCase and snake_case into a sentence-case label', () => {
    expect(humaniseKey('someKey')).toBe('Some key')
    expect(humaniseKey('meter_number')).toBe('Meter number')
    expect(humaniseKey('swiftBICCode')).toBe('Swift bic code')
    expect(humaniseKey('units')).toBe('Units')
  })
})

describe('groupToken', () => {
  it('groups in fours, whatever spacing it came with', () => {
    expect(groupToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890')
    expect(groupToken('1234-5678 901')).toBe('1234 5678 901')
    expect(groupToken('')).toBe('')
  })
})

describe('payout fields', () => {
  it('labels known keys and humanises the rest', () => {
    const payout = details().payout
    if (!payout) throw new Error('no payout')
    expect(payoutDetailFields(payout, t).map((field) => [field.label, field.value])).toEqual([
      ['Bank', 'GTBank'],
      ['Account number', '0123456789'],
      ['Some new key', 'x'],
    ])
  })

  it('shows a token grouped and marked to be shown large', () => {
    const fields = providerReceiptFields(
      {
        kind: 'bill',
        status: 'completed',
        details: {},
        receipt: { token: '12345678901234567890', units: '45.3 kWh' },
        failureReason: null,
      },
      t,
    )
    expect(fields).toEqual([
      { key: 'token', label: 'Token', value: '1234 5678 9012 3456 7890', look: 'token' },
      { key: 'units', label: 'Units', value: '45.3 kWh' },
    ])
  })
})

describe('buildReceiptText', () => {
  it('gives the headline, amount + fee = total, the reference and where the money went', () => {
    const text = buildReceiptText(details(), t)
    const lines = text.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'Sabi receipt',
      'Bank transfer to Adaeze Okafor, GTBank',
      '-₦1,020.00 · Completed',
    ])
    expect(lines).toContain('Amount: ₦1,000.00')
    expect(lines).toContain('Fee: ₦20.00')
    expect(lines).toContain('Total: ₦1,020.00')
    expect(lines).toContain('Status: Completed')
    expect(lines).toContain('Reference: SBI-REF-1')
    expect(lines).toContain('fieldVerificationCode: 7F3A-9C2E-11B0-4D8A')
    expect(text).toContain('/verify/7F3A-9C2E-11B0-4D8A')
    expect(text).toContain('Recipient\nBank: GTBank\nAccount number: 0123456789')
    expect(text).not.toContain('From the provider')
  })

  it('says why a payout failed and that the money came back', () => {
    const text = buildReceiptText(
      details({
        status: 'failed',
        payout: {
          kind: 'bank',
          status: 'failed',
          details: {},
          receipt: {},
          failureReason: 'the receiving bank rejected the payment',
        },
      }),
      t,
    )
    // The money is back: a failed payment does not read as a debit.
    expect(text).toContain('₦1,020.00 · Failed')
    expect(text).not.toContain('-₦1,020.00')
    expect(text).toContain(
      'Why it failed: The receiving bank rejected the payment.\nThe money is back in your wallet.',
    )
  })

  it('shows money in without a fee or total line, and a token from the provider', () => {
    const text = buildReceiptText(
      details({
        type: 'receive',
        fee: '0.00',
        payout: {
          kind: 'bill',
          status: 'completed',
          details: {},
          receipt: { token: '11112222' },
          failureReason: null,
        },
      }),
      t,
    )
    expect(text).toContain('+₦1,000.00 · Completed')
    expect(text).not.toContain('Fee:')
    expect(text).not.toContain('Total:')
    expect(text).toContain('From the provider\nToken: 1111 2222')
  })
})
