import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { renderReceiptImage } from './receipt-image.ts'
import { maskAccountNumber, receiptImageContent } from './receipt-image-content.ts'
import type { Translate } from './transaction-receipt.ts'

const WORDS: Record<string, string> = {
  receiptTitle: 'Sabi receipt',
  statusCompleted: 'Completed',
  fieldSender: 'From',
  fieldRecipient: 'To',
  fieldDestinationAccount: 'Account',
  fieldCounterparty: 'With',
}
const t: Translate = (key) => WORDS[key] ?? key

function bankTransfer(overrides: Partial<TransactionDetails> = {}): TransactionDetails {
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
    description: 'Bank transfer',
    reference: 'SBI-REF-1',
    verificationCode: '7F3A9C2E11B04D8A',
    externalReference: null,
    createdAt: '2025-03-10T12:00:00.000Z',
    updatedAt: '2025-03-10T12:00:04.000Z',
    fromWallet: { currency: { symbol: '₦', code: 'NGN' } },
    convertedCurrency: null,
    counterparty: 'Adaeze Okafor, GTBank',
    sender: 'Tunde Bakare',
    recipient: 'Adaeze Okafor, GTBank',
    events: [],
    payout: {
      kind: 'bank',
      status: 'completed',
      details: { bankName: 'GTBank', accountNumber: '0123456789', accountName: 'Adaeze Okafor' },
      receipt: {},
      failureReason: null,
    },
    ...overrides,
  }
}

/** Every text the image draws, in order, from a canvas that records instead of painting. */
async function drawnTexts(transaction: TransactionDetails): Promise<string[]> {
  const texts: string[] = []
  const context = {
    measureText: (text: string) => ({ width: text.length * 10 }),
    fillText: (text: string) => texts.push(text),
    fillRect: () => undefined,
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    stroke: () => undefined,
  }
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => context,
    toBlob: (done: (blob: Blob | null) => void) => done(null),
  }
  vi.stubGlobal('document', { createElement: () => canvas })
  await renderReceiptImage(receiptImageContent(transaction, t))
  return texts
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('maskAccountNumber', () => {
  it('keeps the last four characters only', () => {
    expect(maskAccountNumber('0123456789')).toBe('•••• 6789')
    expect(maskAccountNumber('+234 803 123 4567')).toBe('•••• 4567')
    expect(maskAccountNumber('')).toBe('')
  })
})

describe('the shared receipt image', () => {
  it('names the sender, the recipient and the bank account, masked', async () => {
    const texts = await drawnTexts(bankTransfer())
    for (const expected of ['From', 'Tunde Bakare', 'To', 'Adaeze Okafor, GTBank', 'Account'])
      expect(texts).toContain(expected)
    expect(texts).toContain('•••• 6789')
    // The full number never reaches the image, and "With" does not repeat the recipient.
    expect(texts.join('\n')).not.toContain('0123456789')
    expect(texts).not.toContain('With')
  })

  it('names the bank beside the account when the recipient line does not', async () => {
    const texts = await drawnTexts(bankTransfer({ recipient: null, counterparty: null }))
    expect(texts).toContain('GTBank •••• 6789')
    expect(texts).toContain('Tunde Bakare')
  })

  it('names both people of a Sabi transfer, with no account line', () => {
    const content = receiptImageContent(
      bankTransfer({
        type: 'receive',
        payout: null,
        sender: 'Ada Obi',
        recipient: 'Tunde Bakare',
        counterparty: 'Ada Obi',
      }),
      t,
    )
    expect(content.lines.filter((line) => ['From', 'To', 'Account'].includes(line.label))).toEqual([
      { label: 'From', value: 'Ada Obi' },
      { label: 'To', value: 'Tunde Bakare' },
    ])
  })

  it('keeps "With" for an answer that names no parties', () => {
    const content = receiptImageContent(
      bankTransfer({ sender: undefined, recipient: undefined, payout: null }),
      t,
    )
    expect(content.lines).toContainEqual({ label: 'With', value: 'Adaeze Okafor, GTBank' })
  })
})
