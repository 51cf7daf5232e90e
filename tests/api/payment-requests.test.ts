import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentRequests } from '#server/db/schema.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { type PaymentRequest, paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts'

function linkData(request: PaymentRequest): unknown {
  const url = new URL(request.link, 'https://sabi.example')
  expect(url.pathname).toBe('/pay')
  return JSON.parse(url.searchParams.get('data') ?? 'null')
}

describeMoneyApi('payment requests', (context) => {
  async function person(naira?: string) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    if (naira) await addFunds(client, ngn.id, naira)
    return { client, user, ngn }
  }

  async function ask(client: TestClient, walletId: string, body: Record<string, unknown> = {}) {
    const response = await client.post('/api/payment-requests', {
      walletId,
      amount: 2500,
      ...body,
    })
    expect(response.status, response.text).toBe(201)
    return paymentRequestSchema.parse(response.body)
  }

  function pay(client: TestClient, id: string, body: Record<string, unknown>, key?: string) {
    return moneyPost(client, `/api/payment-requests/${id}/pay`, body, key)
  }

  it('stores a request with a /pay link in the documented format, shown to any signed-in user', async () => {
    const { client, user, ngn } = await person()
    const request = await ask(client, ngn.id)
    expect(request).toMatchObject({
      status: 'open',
      amount: '2500.00',
      currency: { code: 'NGN', symbol: '₦' },
      description: 'Payment request',
      isOwn: true,
    })
    const days = (Date.parse(request.expiresAt) - Date.parse(request.createdAt)) / 86_400_000
    expect(days).toBe(7)
    expect(linkData(request)).toEqual({
      recipientId: user.id,
      walletId: ngn.id,
      amount: '2500.00',
      currency: 'NGN',
      description: 'Payment request',
      requestId: request.id,
    })
    const mine = paymentRequestSchema
      .array()
      .parse((await client.get('/api/payment-requests')).body)
    expect(mine.map((r) => r.id)).toEqual([request.id])

    const { client: other } = await person()
    const seen = paymentRequestSchema.parse(
      (await other.get(`/api/payment-requests/${request.id}`)).body,
    )
    expect(seen).toMatchObject({
      isOwn: false,
      requester: { id: user.id },
      transactionId: null,
    })
    expect((await other.get('/api/payment-requests')).body).toEqual([])
    expect(
      (await createTestClient(context.app).get(`/api/payment-requests/${request.id}`)).status,
    ).toBe(401)
    expect((await other.get(`/api/payment-requests/${randomUUID()}`)).status).toBe(404)
  })

  it('refuses bad requests with the documented message', async () => {
    const { client, ngn } = await person()
    const { ngn: theirs } = await person()
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { walletId: undefined },
        400,
        'Missing Information - Please select a wallet and enter an amount',
      ],
      [{ amount: 0 }, 400, 'Amount must be greater than 0'],
      [{ amount: '1.234' }, 400, 'at most 2 decimal places'],
      [{ description: 'x'.repeat(141) }, 400, 'Description must be at most 140 characters'],
      [{ walletId: theirs.id }, 404, 'Wallet not found'],
    ]
    for (const [overrides, status, message] of cases) {
      const response = await client.post('/api/payment-requests', {
        walletId: ngn.id,
        amount: 10,
        ...overrides,
      })
      expect(response.status, JSON.stringify(overrides)).toBe(status)
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) })
    }
    expect((await client.get('/api/payment-requests')).body).toEqual([])
  })

  it('is paid once by a free transfer: both balances move once and the request says paid', async () => {
    const asker = await person()
    const payer = await person('10000.00')
    const request = await ask(asker.client, asker.ngn.id, { description: 'Lunch' })
    const key = randomUUID()
    const first = await pay(
      payer.client,
      request.id,
      { fromWalletId: payer.ngn.id, amount: '2500.00' },
      key,
    )
    expect(first.status, first.text).toBe(201)
    const paid = paymentRequestSchema.parse(first.body)
    expect(paid).toMatchObject({ status: 'paid', isOwn: false })
    expect(paid.transactionId).not.toBeNull()
    // The same submission again (a lost answer, a double tap) replays; nothing moves twice.
    const again = await pay(
      payer.client,
      request.id,
      { fromWalletId: payer.ngn.id, amount: '2500.00' },
      key,
    )
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    // A new submission finds it paid.
    const late = await pay(payer.client, request.id, { fromWalletId: payer.ngn.id })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ message: 'This payment request has already been paid' })

    expect((await walletIn(payer.client, 'NGN')).balance).toBe('7500.00')
    expect((await walletIn(asker.client, 'NGN')).balance).toBe('2500.00')
    const [received] = await history(asker.client)
    expect(received).toMatchObject({ type: 'receive', amount: '2500.00', description: 'Lunch' })
    const seen = paymentRequestSchema.parse(
      (await asker.client.get(`/api/payment-requests/${request.id}`)).body,
    )
    expect(seen).toMatchObject({ status: 'paid', transactionId: paid.transactionId })
  })

  it('takes no money for a tampered, own, wrong-currency, cancelled or expired request', async () => {
    const asker = await person()
    const payer = await person('10000.00')
    const usd = await walletIn(payer.client, 'USD')
    await addFunds(payer.client, usd.id, '100.00')
    const request = await ask(asker.client, asker.ngn.id)
    const refusals: [TestClient, Record<string, unknown>, number, string][] = [
      [
        payer.client,
        { fromWalletId: payer.ngn.id, amount: '25.00' },
        409,
        'This payment link has been changed',
      ],
      [payer.client, { fromWalletId: usd.id }, 400, 'pay it from your NGN wallet'],
      [
        asker.client,
        { fromWalletId: asker.ngn.id },
        400,
        'You cannot pay your own payment request',
      ],
      [payer.client, { fromWalletId: asker.ngn.id }, 404, 'Wallet not found'],
      [payer.client, {}, 400, 'Please select a wallet'],
    ]
    for (const [client, body, status, message] of refusals) {
      const response = await pay(client, request.id, body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) })
    }
    expect((await pay(payer.client, randomUUID(), { fromWalletId: payer.ngn.id })).status).toBe(404)

    // Someone else cannot cancel it; its requester can, twice, and then it pays nothing.
    expect((await payer.client.post(`/api/payment-requests/${request.id}/cancel`)).status).toBe(404)
    for (let i = 0; i < 2; i++) {
      const cancelled = await asker.client.post(`/api/payment-requests/${request.id}/cancel`)
      expect(cancelled.status).toBe(200)
      expect(cancelled.body).toMatchObject({ status: 'cancelled' })
    }
    const afterCancel = await pay(payer.client, request.id, { fromWalletId: payer.ngn.id })
    expect(afterCancel.status).toBe(409)
    expect(afterCancel.body).toMatchObject({ message: 'This payment request was cancelled' })

    // Past its seven days a request reads as expired and pays nothing.
    const old = await ask(asker.client, asker.ngn.id)
    await context.database.db
      .update(paymentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentRequests.id, old.id))
    const expired = await pay(payer.client, old.id, { fromWalletId: payer.ngn.id })
    expect(expired.status).toBe(409)
    expect(expired.body).toMatchObject({ message: 'This payment request has expired' })
    expect((await payer.client.get(`/api/payment-requests/${old.id}`)).body).toMatchObject({
      status: 'expired',
    })

    // A paid request cannot be cancelled afterwards.
    const paidOne = await ask(asker.client, asker.ngn.id)
    expect((await pay(payer.client, paidOne.id, { fromWalletId: payer.ngn.id })).status).toBe(201)
    expect((await asker.client.post(`/api/payment-requests/${paidOne.id}/cancel`)).status).toBe(409)

    expect((await walletIn(payer.client, 'NGN')).balance).toBe('7500.00')
    expect((await walletIn(payer.client, 'USD')).balance).toBe('100.00')
    expect((await walletIn(asker.client, 'NGN')).balance).toBe('2500.00')
  })

  it('refuses a payer without enough money and leaves the request open', async () => {
    const asker = await person()
    const payer = await person('100.00')
    const request = await ask(asker.client, asker.ngn.id)
    const response = await pay(payer.client, request.id, { fromWalletId: payer.ngn.id })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({
      message: expect.stringContaining('Insufficient funds'),
    })
    expect((await payer.client.get(`/api/payment-requests/${request.id}`)).body).toMatchObject({
      status: 'open',
    })
  })
})

const skip = process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set (CI sets it)'

describe.skipIf(skip !== undefined)(
  `payment requests under concurrency on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let database: TestDatabase
    let app: Awaited<ReturnType<typeof createTestApp>>

    beforeAll(async () => {
      database = await createTestDatabase('postgres', 20)
      app = await createTestApp(database, { MONEY_RATE_LIMIT_PER_MINUTE: '100000' })
    })
    afterAll(async () => {
      await app?.close()
      await database?.destroy()
    })

    it('ten payers racing, each tapping twice, pay one request exactly once', async () => {
      const asker = createTestClient(app)
      await signUpClient(asker)
      const askerNgn = await walletIn(asker, 'NGN')
      const created = await asker.post('/api/payment-requests', {
        walletId: askerNgn.id,
        amount: '300.00',
      })
      const request = paymentRequestSchema.parse(created.body)
      const payers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const client = createTestClient(app)
          await signUpClient(client)
          const ngn = await walletIn(client, 'NGN')
          await addFunds(client, ngn.id, '1000.00')
          return { client, ngn }
        }),
      )
      const results = await Promise.all(
        payers.flatMap(({ client, ngn }) =>
          [0, 1].map(() =>
            moneyPost(client, `/api/payment-requests/${request.id}/pay`, { fromWalletId: ngn.id }),
          ),
        ),
      )
      expect(results.filter((r) => r.status === 201)).toHaveLength(1)
      expect(results.filter((r) => r.status === 409)).toHaveLength(19)
      expect((await walletIn(asker, 'NGN')).balance).toBe('300.00')
      const balances = await Promise.all(payers.map(({ client }) => walletIn(client, 'NGN')))
      expect(balances.map((w) => w.balance).sort()).toEqual(
        [
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '1000.00',
          '700.00',
        ].sort(),
      )
      expect(await verifyLedger(database.db)).toEqual([])
    })
  },
)
