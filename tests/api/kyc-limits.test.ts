import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { kycDailyUsage } from '#server/db/schema.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { limitCheckSchema, limitsSchema, tierThreeResponseSchema } from '#shared/schemas/limits.ts'
import {
  addFunds,
  moneyPost,
  raiseTier,
  signUpClient,
  TIER_THREE_BODY,
  walletIn,
} from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

async function limitsOf(client: TestClient) {
  const response = await client.get('/api/limits')
  expect(response.status, response.text).toBe(200)
  return limitsSchema.parse(response.body)
}

function refusal(response: { status: number; body: unknown; text: string }) {
  expect(response.status, response.text).toBe(403)
  const body = apiErrorSchema.parse(response.body)
  expect(body.code).toBe('LIMIT_EXCEEDED')
  return body
}

describeMoneyApi('KYC tiers and limits', (context) => {
  async function member(tier: 1 | 2 | 3) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, {}, { tier })
    const ngn = await walletIn(client, 'NGN')
    return { client, user, ngn }
  }

  function send(client: TestClient, fromWalletId: string, recipientUserId: string, amount: string) {
    return moneyPost(client, '/api/send-money/sabi-user', { fromWalletId, recipientUserId, amount })
  }

  it('a new account is tier 1 and GET /api/limits says what it allows, has used and holds', async () => {
    const { client, ngn } = await member(1)
    expect(await limitsOf(client)).toMatchObject({
      tier: 1,
      currency: 'NGN',
      singleMax: '50000.00',
      dailyMax: '50000.00',
      dailyUsed: '0.00',
      dailyRemaining: '50000.00',
      balanceMax: '300000.00',
      balance: '0.00',
    })
    await addFunds(client, ngn.id, '80000.00')
    const { user: friend } = await member(3)
    expect((await send(client, ngn.id, friend.id, '12500.00')).status).toBe(201)
    const limits = await limitsOf(client)
    expect(limits).toMatchObject({
      dailyUsed: '12500.00',
      dailyRemaining: '37500.00',
      balance: '67500.00',
    })
    expect(limits.tiers.map((each) => each.tier)).toEqual([1, 2, 3])
    expect(Date.parse(limits.resetsAt)).toBeGreaterThan(Date.now())
  })

  it('refuses a payment over the single or daily limit with what remains, and moves nothing', async () => {
    const { client, ngn } = await member(1)
    const { client: friendClient, user: friend } = await member(3)
    await addFunds(client, ngn.id, '200000.00')

    const tooBig = refusal(await send(client, ngn.id, friend.id, '50000.01'))
    expect(tooBig.message).toBe(
      'The most you can send in one payment on your current tier is ₦50,000.00',
    )
    expect(tooBig).toMatchObject({ limit: 'single', remaining: '50000.00' })

    expect((await send(client, ngn.id, friend.id, '37500.00')).status).toBe(201)
    const overDay = refusal(await send(client, ngn.id, friend.id, '12500.01'))
    expect(overDay.message).toBe('You can send ₦12,500.00 more today on your current tier')
    expect(overDay).toMatchObject({ limit: 'daily', remaining: '12500.00' })
    expect((await send(client, ngn.id, friend.id, '12500.00')).status).toBe(201)
    const spent = refusal(await send(client, ngn.id, friend.id, '0.01'))
    expect(spent.message).toBe(
      'You have reached your daily limit of ₦50,000.00 on your current tier',
    )
    const reached = await client.get('/api/limits/check?currency=NGN&amount=0.01')
    expect(limitCheckSchema.parse(reached.body)).toMatchObject({
      allowed: false,
      limit: 'daily',
      code: 'DAILY_REACHED',
      params: { amount: '50000.00' },
    })

    // Every outgoing kind counts against the same day: an exchange out of the wallet too.
    const usd = await walletIn(client, 'USD')
    const exchange = await moneyPost(client, '/api/exchange', {
      fromWalletId: ngn.id,
      toWalletId: usd.id,
      fromCurrencyId: ngn.currencyId,
      toCurrencyId: usd.currencyId,
      amount: '100.00',
    })
    refusal(exchange)
    expect((await walletIn(client, 'NGN')).balance).toBe('150000.00')
    expect((await walletIn(friendClient, 'NGN')).balance).toBe('50000.00')
  })

  it('refuses money in that would take a user over their balance cap, without telling a sender their balance', async () => {
    const { client, user, ngn } = await member(1)
    await addFunds(client, ngn.id, '290000.00')
    const topUp = refusal(
      await moneyPost(client, '/api/add-funds', {
        walletId: ngn.id,
        amount: '10000.01',
        method: 'card',
      }),
    )
    expect(topUp.message).toBe(
      'This would take your balance over ₦300,000.00, the most your current tier can hold. You can receive ₦10,000.00 more',
    )
    expect(topUp).toMatchObject({ limit: 'balance', remaining: '10000.00' })

    const { client: sender, ngn: senderNgn } = await member(3)
    await addFunds(sender, senderNgn.id, '100000.00')
    const toFull = refusal(await send(sender, senderNgn.id, user.id, '10000.01'))
    expect(toFull.message).toBe(
      'The recipient cannot receive this amount: it would take their account over its limit',
    )
    expect(toFull.remaining).toBeUndefined()
    expect(toFull.message).not.toMatch(/290,000|10,000/)
    expect((await send(sender, senderNgn.id, user.id, '10000.00')).status).toBe(201)
    expect((await walletIn(client, 'NGN')).balance).toBe('300000.00')
    expect((await walletIn(sender, 'NGN')).balance).toBe('90000.00')

    // Dollars count at the market rate: any top-up of the USD wallet is now over the cap.
    const usd = await walletIn(client, 'USD')
    refusal(
      await moneyPost(client, '/api/add-funds', {
        walletId: usd.id,
        amount: '1.00',
        method: 'card',
      }),
    )
  })

  it('a paid request and a POS sale are refused when they would take the payee over the cap', async () => {
    const { client: merchant, ngn } = await member(1)
    await addFunds(merchant, ngn.id, '299000.00')
    const sale = await moneyPost(merchant, '/api/pos/sale', {
      walletId: ngn.id,
      amount: '1000.01',
      customerInfo: { name: '', email: '', phone: '' },
      description: '',
      type: 'pos_sale',
    })
    refusal(sale)
    const created = await merchant.post('/api/payment-requests', {
      walletId: ngn.id,
      amount: '5000.00',
    })
    expect(created.status, created.text).toBe(201)
    const requestId =
      typeof created.body === 'object' && created.body && 'id' in created.body
        ? String(created.body.id)
        : ''
    const { client: payer, ngn: payerNgn } = await member(3)
    await addFunds(payer, payerNgn.id, '10000.00')
    const paid = await moneyPost(payer, `/api/payment-requests/${requestId}/pay`, {
      fromWalletId: payerNgn.id,
    })
    expect(refusal(paid).message).toMatch(/^The recipient cannot receive this amount/)
    expect((await walletIn(payer, 'NGN')).balance).toBe('10000.00')
    expect((await walletIn(merchant, 'NGN')).balance).toBe('299000.00')
  })

  it('goes up a tier with BVN or NIN, then with a document and address; each tier allows more', async () => {
    const { client, ngn } = await member(1)
    const early = await client.post('/api/kyc/tier-3', TIER_THREE_BODY)
    expect(early.status, early.text).toBe(403)
    await raiseTier(client, 2)
    expect(await limitsOf(client)).toMatchObject({
      tier: 2,
      singleMax: '200000.00',
      balanceMax: '500000.00',
    })
    const { user: friend } = await member(3)
    await addFunds(client, ngn.id, '450000.00')
    expect((await send(client, ngn.id, friend.id, '150000.00')).status).toBe(201)

    const bad = await client.post('/api/kyc/tier-3', { ...TIER_THREE_BODY, documentType: 'cheque' })
    expect(bad.status).toBe(400)
    const failed = tierThreeResponseSchema.parse(
      (
        await client.post('/api/kyc/tier-3', {
          ...TIER_THREE_BODY,
          documentNumber: 'A12340000',
        })
      ).body,
    )
    expect(failed.failureReason).toMatch(/could not be found/)
    expect(failed.limits.tier).toBe(2)

    const passed = await client.post('/api/kyc/tier-3', TIER_THREE_BODY)
    expect(passed.status, passed.text).toBe(200)
    const upgraded = tierThreeResponseSchema.parse(passed.body)
    expect(upgraded.failureReason).toBeNull()
    expect(upgraded.limits).toMatchObject({
      tier: 3,
      balanceMax: null,
      dailyRemaining: '4850000.00',
    })
    expect((await client.post('/api/kyc/tier-3', TIER_THREE_BODY)).status).toBe(409)
    const me = await client.get('/api/auth/user')
    expect(me.body).toMatchObject({ kycTier: 3, isVerified: true })
    expect((await send(client, ngn.id, friend.id, '250000.00')).status).toBe(201)
  })

  it('tells the review step, before the PIN, whether an amount is within the limits', async () => {
    const { client, ngn } = await member(1)
    const { user: friend } = await member(3)
    await addFunds(client, ngn.id, '100000.00')
    expect((await send(client, ngn.id, friend.id, '40000.00')).status).toBe(201)
    const check = async (currency: string, amount: string) => {
      const response = await client.get(`/api/limits/check?currency=${currency}&amount=${amount}`)
      expect(response.status, response.text).toBe(200)
      return limitCheckSchema.parse(response.body)
    }
    expect(await check('NGN', '10000.00')).toMatchObject({
      allowed: true,
      limit: null,
      remaining: '10000.00',
      code: null,
      params: null,
    })
    expect(await check('NGN', '10000.01')).toMatchObject({
      allowed: false,
      limit: 'daily',
      message: 'You can send ₦10,000.00 more today on your current tier',
      code: 'DAILY_REMAINING',
      params: { amount: '10000.00' },
    })
    const dollars = await check('USD', '100.00')
    expect(dollars).toMatchObject({
      allowed: false,
      limit: 'single',
      code: 'SINGLE_MAX',
      params: { amount: '50000.00' },
    })
    expect(Number(dollars.value)).toBeGreaterThan(50000)
    expect((await client.get('/api/limits/check?currency=XYZ&amount=1')).status).toBe(400)
    expect((await client.get('/api/limits/check?currency=NGN&amount=abc')).status).toBe(400)
  })

  it("counts the day in Lagos time: yesterday's usage does not count today", async () => {
    const { client, user, ngn } = await member(1)
    await addFunds(client, ngn.id, '60000.00')
    const yesterday = lagosDay(new Date(Date.now() - 24 * 60 * 60 * 1000))
    await context.database.db
      .insert(kycDailyUsage)
      .values({ userId: user.id, day: yesterday, sentMinor: 5_000_000n })
    const { user: friend } = await member(3)
    expect((await send(client, ngn.id, friend.id, '50000.00')).status).toBe(201)
    const [today] = await context.database.db
      .select()
      .from(kycDailyUsage)
      .where(and(eq(kycDailyUsage.userId, user.id), eq(kycDailyUsage.day, lagosDay(new Date()))))
    expect(today?.sentMinor).toBe(5_000_000n)
  })

  it('a bank payout that fails and is refunded gives its usage back', async () => {
    const { client, ngn } = await member(1)
    await addFunds(client, ngn.id, '100000.00')
    const rejected = await moneyPost(client, '/api/send-money/bank', {
      fromWalletId: ngn.id,
      bankCode: '058',
      accountNumber: '3141599999',
      accountName: 'Ngozi Eze',
      amount: '40000.00',
    })
    expect(rejected.status, rejected.text).toBe(201)
    expect((await limitsOf(client)).dailyUsed).toBe('40000.00')
    const providers = payoutProvidersOf(sandboxProviders())
    const now = Date.now()
    await runPayoutWorker(context.database.db, providers, now)
    await runPayoutWorker(context.database.db, providers, now + 10_000)
    expect((await walletIn(client, 'NGN')).balance).toBe('100000.00')
    expect((await limitsOf(client)).dailyUsed).toBe('0.00')
  })

  it('20 concurrent ₦5,000 sends by a tier-1 user holding ₦200,000 succeed exactly 10 times', async () => {
    const { client, ngn } = await member(1)
    const { client: friendClient, user: friend } = await member(3)
    await addFunds(client, ngn.id, '200000.00')
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(client, ngn.id, friend.id, '5000.00')),
    )
    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 403)).toHaveLength(10)
    expect((await walletIn(client, 'NGN')).balance).toBe('150000.00')
    expect((await walletIn(friendClient, 'NGN')).balance).toBe('50000.00')
    expect((await limitsOf(client)).dailyRemaining).toBe('0.00')
  })

  it('concurrent payments to one tier-1 user never take them over the cap', async () => {
    const { client, user, ngn } = await member(1)
    await addFunds(client, ngn.id, '250000.00')
    const senders = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const sender = await member(3)
        await addFunds(sender.client, sender.ngn.id, '100000.00')
        return sender
      }),
    )
    const results = await Promise.all(
      senders.flatMap((sender) =>
        Array.from({ length: 5 }, () => send(sender.client, sender.ngn.id, user.id, '5000.00')),
      ),
    )
    expect(results.filter((result) => result.status === 201)).toHaveLength(10)
    expect((await walletIn(client, 'NGN')).balance).toBe('300000.00')
  })
})

describe('lagosDay', () => {
  it('turns at 23:00 UTC, Lagos midnight', () => {
    expect(lagosDay(new Date('2026-11-23T22:59:59.999Z'))).toBe('2026-11-23')
    expect(lagosDay(new Date('2026-11-23T23:00:00.000Z'))).toBe('2026-11-24')
    expect(lagosDay(new Date('2026-06-30T23:30:00.000Z'))).toBe('2026-07-01')
  })
})
