import { describe, expect, it } from 'vitest'
import type { Transaction } from '#shared/schemas/transactions.ts'
import {
  amountSign,
  capitalisedType,
  conversionDetail,
  transactionAmountDisplay,
  transactionDateLabel,
  walletSign,
} from './transaction-format.ts'
import { transactionTypeIcon } from './transaction-icons.ts'

function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    id: 't1',
    fromUserId: null,
    toUserId: null,
    fromWalletId: null,
    toWalletId: null,
    amount: '100.00',
    fee: '0.00',
    exchangeRate: null,
    convertedAmount: null,
    type: 'send',
    status: 'completed',
    description: null,
    reference: 'ref',
    verificationCode: '7F3A9C2E11B04D8A',
    externalReference: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    fromWallet: { currency: { symbol: '$', code: 'USD' } },
    convertedCurrency: null,
    ...overrides,
  }
}

describe('transactionDateLabel', () => {
  const now = Date.parse('2025-03-10T12:00:00Z')
  it('says Today under 24 hours and Yesterday under 48', () => {
    expect(transactionDateLabel('2025-03-10T11:00:00Z', now).kind).toBe('today')
    expect(transactionDateLabel('2025-03-09T12:00:01Z', now).kind).toBe('today')
    expect(transactionDateLabel('2025-03-09T11:59:59Z', now).kind).toBe('yesterday')
    expect(transactionDateLabel('2025-03-08T11:59:59Z', now).kind).toBe('date')
  })
  it('formats older dates as "MMM d, h:mm a"', () => {
    const label = transactionDateLabel('2025-03-01T12:00:00Z', now)
    expect(label.kind === 'date' && label.text).toMatch(/^Mar \d{1,2}, \d{1,2}:\d{2}\s?[AP]M$/)
  })
})

describe('transactionAmountDisplay', () => {
  it('adds the fee to a send and explains it', () => {
    expect(transactionAmountDisplay(transaction({ amount: '1000.00', fee: '20.00' }))).toEqual({
      text: '-$1,020.00',
      feeBreakdown: { amount: '$1,000.00', fee: '$20.00' },
    })
  })
  it('signs money in with + and leaves unknown types unsigned', () => {
    expect(transactionAmountDisplay(transaction({ type: 'receive' })).text).toBe('+$100.00')
    expect(transactionAmountDisplay(transaction({ type: 'mystery' })).text).toBe('$100.00')
  })
  it('signs what staff paid back as money in and a correction as money out', () => {
    expect(transactionAmountDisplay(transaction({ type: 'refund' })).text).toBe('+$100.00')
    expect(transactionAmountDisplay(transaction({ type: 'adjustment' })).text).toBe('+$100.00')
    expect(transactionAmountDisplay(transaction({ type: 'correction' })).text).toBe('-$100.00')
  })
  it('falls back to $ when the wallet is unknown', () => {
    expect(
      transactionAmountDisplay(transaction({ type: 'add_funds', fromWallet: null })).text,
    ).toBe('+$100.00')
  })
})

describe('amountSign and capitalisedType', () => {
  it('follows the display rules of docs/screens.md', () => {
    expect(['receive', 'add_funds', 'send', 'purchase', 'withdraw', 'x'].map(amountSign)).toEqual([
      '+',
      '+',
      '-',
      '-',
      '-',
      '',
    ])
    expect(capitalisedType('add_funds')).toBe('Add funds')
    expect(capitalisedType('send')).toBe('Send')
  })
})

describe('conversionDetail', () => {
  it('shows an exchange as what left one wallet and what reached the other', () => {
    const exchange = transaction({
      type: 'exchange',
      amount: '150000.00',
      convertedAmount: '97.95',
      fromWallet: { currency: { symbol: '₦', code: 'NGN' } },
    })
    expect(conversionDetail(exchange, 'USD')).toEqual({
      kind: 'exchange',
      amount: '150,000.00',
      from: 'NGN',
      converted: '97.95',
      to: 'USD',
    })
  })

  it('shows a purchase as the coins received, to 8 decimals', () => {
    const purchase = transaction({ type: 'purchase', convertedAmount: '10.000000' })
    expect(conversionDetail(purchase, 'USDT')).toEqual({
      kind: 'purchase',
      converted: '10.00000000',
      to: 'USDT',
    })
  })

  it('gives no line without the received currency or for other types', () => {
    const exchange = transaction({ type: 'exchange', convertedAmount: '97.95' })
    expect(conversionDetail(exchange, null)).toBeNull()
    expect(
      conversionDetail(transaction({ type: 'send', convertedAmount: '1.00' }), 'USD'),
    ).toBeNull()
  })
})

describe('what a row says left or entered the wallet', () => {
  it('an exchange shows the fee it cost with the amount', () => {
    const shown = transactionAmountDisplay(
      transaction({
        type: 'exchange',
        amount: '20000.00',
        fee: '100.00',
        fromWallet: { currency: { symbol: '₦', code: 'NGN' } },
      }),
    )
    expect(shown.text).toBe('-₦20,100.00')
  })

  it('a purchase paid by card is not a wallet debit', () => {
    const shown = transactionAmountDisplay(
      transaction({ type: 'purchase', amount: '20.00', fromWalletId: null }),
    )
    expect(shown.text).toBe('$20.00')
    const fromWallet = transactionAmountDisplay(
      transaction({ type: 'purchase', amount: '20.00', fromWalletId: 'w1' }),
    )
    expect(fromWallet.text).toBe('-$20.00')
  })

  it('a failed payment reads as money back, not as a debit', () => {
    const shown = transactionAmountDisplay(
      transaction({ type: 'send', status: 'failed', amount: '1000.00', fee: '20.00' }),
    )
    expect(shown.text).toBe('$1,020.00')
  })
})

describe('every type and direction shows its true sign and its own icon (issue 31)', () => {
  // [type, status, paid from a wallet, the sign the row shows, the icon's name]
  const rows: [string, string, boolean, '+' | '-' | '', string][] = [
    ['send', 'completed', true, '-', 'ArrowUpRight'],
    ['receive', 'completed', false, '+', 'ArrowDownLeft'],
    ['add_funds', 'completed', false, '+', 'Plus'],
    ['pos_sale', 'completed', false, '+', 'Store'],
    ['reversal', 'completed', false, '+', 'Undo2'],
    ['purchase', 'completed', true, '-', 'ShoppingCart'],
    // Bought by card: nothing left a wallet.
    ['purchase', 'completed', false, '', 'ShoppingCart'],
    ['withdraw', 'completed', true, '-', 'Banknote'],
    ['exchange', 'completed', true, '-', 'ArrowLeftRight'],
    // Money staff paid back or took back (docs/operations-console.md "Money").
    ['refund', 'completed', false, '+', 'Undo2'],
    ['adjustment', 'completed', false, '+', 'Plus'],
    ['correction', 'completed', true, '-', 'Minus'],
    // A failed payment's money is back, so it reads as neither.
    ['send', 'failed', true, '', 'ArrowUpRight'],
    ['pos_sale', 'failed', false, '', 'Store'],
    // Reversed by the bank after it paid: the money is back. Held over the limit: received, but
    // not in the wallet yet.
    ['send', 'reversed', true, '', 'ArrowUpRight'],
    ['receive', 'held', false, '', 'ArrowDownLeft'],
    // A type this client does not know is neither money in nor out, and no other type's icon.
    ['something_new', 'completed', true, '', 'CircleDot'],
  ]
  it.each(rows)(
    '%s (%s, from a wallet: %s) shows "%s" and %s',
    (type, status, fromWallet, sign, icon) => {
      const row = transaction({ type, status, fromWalletId: fromWallet ? 'w1' : null })
      expect(walletSign(row)).toBe(sign)
      const shown = transactionAmountDisplay(row).text
      if (sign === '+') expect(shown).toBe('+$100.00')
      else if (sign === '-') expect(shown).toBe('-$100.00')
      else expect(shown).toBe('$100.00')
      expect(transactionTypeIcon(type).icon.displayName).toBe(icon)
    },
  )

  it('gives the exchange arrows to exchanges alone', () => {
    const exchangeIcon = transactionTypeIcon('exchange').icon
    for (const type of [
      'send',
      'receive',
      'add_funds',
      'pos_sale',
      'reversal',
      'purchase',
      'withdraw',
      'x',
    ]) {
      expect(transactionTypeIcon(type).icon).not.toBe(exchangeIcon)
    }
  })
})
