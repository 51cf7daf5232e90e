import { expect, it } from 'vitest'
import { renderEventMessage } from '#server/notifications/render-message.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { type NotificationData, notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

const providers = payoutProvidersOf(sandboxProviders())
/** Past the sandbox bank's settling delay, so one worker pass sends and a second settles. */
const LATER_MS = 10_000

async function kinds(client: TestClient): Promise<NotificationData[]> {
  const page = notificationsPageSchema.parse((await client.get('/api/notifications')).body)
  return page.items.map((item) => item.data)
}

// Which changes announce themselves (docs/notifications.md "Events"), each in the transaction
// of the change; refused changes announce nothing.
describeMoneyApi('announced events', (context) => {
  it('a payout that completes, and one that fails and is refunded with its fee', async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '10000.00')
    for (const account of ['1000001234', '1000009999']) {
      const sent = await moneyPost(client, '/api/send-money/bank', {
        fromWalletId: ngn.id,
        bankCode: '058',
        accountNumber: account,
        accountName: 'Ngozi Eze',
        amount: '100.00',
      })
      expect(sent.status, sent.text).toBe(201)
    }
    const now = Date.now()
    await runPayoutWorker(context.database.db, providers, now)
    await runPayoutWorker(context.database.db, providers, now + LATER_MS)
    await runPayoutWorker(context.database.db, providers, now + 2 * LATER_MS)
    const events = await kinds(client)
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'payout_completed',
          amount: '100.00',
          currency: 'NGN',
          payment: 'bank_transfer',
          payee: expect.stringMatching(/, GTBank$/),
        }),
        // The amount and the 2% fee come back.
        expect.objectContaining({
          kind: 'payout_failed',
          amount: '102.00',
          currency: 'NGN',
          payment: 'bank_transfer',
        }),
      ]),
    )
    expect(events).toHaveLength(2)
  })

  it('each payout says what it paid for: airtime is never called a transfer (issue 31)', async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '10000.00')
    const bills = [
      { billType: 'mobile', provider: 'mtn', accountNumber: '+234 803 555 0142', amount: '500' },
      { billType: 'mobile', provider: 'glo', accountNumber: '0805 999 9999', amount: '200' },
      {
        billType: 'electricity',
        provider: 'ikeja-electric',
        accountNumber: '45067123456',
        amount: '1000',
      },
    ]
    for (const bill of bills) {
      const paid = await moneyPost(client, '/api/bill-pay', { ...bill, walletId: ngn.id })
      expect(paid.status, paid.text).toBe(201)
    }
    const now = Date.now()
    await runPayoutWorker(context.database.db, providers, now)
    await runPayoutWorker(context.database.db, providers, now + LATER_MS)
    const events = await kinds(client)
    expect(events).toHaveLength(3)
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'payout_completed',
          payment: 'airtime',
          payee: 'MTN 0803 555 0142',
        }),
        expect.objectContaining({
          kind: 'payout_failed',
          payment: 'airtime',
          payee: 'Glo 0805 999 9999',
        }),
        expect.objectContaining({
          kind: 'payout_completed',
          payment: 'bill',
          payee: 'Ikeja Electric',
        }),
      ]),
    )
    const airtime = events.find(
      (event) => event.kind === 'payout_completed' && event.payment === 'airtime',
    )
    if (!airtime) throw new Error('no airtime event')
    // The words of the push, the e-mail and the SMS, in English and in Hausa.
    expect(renderEventMessage(airtime, 'en')).toEqual({
      title: 'Airtime sent',
      text: '₦500.00 airtime sent to MTN 0803 555 0142',
    })
    expect(renderEventMessage(airtime, 'ha').title).toBe('An tura katin waya')
    for (const event of events) {
      for (const language of ['en', 'fr', 'es', 'ha'] as const) {
        const { title, text } = renderEventMessage(event, language)
        expect(`${title} ${text}`).not.toMatch(/transfer|virement|transferencia|turawa/i)
        expect(text).not.toMatch(/\{\w+\}/)
      }
    }
  })

  it('a POS card sale tells the merchant, a declined card tells nobody', async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    const sell = (card: string) =>
      moneyPost(client, '/api/pos/sale', {
        walletId: ngn.id,
        amount: '2500',
        customerInfo: {},
        description: 'Two loaves',
        type: 'pos_sale',
        card: { number: card },
      })
    expect((await sell('4000000000000002')).status).toBe(402)
    const sale = await sell('4242424242424242')
    expect(sale.status, sale.text).toBe(201)
    const events = await kinds(client)
    expect(events).toEqual([
      expect.objectContaining({ kind: 'pos_card_sale_paid', amount: '2500.00', currency: 'NGN' }),
    ])
    const [event] = events
    if (!event) throw new Error('no sale event')
    expect(renderEventMessage(event, 'en')).toEqual({
      title: 'Card sale paid',
      text: '₦2,500.00 was paid by card at your POS terminal',
    })
  })

  it('a sign-in from a new device, but not the first device nor one seen before', async () => {
    const first = createTestClient(context.app)
    const user = await signUpClient(first)
    expect(await kinds(first)).toEqual([])
    const login = { email: user.email, password: user.password }
    // The same browser again: no news.
    await first.get('/api/logout')
    expect((await first.post('/api/auth/login', login)).status).toBe(200)
    expect(await kinds(first)).toEqual([])
    // Another browser: a security alert.
    const second = createTestClient(context.app)
    expect(
      (
        await second.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: login,
          headers: {
            'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36',
          },
        })
      ).status,
    ).toBe(200)
    expect(await kinds(second)).toEqual([
      { kind: 'new_device_sign_in', device: 'Chrome on Android' },
    ])
    await second.get('/api/logout')
    expect((await second.post('/api/auth/login', login)).status).toBe(200)
    expect(await kinds(second)).toHaveLength(1)
  })

  it('a changed password and a replaced PIN, but not a refused change nor a first PIN', async () => {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    // signUpClient set the first PIN: no news.
    expect(await kinds(client)).toEqual([])
    const wrong = await client.post('/api/auth/password', {
      currentPassword: 'not-the-password-1',
      newPassword: 'A-new-password-42',
    })
    expect(wrong.status).toBe(400)
    expect(await kinds(client)).toEqual([])
    const changed = await client.post('/api/auth/password', {
      currentPassword: user.password,
      newPassword: 'A-new-password-42',
    })
    expect(changed.status, changed.text).toBe(204)
    const pin = await client.post('/api/pin', { pin: '8642', password: 'A-new-password-42' })
    expect(pin.status, pin.text).toBe(200)
    expect((await kinds(client)).map((data) => data.kind)).toEqual([
      'pin_changed',
      'password_changed',
    ])
  })
})
