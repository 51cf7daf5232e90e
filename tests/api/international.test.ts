import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { payouts } from '#server/db/schema.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { createSandboxInternationalProvider } from '#server/providers/sandbox-international.ts'
import { convertAtRate, money, parseScaled, RATE_SCALE } from '#shared/money.ts'
import { quoteSchema } from '#shared/schemas/exchange.ts'
import {
  type InternationalQuote,
  internationalQuoteSchema,
  internationalRegionSchema,
} from '#shared/schemas/international.ts'
import { recipientSchema } from '#shared/schemas/recipients.ts'
import { currencySchema, exchangeRateSchema } from '#shared/schemas/reference.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

const providers = new Map([['sandbox-international', createSandboxInternationalProvider()]])
const QUOTE_TTL_MS = 10 * 60 * 1000

const BANK_WIRE = {
  method: 'bank_wire',
  fullName: 'Emeka Obi',
  bankName: 'Barclays',
  accountNumber: 'GB29 NWBK 6016 1331 9268 19',
  swiftCode: 'nwbkgb2l',
}
const CASH_PICKUP = {
  method: 'cash_pickup',
  fullName: 'Kemi Adebayo',
  phoneNumber: '+1 (416) 555-0134',
}
const MOBILE_WALLET = {
  method: 'mobile_wallet',
  fullName: 'Tolu Bello',
  phoneNumber: '+52 55 1234 5678',
  walletProvider: 'Mercado Pago',
}

describeMoneyApi('international transfers', (context) => {
  async function sender(code = 'USD', amount = '1000.00') {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const wallet = await walletIn(client, code)
    await addFunds(client, wallet.id, amount)
    return { client, wallet }
  }

  async function quote(
    client: TestClient,
    fromWalletId: string,
    overrides: Record<string, unknown> = {},
  ): Promise<InternationalQuote> {
    const response = await client.post('/api/international/quote', {
      fromWalletId,
      region: 'north-america',
      countryCode: 'US',
      method: 'bank_wire',
      amount: '100.00',
      ...overrides,
    })
    expect(response.status, response.text).toBe(201)
    return internationalQuoteSchema.parse(response.body)
  }

  function send(
    client: TestClient,
    quoteId: string,
    fromWalletId: string,
    recipient: Record<string, unknown> = BANK_WIRE,
    key?: string,
  ) {
    return moneyPost(
      client,
      '/api/send-money/international',
      { quoteId, fromWalletId, recipient, description: 'School fees' },
      key,
    )
  }

  async function details(client: TestClient, id: string) {
    return transactionDetailsSchema.parse((await client.get(`/api/transactions/${id}`)).body)
  }

  /** Runs the worker once to send, then again after the sandbox partner has answered. */
  async function settleAll() {
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 5_000)
  }

  it('lists the six regions with their countries, fees per method and delivery estimates', async () => {
    const response = await createTestClient(context.app).get('/api/international/regions')
    expect(response.status).toBe(200)
    const regions = internationalRegionSchema.array().parse(response.body)
    expect(regions.map((region) => [region.id, region.feeRangePercent])).toEqual([
      ['north-america', { min: '1.50', max: '2.50' }],
      ['europe', { min: '1.50', max: '2.00' }],
      ['asia-pacific', { min: '2.00', max: '3.00' }],
      ['middle-east', { min: '2.50', max: '3.50' }],
      ['caribbean', { min: '3.00', max: '4.00' }],
      ['latin-america', { min: '2.50', max: '3.50' }],
    ])
    expect(regions[1]?.feePercentByMethod).toEqual({
      bank_wire: '1.50',
      cash_pickup: '1.75',
      mobile_wallet: '2.00',
    })
    expect(regions[0]?.deliveryEstimateByMethod).toEqual({
      bank_wire: 'one_to_three_business_days',
      cash_pickup: 'within_hours',
      mobile_wallet: 'within_minutes',
    })
    // Every payout currency is a Sabi currency, so the exchange feature can price it.
    const codes = new Set(
      currencySchema
        .array()
        .parse((await createTestClient(context.app).get('/api/currencies')).body)
        .map((currency) => currency.code),
    )
    for (const region of regions) {
      expect(region.countries.length).toBeGreaterThan(0)
      for (const country of region.countries) expect(codes.has(country.currency)).toBe(true)
    }
  })

  it('quotes the fee by method from the region range, amount x rate received, amount + fee debited', async () => {
    const { client, wallet } = await sender()
    const before = Date.now()
    const wire = await quote(client, wallet.id)
    expect(wire).toMatchObject({
      fromWalletId: wallet.id,
      region: 'north-america',
      countryCode: 'US',
      method: 'bank_wire',
      amount: '100.00',
      sendCurrency: 'USD',
      // The same currency on both sides: rate 1.
      rate: '1.000000',
      fee: '1.50',
      feePercent: '1.50',
      totalDebit: '101.50',
      receiveAmount: '100.00',
      receiveCurrency: 'USD',
      deliveryEstimate: 'one_to_three_business_days',
    })
    const ttl = Date.parse(wire.expiresAt) - before
    expect(ttl).toBeGreaterThan(QUOTE_TTL_MS - 2_000)
    expect(ttl).toBeLessThanOrEqual(QUOTE_TTL_MS + 1_000)

    expect(await quote(client, wallet.id, { method: 'cash_pickup' })).toMatchObject({
      fee: '2.00',
      feePercent: '2.00',
      totalDebit: '102.00',
      deliveryEstimate: 'within_hours',
    })
    expect(await quote(client, wallet.id, { method: 'mobile_wallet' })).toMatchObject({
      fee: '2.50',
      feePercent: '2.50',
      totalDebit: '102.50',
      deliveryEstimate: 'within_minutes',
    })
    expect(
      await quote(client, wallet.id, {
        region: 'caribbean',
        countryCode: 'JM',
        method: 'mobile_wallet',
      }),
    ).toMatchObject({ fee: '4.00', feePercent: '4.00', receiveCurrency: 'JMD' })
    // Half-up: 2.5% of 1.00 is 0.025, charged as 0.03.
    expect((await quote(client, wallet.id, { method: 'mobile_wallet', amount: '1.00' })).fee).toBe(
      '0.03',
    )

    // Across currencies, at the exchange feature's rate, rounded half-up.
    const rates = exchangeRateSchema.array().parse((await client.get('/api/exchange-rates')).body)
    const usdToInr = rates.find(
      (rate) => rate.fromCurrency.code === 'USD' && rate.toCurrency.code === 'INR',
    )
    if (!usdToInr) throw new Error('no USD-INR rate')
    const india = await quote(client, wallet.id, {
      region: 'asia-pacific',
      countryCode: 'IN',
      method: 'cash_pickup',
      amount: '123.45',
    })
    const expected = convertAtRate(
      money(12345n, 'USD'),
      parseScaled(usdToInr.rate, RATE_SCALE),
      'INR',
      'down',
    )
    expect(india).toMatchObject({
      rate: usdToInr.rate,
      receiveCurrency: 'INR',
      receiveAmount: `${expected.amountMinor / 100n}.${(expected.amountMinor % 100n).toString().padStart(2, '0')}`,
      // 2.5% of 123.45 is 3.08625: 3.09.
      fee: '3.09',
      feePercent: '2.50',
      totalDebit: '126.54',
    })
  })

  it('answers bad quote requests with a clear 400 or 404', async () => {
    const { client, wallet } = await sender()
    const stranger = createTestClient(context.app)
    await signUpClient(stranger)
    const theirs = await walletIn(stranger, 'USD')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ region: 'antarctica' }, 400, 'Please select a destination region'],
      [{ countryCode: 'FR' }, 400, 'Please select a country in North America'],
      [{ countryCode: 'usa' }, 400, 'Please select a country'],
      [{ method: 'carrier_pigeon' }, 400, 'Please choose bank wire, cash pickup or mobile wallet'],
      [{ amount: '0' }, 400, 'Amount must be greater than 0'],
      [{ amount: '-5' }, 400, 'Amount must be greater than 0'],
      [{ amount: '10.001' }, 400, 'Amount can have at most 2 decimal places for USD'],
      [{ amount: 'ten' }, 400, 'Amount must be a number'],
      [{ fromWalletId: theirs.id }, 404, 'Wallet not found'],
      [{ fromWalletId: 'nope' }, 400, 'Please select a wallet'],
    ]
    for (const [overrides, status, message] of cases) {
      const response = await client.post('/api/international/quote', {
        fromWalletId: wallet.id,
        region: 'north-america',
        countryCode: 'US',
        method: 'bank_wire',
        amount: '100.00',
        ...overrides,
      })
      expect(response.status, JSON.stringify(overrides)).toBe(status)
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) })
    }
    const signedOut = await createTestClient(context.app).post('/api/international/quote', {
      fromWalletId: wallet.id,
      region: 'north-america',
      countryCode: 'US',
      method: 'bank_wire',
      amount: '100.00',
    })
    expect(signedOut.status).toBe(401)
  })

  it('sends: pending at once with amount + fee taken, then completed by the partner, recipient saved', async () => {
    const { client, wallet } = await sender('NGN', '500000.00')
    const q = await quote(client, wallet.id, {
      region: 'europe',
      countryCode: 'GB',
      method: 'bank_wire',
      amount: '150000.00',
    })
    // 1.5% of 150,000.00.
    expect(q).toMatchObject({ fee: '2250.00', totalDebit: '152250.00', receiveCurrency: 'GBP' })
    const response = await send(client, q.id, wallet.id)
    expect(response.status, response.text).toBe(201)
    const transfer = transactionSchema.parse(response.body)
    expect(transfer).toMatchObject({
      type: 'send',
      status: 'pending',
      amount: '150000.00',
      fee: '2250.00',
      description: 'School fees',
    })
    expect((await walletIn(client, 'NGN')).balance).toBe('347750.00')

    const pending = await details(client, transfer.id)
    expect(pending.payout).toMatchObject({
      kind: 'international',
      status: 'pending',
      details: {
        region: 'europe',
        countryCode: 'GB',
        countryName: 'United Kingdom',
        method: 'bank_wire',
        receiveAmount: q.receiveAmount,
        receiveCurrency: 'GBP',
        exchangeRate: q.rate,
        deliveryEstimate: '1-3 business days',
        recipientName: 'Emeka Obi',
        bankName: 'Barclays',
        accountNumber: 'GB29NWBK60161331926819',
        swiftCode: 'NWBKGB2L',
      },
    })
    expect(
      recipientSchema.array().parse((await client.get('/api/recipients?kind=international')).body),
    ).toEqual([])

    await settleAll()
    const settled = await details(client, transfer.id)
    expect(settled.status).toBe('completed')
    expect(settled.events.map((event) => event.status)).toEqual([
      'pending',
      'submitted',
      'completed',
    ])
    expect(settled.events[1]?.message).toBe('Sent to our partner in the destination country')
    expect(settled.payout?.receipt.partnerReference).toMatch(/^SBXI-/)
    expect((await walletIn(client, 'NGN')).balance).toBe('347750.00')

    const saved = recipientSchema
      .array()
      .parse((await client.get('/api/recipients?kind=international')).body)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({
      kind: 'international',
      name: 'Emeka Obi',
      accountNumber: 'GB29NWBK60161331926819',
      countryCode: 'GB',
      details: {
        method: 'bank_wire',
        region: 'europe',
        currency: 'GBP',
        bankName: 'Barclays',
        swiftCode: 'NWBKGB2L',
      },
    })
  })

  it('pays a cash pickup with a pickup code, and a mobile wallet, saving each recipient', async () => {
    const { client, wallet } = await sender()
    const pickupQuote = await quote(client, wallet.id, {
      region: 'north-america',
      countryCode: 'CA',
      method: 'cash_pickup',
    })
    const pickup = transactionSchema.parse(
      (await send(client, pickupQuote.id, wallet.id, CASH_PICKUP)).body,
    )
    const walletQuote = await quote(client, wallet.id, {
      region: 'latin-america',
      countryCode: 'MX',
      method: 'mobile_wallet',
      amount: '50.00',
    })
    const mobile = transactionSchema.parse(
      (await send(client, walletQuote.id, wallet.id, MOBILE_WALLET)).body,
    )
    // 100.00 + 2.00 and 50.00 + 1.75 (3.5%).
    expect((await walletIn(client, 'USD')).balance).toBe('846.25')
    await settleAll()
    const paidOut = await details(client, pickup.id)
    expect(paidOut.status).toBe('completed')
    expect(paidOut.payout?.details).toMatchObject({
      phoneNumber: '+14165550134',
      receiveCurrency: 'CAD',
    })
    expect(paidOut.payout?.receipt.pickupCode).toMatch(/^\d{10}$/)
    expect((await details(client, mobile.id)).payout?.details).toMatchObject({
      phoneNumber: '+525512345678',
      walletProvider: 'Mercado Pago',
      receiveCurrency: 'MXN',
    })
    const saved = recipientSchema
      .array()
      .parse((await client.get('/api/recipients?kind=international')).body)
    expect(saved.map((recipient) => [recipient.name, recipient.details.method])).toEqual(
      expect.arrayContaining([
        ['Kemi Adebayo', 'cash_pickup'],
        ['Tolu Bello', 'mobile_wallet'],
      ]),
    )
    expect(
      recipientSchema.array().parse((await client.get('/api/recipients?kind=bank')).body),
    ).toEqual([])
  })

  it('reverses a transfer the partner rejects (9999): amount and fee back, marked failed, nobody saved', async () => {
    const { client, wallet } = await sender()
    const q = await quote(client, wallet.id, { method: 'cash_pickup' })
    const transfer = transactionSchema.parse(
      (await send(client, q.id, wallet.id, { ...CASH_PICKUP, phoneNumber: '+1 202 555 9999' }))
        .body,
    )
    expect((await walletIn(client, 'USD')).balance).toBe('898.00')
    await settleAll()
    const failed = await details(client, transfer.id)
    expect(failed.status).toBe('failed')
    expect(failed.payout?.failureReason).toBe(
      'our partner could not make the cash available for pickup',
    )
    expect(failed.events.at(-1)?.message).toContain('The money is back in your wallet')
    expect((await walletIn(client, 'USD')).balance).toBe('1000.00')
    expect((await client.get('/api/recipients?kind=international')).body).toEqual([])

    // A bank wire to an account ending in 9999 fails the same way.
    const wire = await quote(client, wallet.id)
    const rejected = transactionSchema.parse(
      (await send(client, wire.id, wallet.id, { ...BANK_WIRE, accountNumber: '12345679999' })).body,
    )
    await settleAll()
    expect((await details(client, rejected.id)).status).toBe('failed')
    expect((await walletIn(client, 'USD')).balance).toBe('1000.00')
  })

  it('refuses an expired quote with 409 and moves nothing; a fresh quote then goes through', async () => {
    const { client, wallet } = await sender()
    const q = await quote(client, wallet.id)
    await context.database.db.execute(
      sql`update quotes set expires_at = now() - interval '1 second' where id = ${q.id}`,
    )
    const response = await send(client, q.id, wallet.id)
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: expect.stringContaining('Quote expired'),
    })
    expect((await walletIn(client, 'USD')).balance).toBe('1000.00')
    const fresh = await quote(client, wallet.id)
    expect((await send(client, fresh.id, wallet.id)).status).toBe(201)
    expect((await walletIn(client, 'USD')).balance).toBe('898.50')
  })

  it("keeps quotes apart: someone else's is not found, and exchange and international quotes do not mix", async () => {
    const { client, wallet } = await sender()
    const stranger = await sender()
    const theirs = await quote(stranger.client, stranger.wallet.id)
    const response = await send(client, theirs.id, wallet.id)
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ message: expect.stringContaining('Quote not found') })
    expect((await send(client, randomUUID(), wallet.id)).status).toBe(404)

    const currencies = currencySchema.array().parse((await client.get('/api/currencies')).body)
    const idOf = (code: string) => currencies.find((currency) => currency.code === code)?.id
    const exchangeQuote = quoteSchema.parse(
      (
        await client.post('/api/quotes', {
          fromCurrencyId: idOf('USD'),
          toCurrencyId: idOf('EUR'),
          amount: '100.00',
        })
      ).body,
    )
    expect((await send(client, exchangeQuote.id, wallet.id)).status).toBe(404)

    const mine = await quote(client, wallet.id, {
      region: 'europe',
      countryCode: 'DE',
      amount: '100.00',
    })
    const exchange = await moneyPost(client, '/api/exchange', {
      fromWalletId: wallet.id,
      fromCurrencyId: idOf('USD'),
      toCurrencyId: idOf('EUR'),
      amount: '100.00',
      quoteId: mine.id,
    })
    expect(exchange.status).toBe(404)
    expect((await walletIn(client, 'USD')).balance).toBe('1000.00')
    expect((await walletIn(stranger.client, 'USD')).balance).toBe('1000.00')
  })

  it('answers bad recipients and mismatches with a clear 4xx and moves nothing', async () => {
    const { client, wallet } = await sender('USD', '100.00')
    const ngn = await walletIn(client, 'NGN')
    const wire = await quote(client, wallet.id)
    const pickup = await quote(client, wallet.id, { method: 'cash_pickup' })
    const mobile = await quote(client, wallet.id, { method: 'mobile_wallet', amount: '10.00' })
    const cases: [string, Record<string, unknown>, number, string][] = [
      [wire.id, { ...BANK_WIRE, fullName: 'E' }, 400, "Recipient's full name is required"],
      [wire.id, { ...BANK_WIRE, bankName: '' }, 400, 'Bank name is required'],
      [wire.id, { ...BANK_WIRE, accountNumber: '' }, 400, 'Account number or IBAN is required'],
      [
        wire.id,
        { ...BANK_WIRE, accountNumber: '12-34' },
        400,
        'Account number or IBAN may contain letters and digits only',
      ],
      [
        wire.id,
        { ...BANK_WIRE, accountNumber: '1234' },
        400,
        'Account number or IBAN must be 5 to 34 characters',
      ],
      [
        wire.id,
        { ...BANK_WIRE, swiftCode: 'ABC' },
        400,
        'SWIFT/BIC must be 8 or 11 letters and digits',
      ],
      [pickup.id, { ...CASH_PICKUP, phoneNumber: '' }, 400, "Recipient's phone number is required"],
      [
        pickup.id,
        { ...CASH_PICKUP, phoneNumber: '12345' },
        400,
        'Enter a valid phone number with its country code',
      ],
      [
        pickup.id,
        { ...CASH_PICKUP, phoneNumber: 'call me' },
        400,
        'Enter a valid phone number with its country code',
      ],
      [mobile.id, { ...MOBILE_WALLET, walletProvider: '' }, 400, 'Wallet provider is required'],
      [mobile.id, { ...MOBILE_WALLET, phoneNumber: undefined }, 400, 'Mobile number is required'],
      [
        wire.id,
        { method: 'pigeon', fullName: 'Emeka Obi' },
        400,
        'Please choose bank wire, cash pickup or mobile wallet',
      ],
      [
        wire.id,
        CASH_PICKUP,
        400,
        'The quote is for bank wire: enter those recipient details or get a new quote',
      ],
    ]
    for (const [quoteId, recipient, status, message] of cases) {
      const response = await send(client, quoteId, wallet.id, recipient)
      expect(response.status, JSON.stringify(recipient)).toBe(status)
      expect(response.body).toMatchObject({ message })
    }
    const otherWallet = await send(client, wire.id, ngn.id)
    expect(otherWallet.status).toBe(400)
    expect(otherWallet.body).toMatchObject({
      message: 'The quote is for another wallet: get a new quote',
    })
    // 100.00 + 1.50 is more than the 100.00 there is.
    const short = await send(client, wire.id, wallet.id)
    expect(short.status).toBe(409)
    expect(short.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    const noKey = await client.post('/api/send-money/international', {
      quoteId: mobile.id,
      fromWalletId: wallet.id,
      recipient: MOBILE_WALLET,
    })
    expect(noKey.status).toBe(400)
    expect((await walletIn(client, 'USD')).balance).toBe('100.00')
    const [queued] = await context.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(payouts)
      .where(eq(payouts.walletId, wallet.id))
    expect(queued?.count).toBe(0)
  })

  it('moves money once: a retry replays the first answer, and a used quote cannot pay twice', async () => {
    const { client, wallet } = await sender()
    const q = await quote(client, wallet.id, { method: 'mobile_wallet' })
    const key = randomUUID()
    const first = await send(client, q.id, wallet.id, MOBILE_WALLET, key)
    const again = await send(client, q.id, wallet.id, MOBILE_WALLET, key)
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(transactionSchema.parse(again.body).id).toBe(transactionSchema.parse(first.body).id)
    const otherBody = await send(
      client,
      q.id,
      wallet.id,
      { ...MOBILE_WALLET, fullName: 'X Y' },
      key,
    )
    expect(otherBody.status).toBe(422)
    const secondUse = await send(client, q.id, wallet.id, MOBILE_WALLET)
    expect(secondUse.status).toBe(409)
    expect(secondUse.body).toMatchObject({
      message: 'This quote has already been used: get a new quote',
    })
    expect((await walletIn(client, 'USD')).balance).toBe('897.50')
  })
})
