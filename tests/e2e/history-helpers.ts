import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { billTypeGroupSchema } from '#shared/schemas/bills.ts'
import { quoteSchema } from '#shared/schemas/exchange.ts'
import { posSaleSchema } from '#shared/schemas/pos.ts'
import { cryptocurrencySchema } from '#shared/schemas/reference.ts'
import { addFundsByApi, E2E_PIN, expect, type SignedUpUser, walletIn } from './fixtures.ts'
import { requestPaymentByApi } from './payment-helpers.ts'

/** A name as long as many are, which the screens must show whole before anyone pays it. */
export const LONG_NAME = { firstName: 'Babajide', lastName: 'Oluwaseun-Adebayo Okonkwo' }
const METER = '45067123456'

/**
 * A user with money and history of every kind: funded wallets, a transfer to a Sabi user with
 * a long name, an exchange, crypto bought, a card sale at the POS, an electricity bill, a bank
 * transfer and a payment request.
 */
export async function giveHistory(page: Page, friend: SignedUpUser) {
  await addFundsByApi(page, 'NGN', '987654.32')
  await addFundsByApi(page, 'USD', '98765.43')
  const ngn = await walletIn(page, 'NGN')
  const usd = await walletIn(page, 'USD')
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await page.request.post(path, {
      data: { ...data, pin: E2E_PIN },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201)
    return response.json()
  }
  await post('/api/send-money/sabi-user', {
    fromWalletId: ngn.id,
    recipientUserId: friend.id,
    amount: '25000.00',
    description: 'Wedding contribution for the family',
  })
  const quote = quoteSchema.parse(
    await (
      await page.request.post('/api/quotes', {
        data: { fromCurrencyId: usd.currencyId, toCurrencyId: ngn.currencyId, amount: '150.00' },
      })
    ).json(),
  )
  await post('/api/exchange', {
    fromWalletId: usd.id,
    toWalletId: ngn.id,
    fromCurrencyId: usd.currencyId,
    toCurrencyId: ngn.currencyId,
    amount: '150.00',
    quoteId: quote.id,
  })
  const coins = cryptocurrencySchema
    .array()
    .parse(await (await page.request.get('/api/cryptocurrencies')).json())
  for (const code of ['ETH', 'USDT']) {
    await post('/api/crypto/purchase', {
      cryptoCurrencyId: coins.find((coin) => coin.code === code)?.id ?? 0,
      fiatCurrencyId: usd.currencyId,
      amount: '123.45',
      paymentMethod: 'wallet',
    })
  }
  posSaleSchema.parse(
    await post('/api/pos/sale', {
      walletId: ngn.id,
      amount: '3500.00',
      description: 'Wedding cake and small chops',
      customerInfo: { name: `${LONG_NAME.firstName} ${LONG_NAME.lastName}` },
      method: 'card',
    }),
  )
  await post('/api/pos/sale', { walletId: ngn.id, amount: '987654.00', method: 'card' })
  const billers = billTypeGroupSchema
    .array()
    .parse(await (await page.request.get('/api/billers')).json())
  const electricity = billers.find((group) => group.type === 'electricity')?.providers[0]
  if (!electricity) throw new Error('no electricity biller')
  await post('/api/bill-pay', {
    billType: 'electricity',
    provider: electricity.id,
    accountNumber: METER,
    amount: '15000.00',
    walletId: ngn.id,
  })
  await post('/api/send-money/bank', {
    fromWalletId: ngn.id,
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: `${LONG_NAME.firstName} ${LONG_NAME.lastName}`,
    amount: '45000.00',
  })
  await requestPaymentByApi(page, 'NGN', '125000.00', 'Wedding aso-ebi for the whole family')
}
