import { describe, expect, it } from 'vitest'
import { type PaymentRequest, payLinkPath } from '#shared/schemas/payment-requests.ts'
import { linkMatchesRequest, readPayLink } from './pay-link.ts'

const REQUESTER = '0b8e4a52-5d7c-4c1e-9a43-8f0f5d1c2a11'
const WALLET = '5f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f'
const REQUEST = '9d7e6f5a-4b3c-4d2e-9f1a-0b1c2d3e4f5a'

function searchOf(data: unknown): string {
  return `?${new URLSearchParams({ data: JSON.stringify(data) })}`
}

const stored: PaymentRequest = {
  id: REQUEST,
  status: 'open',
  amount: '2500.00',
  currency: { code: 'NGN', symbol: '₦' },
  description: 'Lunch',
  walletId: WALLET,
  requester: { id: REQUESTER, firstName: 'Amaka', lastName: 'Obi', username: 'amaka' },
  isOwn: false,
  purpose: 'request',
  expiresAt: '2030-01-08T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  paidAt: null,
  transactionId: null,
  link: '',
}

const linkData = {
  recipientId: REQUESTER,
  walletId: WALLET,
  amount: '2500.00',
  currency: 'NGN',
  description: 'Lunch',
  requestId: REQUEST,
}

describe('readPayLink', () => {
  it('reads the link the server makes, amount in minor units', () => {
    const link = readPayLink(payLinkPath(linkData).split('?')[1] ?? '')
    expect(link).toEqual({
      recipientId: REQUESTER,
      walletId: WALLET,
      amount: { amountMinor: 250000n, asset: 'NGN' },
      currency: 'NGN',
      description: 'Lunch',
      requestId: REQUEST,
    })
  })

  it('takes a bare link: a number amount, no request id, the default description', () => {
    const link = readPayLink(
      searchOf({ recipientId: REQUESTER, walletId: WALLET, amount: 12.5, currency: 'USD' }),
    )
    expect(link).toMatchObject({
      amount: { amountMinor: 1250n, asset: 'USD' },
      description: 'Payment request',
      requestId: null,
    })
  })

  it.each([
    ['no data at all', ''],
    ['broken JSON', '?data=%7B%22recipientId'],
    ['a missing field', searchOf({ ...linkData, currency: undefined })],
    ['an unknown currency', searchOf({ ...linkData, currency: 'XYZ' })],
    ['a zero amount', searchOf({ ...linkData, amount: '0' })],
    ['a negative amount', searchOf({ ...linkData, amount: '-5' })],
    ['too many decimals', searchOf({ ...linkData, amount: '1.005' })],
    ['a recipient that is not an id', searchOf({ ...linkData, recipientId: 'me' })],
    ['a request id that is not an id', searchOf({ ...linkData, requestId: '1' })],
  ])('refuses %s', (_, search) => {
    expect(readPayLink(search)).toBeNull()
  })
})

describe('linkMatchesRequest', () => {
  const link = readPayLink(searchOf(linkData))
  if (!link) throw new Error('the test link must be valid')

  it('accepts the link as made, whatever way the amount is written', () => {
    expect(linkMatchesRequest(link, stored)).toBe(true)
    const asNumber = readPayLink(searchOf({ ...linkData, amount: 2500 }))
    expect(asNumber && linkMatchesRequest(asNumber, stored)).toBe(true)
  })

  it.each([
    ['amount', { amount: '25.00' }],
    ['currency', { currency: 'USD' }],
    ['recipient', { recipientId: WALLET }],
    ['wallet', { walletId: REQUESTER }],
    ['description', { description: 'Dinner' }],
  ])('refuses a link whose %s was changed', (_, change) => {
    const changed = readPayLink(searchOf({ ...linkData, ...change }))
    expect(changed).not.toBeNull()
    expect(changed && linkMatchesRequest(changed, stored)).toBe(false)
  })
})
