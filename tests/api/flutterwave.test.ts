import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { z } from 'zod'
import { refreshBillCatalogue } from '#server/bills/bill-catalogue.ts'
import { billCatalogue, payouts } from '#server/db/schema.ts'
import { LOOKUPS_PER_15_MINUTES } from '#server/http/lookup-route-config.ts'
import { renderEventMessage } from '#server/notifications/render-message.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { createFlutterwaveBillerProvider } from '#server/providers/flutterwave/flutterwave-biller.ts'
import { createFlutterwaveClient } from '#server/providers/flutterwave/flutterwave-client.ts'
import { type Providers, payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { billCustomerSchema, billTypeGroupSchema } from '#shared/schemas/bills.ts'
import { notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { type FakeFlutterwave, startFakeFlutterwave } from '../fakes/fake-flutterwave.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

/** One fake per database kind, so one suite's bills never show in the other's. */
const fakes: FakeFlutterwave[] = []
let fake: FakeFlutterwave
let biller: BillerProvider
let providers: Providers = {}
afterAll(() => Promise.all(fakes.map((each) => each.close())))

const METER = '45067123456'
const SMARTCARD = '7023456789'
/** Past the first look after sending (five seconds) and any retry's wait. */
const LATER_MS = 10 * 60 * 1000

async function flutterwaveProviders() {
  fake = await startFakeFlutterwave()
  fakes.push(fake)
  fake.addCustomer(METER, 'ADEBAYO OKONKWO', '12 Allen Avenue, Ikeja')
  fake.addCustomer(SMARTCARD, 'CHIAMAKA EZE')
  // A short timeout: the fake's "timeout" never answers, and a test waits for the client only.
  biller = createFlutterwaveBillerProvider(
    createFlutterwaveClient({
      secretKey: fake.secretKey,
      baseUrl: `${fake.url}/v3`,
      timeoutMs: 1_000,
    }),
  )
  providers = { ...sandboxProviders(), biller }
  return providers
}

describeMoneyApi(
  'Flutterwave bills',
  (context) => {
    const db = () => context.database.db

    async function payer(naira = '100000.00') {
      const client = createTestClient(context.app)
      await signUpClient(client, {}, { tier: 3 })
      const ngn = await walletIn(client, 'NGN')
      await addFunds(client, ngn.id, naira)
      return { client, ngn }
    }

    async function pay(client: TestClient, body: Record<string, unknown>) {
      const response = await moneyPost(client, '/api/bill-pay', body)
      expect(response.status, response.text).toBe(201)
      const journal = transactionSchema.parse(response.body)
      const [payout] = await db().select().from(payouts).where(eq(payouts.journalId, journal.id))
      if (!payout) throw new Error('no payout was made')
      return { journal, payout }
    }

    function worker(nowMs: number) {
      return runPayoutWorker(db(), payoutProvidersOf(providers), nowMs, { random: () => 0.5 })
    }

    async function details(client: TestClient, id: string) {
      return transactionDetailsSchema.parse((await client.get(`/api/transactions/${id}`)).body)
    }

    function paymentsTo(reference: string) {
      return fake.requests.filter(
        (request) =>
          request.method === 'POST' &&
          request.path.endsWith('/payment') &&
          typeof request.body === 'object' &&
          request.body !== null &&
          'reference' in request.body &&
          request.body.reference === reference,
      )
    }

    it('offers the live catalogue: networks selling airtime and their bundles, packages at set prices, nothing it does not map', async () => {
      const response = await createTestClient(context.app).get('/api/billers')
      expect(response.status, response.text).toBe(200)
      const groups = billTypeGroupSchema.array().parse(response.body)
      const of = (type: string) => groups.find((group) => group.type === type)?.providers ?? []

      // Airtime and data of one network are one biller, named and keyed as the network.
      expect(of('mobile').map((each) => each.id)).toEqual(['mtn', 'airtel', 'glo', '9mobile'])
      const mtn = of('mobile')[0]
      expect(mtn?.items).toEqual([
        { id: 'AT099', name: 'MTN VTU', amount: null },
        { id: 'MD104', name: 'MTN 1GB 1 Day', amount: '500.00' },
        { id: 'MD105', name: 'MTN 3.5GB 30 Days', amount: '2500.00' },
      ])
      // The provider's own codes stay on the server.
      expect(JSON.stringify(response.body)).not.toContain('BIL108')

      expect(of('cabletv').map((each) => each.name)).toEqual(['DSTV', 'GOTV'])
      expect(of('cabletv')[0]?.customerNumber.kind).toBe('smartcard')
      expect(of('cabletv')[0]?.items.map((each) => each.amount)).toEqual(['4400.00', '19000.00'])
      expect(of('electricity').map((each) => each.name)).toEqual(['IKEDC PREPAID', 'EKEDC PREPAID'])
      expect(of('electricity')[0]?.customerNumber.kind).toBe('meter')
      // A data provider that is not a network is paid to its account number, as internet.
      expect(of('internet').map((each) => each.name)).toEqual(['SMILE BUNDLE', 'SPECTRANET'])
      expect(of('tax').map((each) => each.name)).toEqual(['FIRS TAX'])
      // Donations are not a bill type Sabi offers.
      expect(JSON.stringify(groups)).not.toContain('RCCG')

      // Stored: asking again does not ask Flutterwave again.
      const asked = fake.requests.length
      expect((await createTestClient(context.app).get('/api/billers')).status).toBe(200)
      expect(fake.requests.length).toBe(asked)
      const stored = await db().select().from(billCatalogue)
      expect(stored.length).toBe(11)
    })

    it('stops offering a biller Flutterwave no longer lists, at the next refresh', async () => {
      fake.hideBiller('BIL125')
      try {
        expect(await refreshBillCatalogue(db(), biller)).toBe(10)
        const groups = billTypeGroupSchema
          .array()
          .parse((await createTestClient(context.app).get('/api/billers')).body)
        expect(
          groups.find((group) => group.type === 'internet')?.providers.map((each) => each.name),
        ).toEqual(['SMILE BUNDLE'])
        const [kept] = await db()
          .select()
          .from(billCatalogue)
          .where(eq(billCatalogue.id, 'flw-bil125'))
        expect(kept?.active).toBe(false)
      } finally {
        fake.showAllBillers()
        await refreshBillCatalogue(db(), biller)
      }
    })

    it('keeps the stored catalogue when a refresh fails or comes back empty', async () => {
      fake.failNext('GET /top-bill-categories', { mode: '500' })
      await expect(refreshBillCatalogue(db(), biller)).rejects.toThrow(/500/)
      const groups = billTypeGroupSchema
        .array()
        .parse((await createTestClient(context.app).get('/api/billers')).body)
      expect(groups.find((group) => group.type === 'mobile')?.providers.length).toBe(4)
    })

    it("names a meter's holder and address, a smartcard's holder, and refuses a number the biller does not know", async () => {
      const { client } = await payer()
      const meter = await client.get(
        `/api/billers/validate?billType=electricity&provider=flw-bil112&accountNumber=${METER}`,
      )
      expect(meter.status, meter.text).toBe(200)
      expect(billCustomerSchema.parse(meter.body)).toMatchObject({
        providerName: 'IKEDC PREPAID',
        customerName: 'ADEBAYO OKONKWO',
        customerAddress: '12 Allen Avenue, Ikeja',
      })
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'GET',
        path: '/bill-items/UB157/validate',
        query: { code: 'BIL112', customer: METER },
      })
      const card = await client.get(
        `/api/billers/validate?billType=cabletv&provider=flw-bil121&item=CB142&accountNumber=${SMARTCARD}`,
      )
      expect(billCustomerSchema.parse(card.body)).toMatchObject({
        customerName: 'CHIAMAKA EZE',
        customerAddress: null,
      })
      const unknown = await client.get(
        '/api/billers/validate?billType=electricity&provider=flw-bil112&accountNumber=45067120000',
      )
      expect(unknown.status).toBe(404)

      fake.failNext('GET /bill-items/validate', { mode: 'timeout' })
      const silent = await client.get(
        `/api/billers/validate?billType=electricity&provider=flw-bil112&accountNumber=${METER}`,
      )
      expect(silent.status).toBe(503)
      expect(silent.body).toMatchObject({
        message: 'IKEDC PREPAID is not answering right now. Please try again in a few minutes.',
      })
    })

    it('limits customer lookups per user, so nobody walks a range of meters for names and addresses', async () => {
      const { client } = await payer()
      const lookup = (c: TestClient, n: number) =>
        c.get(
          `/api/billers/validate?billType=electricity&provider=flw-bil112&accountNumber=450671${String(n).padStart(5, '0')}`,
        )
      const statuses: number[] = []
      for (let n = 0; n < LOOKUPS_PER_15_MINUTES; n++)
        statuses.push((await lookup(client, n)).status)
      expect(statuses.every((status) => status === 200 || status === 404)).toBe(true)
      const refused = await lookup(client, 99)
      expect(refused.status).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
      // Bank name enquiry counts in the same budget.
      expect(
        (await client.get('/api/banks/resolve?bankCode=058&accountNumber=0123456789')).status,
      ).toBe(429)
      // Another user is not held back by it.
      const other = await payer()
      expect((await lookup(other.client, 1)).status).not.toBe(429)
    })

    it('pays electricity by the payout reference, then settles once with the token on the receipt and in history', async () => {
      const { client, ngn } = await payer()
      const { journal, payout } = await pay(client, {
        billType: 'electricity',
        provider: 'flw-bil112',
        accountNumber: METER,
        amount: '5000.00',
        walletId: ngn.id,
      })
      expect(journal.status).toBe('pending')
      expect((await walletIn(client, 'NGN')).balance).toBe('95000.00')

      const start = Date.now()
      await worker(start)
      expect(paymentsTo(payout.id)).toHaveLength(1)
      expect(paymentsTo(payout.id)[0]).toMatchObject({
        path: '/billers/BIL112/items/UB157/payment',
        body: { country: 'NG', customer_id: METER, amount: 5000, reference: payout.id },
      })
      // Still pending at Flutterwave: the payment waits.
      await worker(start + LATER_MS)
      expect((await details(client, journal.id)).status).toBe('pending')

      fake.settle(payout.id, 'successful')
      await worker(start + 2 * LATER_MS)
      await worker(start + 3 * LATER_MS)
      const settled = await details(client, journal.id)
      expect(settled.status).toBe('completed')
      const token = fake.bills.get(payout.id)?.token?.replace(/\D/g, '')
      expect(settled.payout?.receipt).toEqual({ token, units: '23.8 kWh' })
      expect(settled.payout?.details).toMatchObject({
        customerName: 'ADEBAYO OKONKWO',
        customerAddress: '12 Allen Avenue, Ikeja',
        itemName: 'IKEDC PREPAID',
      })
      // The codes Flutterwave is paid by stay on the server.
      expect(settled.payout?.details).not.toHaveProperty('itemId')
      expect(settled.payout?.details).not.toHaveProperty('providerBiller')
      expect((await walletIn(client, 'NGN')).balance).toBe('95000.00')

      // The notification carries the token, grouped as it is typed into the meter.
      const page = notificationsPageSchema.parse((await client.get('/api/notifications')).body)
      const paid = page.items.find((item) => item.data.kind === 'payout_completed')
      expect(paid?.data).toMatchObject({ payment: 'bill', payee: 'IKEDC PREPAID', token })
      if (!paid) throw new Error('no notification')
      const grouped = token?.match(/.{4}/g)?.join(' ') ?? ''
      expect(renderEventMessage(paid.data, 'en').text).toBe(
        `Your IKEDC PREPAID bill of ₦5,000.00 has been paid. Your token: ${grouped}`,
      )
      expect(renderEventMessage(paid.data, 'fr').text).toContain(grouped)
    })

    it('completes at once with the token when the payment answer carries it', async () => {
      fake.setInitialStatus('successful', true)
      try {
        const { client, ngn } = await payer()
        const { journal, payout } = await pay(client, {
          billType: 'electricity',
          provider: 'flw-bil113',
          accountNumber: METER,
          amount: 2000,
          walletId: ngn.id,
        })
        await worker(Date.now())
        const settled = await details(client, journal.id)
        expect(settled.status).toBe('completed')
        expect(settled.payout?.receipt.token).toBe(
          fake.bills.get(payout.id)?.token?.replace(/\D/g, ''),
        )
      } finally {
        fake.setInitialStatus('pending')
      }
    })

    it('buys airtime with no package named, and a data bundle at its price, for a phone number', async () => {
      const { client, ngn } = await payer()
      const airtime = await pay(client, {
        billType: 'mobile',
        provider: 'mtn',
        accountNumber: '+234 803 555 0142',
        amount: 500,
        walletId: ngn.id,
      })
      const data = await pay(client, {
        billType: 'mobile',
        provider: 'mtn',
        item: 'MD105',
        accountNumber: '0803 555 0142',
        amount: '2500.00',
        walletId: ngn.id,
      })
      await worker(Date.now())
      expect(paymentsTo(airtime.payout.id)[0]).toMatchObject({
        path: '/billers/BIL099/items/AT099/payment',
        body: { customer_id: '08035550142', amount: 500 },
      })
      expect(paymentsTo(data.payout.id)[0]).toMatchObject({
        path: '/billers/BIL108/items/MD105/payment',
        body: { customer_id: '08035550142', amount: 2500 },
      })
      expect((await details(client, data.journal.id)).payout?.details).toMatchObject({
        itemName: 'MTN 3.5GB 30 Days',
        phoneNumber: '0803 555 0142',
      })
    })

    it('refuses a package at another price, a package the biller does not sell, and a package-only biller with none chosen', async () => {
      const { client, ngn } = await payer()
      const base = {
        billType: 'cabletv',
        provider: 'flw-bil121',
        accountNumber: SMARTCARD,
        walletId: ngn.id,
      }
      const wrongPrice = await moneyPost(client, '/api/bill-pay', {
        ...base,
        item: 'CB142',
        amount: 100,
      })
      expect(wrongPrice.status).toBe(400)
      expect(wrongPrice.body).toMatchObject({
        message: 'DSTV Compact costs ₦19,000.00. Pay that amount or choose another package.',
      })
      const unknown = await moneyPost(client, '/api/bill-pay', {
        ...base,
        item: 'MD104',
        amount: 500,
      })
      expect(unknown.status).toBe(400)
      expect(unknown.body).toMatchObject({ message: 'Please select a package' })
      const none = await moneyPost(client, '/api/bill-pay', { ...base, amount: 4400 })
      expect(none.status).toBe(400)
      expect((await walletIn(client, 'NGN')).balance).toBe('100000.00')
    })

    it('asks before paying again when the answer was lost after Flutterwave took the payment', async () => {
      const { client, ngn } = await payer()
      fake.failNext('POST /payment', { mode: 'timeout', after: 'create' })
      const { journal, payout } = await pay(client, {
        billType: 'cabletv',
        provider: 'flw-bil121',
        item: 'CB141',
        accountNumber: SMARTCARD,
        amount: 4400,
        walletId: ngn.id,
      })
      const start = Date.now()
      await worker(start)
      await worker(start + LATER_MS)
      fake.settle(payout.id, 'successful')
      await worker(start + 2 * LATER_MS)
      await worker(start + 3 * LATER_MS)
      expect(paymentsTo(payout.id)).toHaveLength(1)
      expect([...fake.bills.values()].filter((bill) => bill.reference === payout.id)).toHaveLength(
        1,
      )
      expect((await details(client, journal.id)).status).toBe('completed')
      expect((await walletIn(client, 'NGN')).balance).toBe('95600.00')
    })

    it('sends again when the lost payment never reached Flutterwave, and pays it once', async () => {
      const { client, ngn } = await payer()
      fake.failNext('POST /payment', { mode: '500' })
      const { journal, payout } = await pay(client, {
        billType: 'mobile',
        provider: 'airtel',
        accountNumber: '08025550142',
        amount: 200,
        walletId: ngn.id,
      })
      const start = Date.now()
      await worker(start)
      expect(fake.bills.has(payout.id)).toBe(false)
      await worker(start + LATER_MS)
      expect(paymentsTo(payout.id)).toHaveLength(2)
      expect(fake.bills.has(payout.id)).toBe(true)
      fake.settle(payout.id, 'successful')
      await worker(start + 2 * LATER_MS)
      await worker(start + 3 * LATER_MS)
      expect((await details(client, journal.id)).status).toBe('completed')
    })

    it('adopts a payment answered twice: a second send of one reference is the same bill', async () => {
      const { client, ngn } = await payer()
      const { payout } = await pay(client, {
        billType: 'mobile',
        provider: 'glo',
        accountNumber: '08055550142',
        amount: 100,
        walletId: ngn.id,
      })
      const order = {
        payoutId: payout.id,
        kind: 'bill',
        asset: 'NGN',
        amountMinor: payout.amountMinor,
        details: z.record(z.string(), z.unknown()).parse(payout.details),
        attempt: 1,
      }
      const first = await biller.submit(order)
      const second = await biller.submit(order)
      expect(second).toEqual({ providerReference: payout.id, result: { status: 'pending' } })
      expect(first.providerReference).toBe(payout.id)
      expect(fake.bills.size).toBeGreaterThan(0)
      expect([...fake.bills.keys()].filter((key) => key === payout.id)).toHaveLength(1)
      // Let the worker finish it, so the ledger holds nothing in flight for this test.
      fake.settle(payout.id, 'failed')
      await worker(Date.now() + LATER_MS)
      await worker(Date.now() + 2 * LATER_MS)
      expect((await walletIn(client, 'NGN')).balance).toBe('100000.00')
    })

    it('pays each bill once when two instances run their workers at the same time', async () => {
      const { client, ngn } = await payer()
      const sent = []
      for (const amount of [100, 200, 300, 400]) {
        sent.push(
          await pay(client, {
            billType: 'mobile',
            provider: 'mtn',
            accountNumber: '08035550142',
            amount,
            walletId: ngn.id,
          }),
        )
      }
      const start = Date.now()
      await Promise.all([worker(start), worker(start)])
      for (const { payout } of sent) expect(paymentsTo(payout.id)).toHaveLength(1)
      for (const { payout } of sent) fake.settle(payout.id, 'successful')
      await Promise.all([worker(start + LATER_MS), worker(start + LATER_MS)])
      await worker(start + 2 * LATER_MS)
      for (const { journal } of sent)
        expect((await details(client, journal.id)).status).toBe('completed')
      expect((await walletIn(client, 'NGN')).balance).toBe('99000.00')
    })

    it('refunds exactly once when a pending bill fails', async () => {
      const { client, ngn } = await payer('10000.00')
      const { journal, payout } = await pay(client, {
        billType: 'electricity',
        provider: 'flw-bil112',
        accountNumber: METER,
        amount: 3000,
        walletId: ngn.id,
      })
      const start = Date.now()
      await worker(start)
      await worker(start + LATER_MS)
      expect((await walletIn(client, 'NGN')).balance).toBe('7000.00')
      fake.settle(payout.id, 'failed')
      await worker(start + 2 * LATER_MS)
      await worker(start + 3 * LATER_MS)
      await worker(start + 4 * LATER_MS)
      const failed = await details(client, journal.id)
      expect(failed.status).toBe('failed')
      expect(failed.payout?.receipt).toEqual({})
      expect((await walletIn(client, 'NGN')).balance).toBe('10000.00')
    })
  },
  {},
  { providers: flutterwaveProviders },
)
