import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { paymentRequests } from '#server/db/schema.ts'
import { makePosSale } from '#server/pos/make-pos-sale.ts'
import { posAnalytics } from '#server/pos/pos-analytics.ts'
import { createSandboxCardAcquirer } from '#server/providers/sandbox-card-acquirer.ts'
import { paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import { posAnalyticsSchema, posSaleRequestSchema, posSaleSchema } from '#shared/schemas/pos.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

describeMoneyApi('POS terminal', (context) => {
  async function merchant() {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    return { client, user, ngn }
  }

  function sell(client: TestClient, body: Record<string, unknown>) {
    return moneyPost(client, '/api/pos/sale', {
      amount: 1500,
      description: 'Jollof rice',
      type: 'pos_sale',
      ...body,
    })
  }

  it('takes a card sale through card acquiring into the receiving wallet, at once', async () => {
    const { client, ngn } = await merchant()
    const response = await sell(client, {
      walletId: ngn.id,
      customerInfo: { name: 'Bisi Ade', email: 'bisi@example.com', phone: '' },
      card: { number: '4242 4242 4242 4242' },
    })
    expect(response.status, response.text).toBe(201)
    const sale = posSaleSchema.parse(response.body)
    expect(sale).toMatchObject({
      amount: '1500.00',
      status: 'completed',
      method: 'card',
      cardLast4: '4242',
      customer: { name: 'Bisi Ade', email: 'bisi@example.com', phone: null },
      paymentRequest: null,
    })
    expect((await walletIn(client, 'NGN')).balance).toBe('1500.00')
    const [transaction] = await history(client)
    expect(transaction).toMatchObject({
      id: sale.transactionId,
      type: 'pos_sale',
      status: 'completed',
      amount: '1500.00',
      description: 'Jollof rice',
    })
    // The documented body with nothing else: a default description, the terminal's test card.
    const plain = await moneyPost(client, '/api/pos/sale', {
      walletId: ngn.id,
      amount: 20,
      customerInfo: { name: '', email: '', phone: '' },
      description: '',
      type: 'pos_sale',
    })
    expect(plain.status, plain.text).toBe(201)
    expect(plain.body).toMatchObject({ description: 'POS Sale', customer: { name: null } })
  })

  it('declines and refuses bad sales with a clear 4xx, and nothing moves', async () => {
    const { client, ngn } = await merchant()
    const { ngn: theirs } = await merchant()
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { walletId: ngn.id, card: { number: '4000000000000002' } },
        402,
        'Card declined by the issuer',
      ],
      [
        { walletId: ngn.id, card: { number: '4000000000009995' } },
        402,
        'Insufficient funds on the card',
      ],
      [{ walletId: ngn.id, card: { number: '4242424242424241' } }, 400, 'Card number is not valid'],
      [{ walletId: ngn.id, card: { number: '42' } }, 400, 'Card number must be 12 to 19 digits'],
      [
        { walletId: undefined },
        400,
        'Missing Information - Please select a wallet and enter amount',
      ],
      [{ walletId: ngn.id, amount: 0 }, 400, 'Amount must be greater than 0'],
      [{ walletId: ngn.id, type: 'refund' }, 400, 'type must be "pos_sale"'],
      [{ walletId: ngn.id, method: 'cash' }, 400, 'method must be card or qr'],
      [{ walletId: ngn.id, customerInfo: { email: 'not-an-email' } }, 400, 'not a valid e-mail'],
      [{ walletId: theirs.id }, 404, 'Wallet not found'],
    ]
    for (const [overrides, status, message] of cases) {
      const response = await sell(client, overrides)
      expect(response.status, JSON.stringify(overrides)).toBe(status)
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) })
    }
    expect((await walletIn(client, 'NGN')).balance).toBe('0.00')
    expect((await client.get('/api/pos/sales')).body).toEqual([])
  })

  it('a QR sale waits for the customer, completes when they pay it, and is paid once', async () => {
    const { client, ngn } = await merchant()
    const started = await sell(client, { walletId: ngn.id, method: 'qr', amount: '800.00' })
    expect(started.status, started.text).toBe(201)
    const sale = posSaleSchema.parse(started.body)
    expect(sale).toMatchObject({ status: 'pending', method: 'qr', transactionId: null })
    const requestId = sale.paymentRequest?.id ?? ''
    expect(sale.paymentRequest?.link).toContain('/pay?data=')

    const customer = createTestClient(context.app)
    await signUpClient(customer, { firstName: 'Chiamaka', lastName: 'Nwosu' })
    const customerNgn = await walletIn(customer, 'NGN')
    await addFunds(customer, customerNgn.id, '1000.00')
    const request = paymentRequestSchema.parse(
      (await customer.get(`/api/payment-requests/${requestId}`)).body,
    )
    expect(request).toMatchObject({
      amount: '800.00',
      description: 'Jollof rice',
      status: 'open',
    })
    const paid = await moneyPost(customer, `/api/payment-requests/${requestId}/pay`, {
      fromWalletId: customerNgn.id,
      amount: '800.00',
    })
    expect(paid.status, paid.text).toBe(201)
    const again = await moneyPost(customer, `/api/payment-requests/${requestId}/pay`, {
      fromWalletId: customerNgn.id,
    })
    expect(again.status).toBe(409)

    const done = posSaleSchema.parse((await client.get(`/api/pos/sales/${sale.id}`)).body)
    expect(done).toMatchObject({ status: 'completed', customer: { name: 'Chiamaka Nwosu' } })
    expect(done.transactionId).not.toBeNull()
    expect((await walletIn(client, 'NGN')).balance).toBe('800.00')
    expect((await walletIn(customer, 'NGN')).balance).toBe('200.00')

    // A card sale after it: the history lists both, newest first.
    expect((await sell(client, { walletId: ngn.id, amount: 100 })).status).toBe(201)
    const sales = posSaleSchema.array().parse((await client.get('/api/pos/sales')).body)
    expect(sales.map((s) => [s.method, s.status])).toEqual([
      ['card', 'completed'],
      ['qr', 'completed'],
    ])
    // Nobody else sees the merchant's sales.
    expect((await customer.get('/api/pos/sales')).body).toEqual([])
    expect((await customer.get(`/api/pos/sales/${sale.id}`)).status).toBe(404)
  })

  it('a QR sale nobody paid in time reads as expired, and its code pays nothing', async () => {
    const { client, ngn } = await merchant()
    const sale = posSaleSchema.parse((await sell(client, { walletId: ngn.id, method: 'qr' })).body)
    const requestId = sale.paymentRequest?.id ?? ''
    await context.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, requestId))
    expect((await client.get(`/api/pos/sales/${sale.id}`)).body).toMatchObject({
      status: 'expired',
    })
    const customer = createTestClient(context.app)
    await signUpClient(customer)
    const customerNgn = await walletIn(customer, 'NGN')
    await addFunds(customer, customerNgn.id, '5000.00')
    const late = await moneyPost(customer, `/api/payment-requests/${requestId}/pay`, {
      fromWalletId: customerNgn.id,
    })
    expect(late.status).toBe(409)
    expect((await walletIn(client, 'NGN')).balance).toBe('0.00')
  })

  it("cancelling a QR sale's request cancels the sale and its code pays nothing", async () => {
    const { client, ngn } = await merchant()
    const sale = posSaleSchema.parse((await sell(client, { walletId: ngn.id, method: 'qr' })).body)
    const requestId = sale.paymentRequest?.id ?? ''
    expect((await client.post(`/api/payment-requests/${requestId}/cancel`)).status).toBe(200)
    expect((await client.get(`/api/pos/sales/${sale.id}`)).body).toMatchObject({
      status: 'cancelled',
    })
  })

  it("analytics match a hand-computed fixture, in the merchant's own time zone", async () => {
    const { client, user, ngn } = await merchant()
    const usd = await walletIn(client, 'USD')
    const acquirer = createSandboxCardAcquirer()
    // "Now" is 15:30 UTC on 10 March, 16:30 for a merchant at UTC+1 (getTimezoneOffset -60).
    const now = Date.parse('2026-03-10T15:30:00Z')
    const tz = -60
    const sales: [string, string, number][] = [
      [ngn.id, '100.00', now - HOUR_MS], // today 15:30 local
      [ngn.id, '50.00', now - 2 * HOUR_MS], // today 14:30 local
      [ngn.id, '5.00', Date.parse('2026-03-09T23:30:00Z')], // today 00:30 local, yesterday in UTC
      [ngn.id, '200.00', now - 3 * DAY_MS], // 7 March 16:30 local
      [ngn.id, '30.00', now - 10 * DAY_MS], // 28 February
      [ngn.id, '999.00', now - 40 * DAY_MS], // outside 30 days
      [usd.id, '10.00', now - HOUR_MS], // another currency, never added to naira
    ]
    for (const [walletId, amount, at] of sales) {
      await context.database.db.transaction((tx) =>
        makePosSale(
          tx,
          user.id,
          posSaleRequestSchema.parse({ walletId, amount, type: 'pos_sale' }),
          acquirer,
          at,
        ),
      )
    }
    // A QR sale nobody has paid yet is not takings.
    await context.database.db.transaction((tx) =>
      makePosSale(
        tx,
        user.id,
        posSaleRequestSchema.parse({ walletId: ngn.id, amount: '70.00', method: 'qr' }),
        acquirer,
        now - HOUR_MS,
      ),
    )

    const figures = await posAnalytics(context.database.db, user.id, 7, tz, now)
    expect(figures.currencies.map((c) => c.currency.code)).toEqual(['NGN', 'USD'])
    const naira = figures.currencies[0]
    expect(naira).toMatchObject({
      today: { total: '155.00', count: 3 },
      last7Days: { total: '355.00', count: 4 },
      last30Days: { total: '385.00', count: 5 },
      // 355.00 / 4 = 88.75
      period: { total: '355.00', count: 4, average: '88.75' },
      bestHours: [
        { hour: 16, total: '200.00', count: 1 },
        { hour: 15, total: '100.00', count: 1 },
        { hour: 14, total: '50.00', count: 1 },
      ],
    })
    expect(naira?.daily.map((d) => [d.date, d.total, d.count])).toEqual([
      ['2026-03-04', '0.00', 0],
      ['2026-03-05', '0.00', 0],
      ['2026-03-06', '0.00', 0],
      ['2026-03-07', '200.00', 1],
      ['2026-03-08', '0.00', 0],
      ['2026-03-09', '0.00', 0],
      ['2026-03-10', '155.00', 3],
    ])
    expect(figures.currencies[1]).toMatchObject({
      currency: { code: 'USD' },
      today: { total: '10.00', count: 1 },
    })
    // In UTC the 00:30 sale belongs to the day before.
    const utc = await posAnalytics(context.database.db, user.id, 7, 0, now)
    expect(utc.currencies[0]?.today).toEqual({ total: '150.00', count: 2 })

    // Through HTTP (today's clock): a sale made now is today's takings; bad periods refused.
    expect((await sell(client, { walletId: ngn.id, amount: '12.50' })).status).toBe(201)
    const live = await client.get('/api/pos/analytics?days=30&tzOffset=-60')
    expect(live.status).toBe(200)
    const liveNaira = posAnalyticsSchema.parse(live.body).currencies[0]
    expect(liveNaira?.daily).toHaveLength(30)
    expect(liveNaira?.today).toEqual({ total: '12.50', count: 1 })
    expect((await client.get('/api/pos/analytics?days=0')).status).toBe(400)
    expect((await client.get('/api/pos/analytics?days=91')).status).toBe(400)
    const stranger = createTestClient(context.app)
    await signUpClient(stranger)
    expect((await stranger.get('/api/pos/analytics')).body).toEqual({
      days: 30,
      currencies: [],
    })
  })
})
