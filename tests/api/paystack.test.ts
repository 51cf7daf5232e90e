import { execFile } from 'node:child_process'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshBankDirectory } from '#server/banks/bank-directory.ts'
import { journals, outboxEvents, payouts, providerEvents, topUps } from '#server/db/schema.ts'
import { refundExpiredTopUps, releaseHeldTopUps } from '#server/funding/held-top-ups.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { metricsRegistry } from '#server/metrics/metrics.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { createPaystackBankProvider } from '#server/providers/paystack/paystack-bank.ts'
import { createPaystackClient } from '#server/providers/paystack/paystack-client.ts'
import { createPaystackFunding } from '#server/providers/paystack/paystack-funding.ts'
import { createPaystackRecords } from '#server/providers/paystack/paystack-records.ts'
import { databaseRecipientStore } from '#server/providers/paystack/recipient-store.ts'
import { type Providers, payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { reconcileDay } from '#server/reconcile/reconcile-day.ts'
import { addFunds as creditDirectly } from '#server/wallets/add-funds.ts'
import { parseScaled } from '#shared/money.ts'
import { bankSchema, resolvedAccountSchema } from '#shared/schemas/bank.ts'
import {
  cardCheckoutSchema,
  fundingBankAccountSchema,
  topUpStatusSchema,
} from '#shared/schemas/funding.ts'
import { currencySchema } from '#shared/schemas/reference.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { history, moneyPost, signUpClient, TIER_THREE_BODY, walletIn } from '../factories/money.ts'
import { newDocumentNumber } from '../factories/users.ts'
import { type FakePaystack, startFakePaystack } from '../fakes/fake-paystack.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import {
  createTestApp,
  createTestClient,
  TEST_SESSION_SECRET,
  type TestClient,
} from '../setup/test-app.ts'
import {
  createTestDatabase,
  serverDatabaseOf,
  type TestDatabase,
  testDatabaseKinds,
} from '../setup/test-database.ts'

/** One fake Paystack per database kind, so one suite's records never show in the other's. */
const SECRET_KEY = 'sk_test_sabi_suite_0123456789abcdef'
const fakes: FakePaystack[] = []
let fake: FakePaystack
afterAll(() => Promise.all(fakes.map((each) => each.close())))

/** The providers the suite's app was given, for the worker and upkeep to use the same ones. */
let providers: Providers = {}
const LOG = { info: () => undefined, error: () => undefined }
/** Past Paystack's first check (three minutes), so a worker pass asks after a payout. */
const LATER_MS = 4 * 60 * 1000

const OPAY = '999992'

async function paystackProviders(database: { db: Parameters<typeof databaseRecipientStore>[0] }) {
  fake = await startFakePaystack({ secretKey: SECRET_KEY })
  fakes.push(fake)
  // A short timeout: the fake's "timeout" never answers, and a test waits for the client only.
  const client = createPaystackClient({
    secretKey: fake.secretKey,
    baseUrl: fake.url,
    timeoutMs: 1_000,
  })
  providers = {
    ...sandboxProviders(),
    bank: createPaystackBankProvider(client, databaseRecipientStore(database.db, 'paystack')),
    funding: createPaystackFunding(client, { testMode: true }),
    records: createPaystackRecords(client),
  }
  return providers
}

function minor(decimal: string): bigint {
  return parseScaled(decimal, 2)
}

describeMoneyApi(
  'Paystack rails',
  (context) => {
    beforeAll(async () => {
      const address = await context.app.listen({ port: 0, host: '127.0.0.1' })
      fake.webhookUrl = `${address}/api/webhooks/paystack`
    })

    const db = () => context.database.db

    async function fundedUser(tier: 1 | 2 | 3 = 3, naira = '100000.00') {
      const client = createTestClient(context.app)
      const user = await signUpClient(client, {}, { tier })
      const ngn = await walletIn(client, 'NGN')
      if (naira !== '0')
        await db().transaction((tx) =>
          creditDirectly(
            tx,
            user.id,
            { walletId: ngn.id, amount: naira, method: 'card' },
            createSandboxFundingProvider(),
          ),
        )
      return { client, user, ngn }
    }

    async function sendToBank(
      client: TestClient,
      walletId: string,
      bankCode: string,
      accountNumber: string,
      amount: string,
      accountName = 'Ada Obi',
    ) {
      const response = await moneyPost(client, '/api/send-money/bank', {
        fromWalletId: walletId,
        bankCode,
        accountNumber,
        accountName,
        amount,
      })
      expect(response.status, response.text).toBe(201)
      const journal = transactionSchema.parse(response.body)
      const [payout] = await db().select().from(payouts).where(eq(payouts.journalId, journal.id))
      if (!payout) throw new Error('no payout was made')
      return { journal, payout }
    }

    async function worker(nowMs = Date.now()) {
      return runPayoutWorker(db(), payoutProvidersOf(providers), nowMs, { random: () => 0.5 })
    }

    async function payoutStatus(id: string) {
      const [row] = await db().select().from(payouts).where(eq(payouts.id, id))
      return row?.status
    }

    async function journalStatus(id: string) {
      const [row] = await db().select().from(journals).where(eq(journals.id, id))
      return row?.status
    }

    async function balanceOf(client: TestClient) {
      return minor((await walletIn(client, 'NGN')).balance)
    }

    function transferPosts(reference: string) {
      return fake.requests.filter(
        (request) =>
          request.method === 'POST' &&
          request.path === '/transfer' &&
          typeof request.body === 'object' &&
          request.body !== null &&
          'reference' in request.body &&
          request.body.reference === reference,
      )
    }

    it("serves Paystack's directory for Nigeria, South Africa and Kenya, every page, and keeps it through an outage", async () => {
      const client = createTestClient(context.app)
      const response = await client.get('/api/banks')
      expect(response.status, response.text).toBe(200)
      const banks = bankSchema.array().parse(response.body)
      const names = banks.map((bank) => bank.name.toLowerCase())
      for (const wanted of ['opay', 'moniepoint', 'kuda', 'palmpay', 'm-pesa'])
        expect(
          names.some((name) => name.includes(wanted)),
          wanted,
        ).toBe(true)
      expect(new Set(banks.map((bank) => bank.country))).toEqual(new Set(['NG', 'ZA', 'KE']))
      expect(banks.length).toBeGreaterThan(120)
      // Nigeria's list is longer than a page: the cursor was followed.
      const pagesAsked = fake.requests.filter(
        (request) => request.path === '/bank' && request.query.next,
      )
      expect(pagesAsked.length).toBeGreaterThan(0)
      expect(banks.filter((bank) => bank.nameEnquiry).every((bank) => bank.country === 'NG')).toBe(
        true,
      )
      // Paystack down for the daily refresh: the refresh fails, the stored list stays.
      fake.failNext('GET /bank', { mode: '500' })
      const bank = providers.bank
      if (!bank) throw new Error('no bank provider')
      await expect(refreshBankDirectory(db(), bank)).rejects.toThrow()
      const after = bankSchema.array().parse((await client.get('/api/banks')).body)
      expect(after).toEqual(banks)
    })

    it('asks Paystack for a Nigerian holder, says the name was not checked for South Africa and M-Pesa, and answers 503 when Paystack is down', async () => {
      const { client } = await fundedUser()
      fake.addAccount(OPAY, '8012345678', 'CHIOMA ADEBAYO')
      const found = await client.get(`/api/banks/resolve?bankCode=${OPAY}&accountNumber=8012345678`)
      expect(found.status, found.text).toBe(200)
      expect(resolvedAccountSchema.parse(found.body)).toEqual({
        bankCode: OPAY,
        accountNumber: '8012345678',
        accountName: 'CHIOMA ADEBAYO',
        nameChecked: true,
      })
      const missing = await client.get(
        `/api/banks/resolve?bankCode=${OPAY}&accountNumber=8012340000`,
      )
      expect(missing.status).toBe(404)
      const southAfrica = await client.get(
        '/api/banks/resolve?bankCode=470010&accountNumber=1234567890',
      )
      expect(resolvedAccountSchema.parse(southAfrica.body)).toMatchObject({
        accountName: null,
        nameChecked: false,
      })
      fake.failNext('GET /bank/resolve', { mode: '500' })
      const down = await client.get(`/api/banks/resolve?bankCode=${OPAY}&accountNumber=8012345678`)
      expect(down.status).toBe(503)
      expect(down.body).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', key: 'bankNotAnswering' })
    })

    it('pays an OPay account: one recipient per account, the payout id as the reference, kobo amounts, completed by transfer.success', async () => {
      const { client, ngn } = await fundedUser()
      const before = await balanceOf(client)
      const first = await sendToBank(client, ngn.id, OPAY, '8099887766', '1500.00')
      await worker()
      const posted = transferPosts(first.payout.id)
      expect(posted).toHaveLength(1)
      expect(posted[0]?.body).toMatchObject({
        source: 'balance',
        amount: 150_000,
        reference: first.payout.id,
        currency: 'NGN',
      })
      expect(await payoutStatus(first.payout.id)).toBe('submitted')
      await fake.settleTransfer(first.payout.id, 'success')
      await expect.poll(() => payoutStatus(first.payout.id)).toBe('completed')
      expect(await journalStatus(first.journal.id)).toBe('completed')
      expect(await balanceOf(client)).toBe(before - 150_000n - 3_000n)

      const recipientsBefore = fake.requests.filter((r) => r.path === '/transferrecipient').length
      const second = await sendToBank(client, ngn.id, OPAY, '8099887766', '200.00')
      await worker()
      expect(transferPosts(second.payout.id)).toHaveLength(1)
      expect(fake.requests.filter((r) => r.path === '/transferrecipient').length).toBe(
        recipientsBefore,
      )
    })

    it('pays M-Pesa in Kenya as mobile money and a South African account by basa, in the name the user typed', async () => {
      const { client, user } = await fundedUser(3, '0')
      const currencies = currencySchema.array().parse((await client.get('/api/currencies')).body)
      for (const code of ['KES', 'ZAR']) {
        const currency = currencies.find((candidate) => candidate.code === code)
        if (!currency) throw new Error(`no ${code}`)
        const opened = await client.post('/api/wallets', { currencyId: currency.id })
        expect([200, 201, 409]).toContain(opened.status)
      }
      const kes = await walletIn(client, 'KES')
      const zar = await walletIn(client, 'ZAR')
      for (const wallet of [kes, zar])
        await db().transaction((tx) =>
          creditDirectly(
            tx,
            user.id,
            { walletId: wallet.id, amount: '50000.00', method: 'card' },
            createSandboxFundingProvider(),
          ),
        )
      const mpesa = await sendToBank(
        client,
        kes.id,
        'MPESA',
        '0712345678',
        '1500.00',
        'Wanjiru Mwangi',
      )
      const capitec = await sendToBank(
        client,
        zar.id,
        '470010',
        '1234567890',
        '250.00',
        'Thabo Nkosi',
      )
      await worker()
      const recipients = fake.requests
        .filter((r) => r.path === '/transferrecipient')
        .map((r) => r.body)
      expect(recipients).toContainEqual(
        expect.objectContaining({
          type: 'mobile_money',
          bank_code: 'MPESA',
          account_number: '0712345678',
          currency: 'KES',
          name: 'Wanjiru Mwangi',
        }),
      )
      expect(recipients).toContainEqual(
        expect.objectContaining({
          type: 'basa',
          bank_code: '470010',
          currency: 'ZAR',
          name: 'Thabo Nkosi',
        }),
      )
      expect(transferPosts(mpesa.payout.id)[0]?.body).toMatchObject({
        amount: 150_000,
        currency: 'KES',
      })
      expect(transferPosts(capitec.payout.id)[0]?.body).toMatchObject({
        amount: 25_000,
        currency: 'ZAR',
      })
      // No name enquiry was asked of Paystack for either.
      expect(
        fake.requests.filter(
          (r) =>
            r.path === '/bank/resolve' && ['MPESA', '470010'].includes(r.query.bank_code ?? ''),
        ),
      ).toHaveLength(0)
    })

    for (const mode of ['500', 'timeout'] as const) {
      it(`a ${mode} after Paystack made the transfer is verified, never sent twice`, async () => {
        const { client, ngn } = await fundedUser()
        const { payout } = await sendToBank(client, ngn.id, OPAY, '8011223344', '750.00')
        fake.failNext('POST /transfer', { mode, after: 'create' })
        const now = Date.now()
        await worker(now)
        expect(await payoutStatus(payout.id)).toBe('pending')
        expect(fake.transfers.has(payout.id)).toBe(true)
        await worker(now + 60_000)
        expect(await payoutStatus(payout.id)).toBe('submitted')
        expect(transferPosts(payout.id)).toHaveLength(1)
        expect(fake.requests.some((r) => r.path === `/transfer/verify/${payout.id}`)).toBe(true)
        await fake.settleTransfer(payout.id, 'success')
        await expect.poll(() => payoutStatus(payout.id)).toBe('completed')
      })
    }

    it('a 5xx before Paystack made it is sent again after a verify finds nothing', async () => {
      const { client, ngn } = await fundedUser()
      const { payout } = await sendToBank(client, ngn.id, OPAY, '8011223355', '120.00')
      fake.failNext('POST /transfer', { mode: '500', after: 'nothing' })
      const now = Date.now()
      await worker(now)
      expect(fake.transfers.has(payout.id)).toBe(false)
      await worker(now + 60_000)
      expect(transferPosts(payout.id)).toHaveLength(2)
      expect(fake.transfers.has(payout.id)).toBe(true)
      expect(await payoutStatus(payout.id)).toBe('submitted')
    })

    it('a duplicate reference is refused by Paystack and the existing transfer adopted', async () => {
      const { client, ngn } = await fundedUser()
      const { payout } = await sendToBank(client, ngn.id, OPAY, '8011223366', '90.00')
      const bank = providers.bank
      if (!bank) throw new Error('no bank provider')
      const order = {
        payoutId: payout.id,
        kind: 'bank',
        asset: 'NGN',
        amountMinor: payout.amountMinor,
        details: { bankCode: OPAY, accountNumber: '8011223366', accountName: 'Ada Obi' },
        attempt: 1,
      }
      const first = await bank.submit(order)
      const again = await bank.submit(order)
      expect(again.providerReference).toBe(first.providerReference)
      expect(transferPosts(payout.id)).toHaveLength(2)
      expect([...fake.transfers.keys()].filter((key) => key === payout.id)).toHaveLength(1)
      await worker()
      await fake.settleTransfer(payout.id, 'failed')
      await expect.poll(() => payoutStatus(payout.id)).toBe('failed')
    })

    it('failed returns amount and fee; reversed after success returns them too, with a reversing journal and a notification', async () => {
      const { client, user, ngn } = await fundedUser()
      const start = await balanceOf(client)
      const failing = await sendToBank(client, ngn.id, OPAY, '8055555551', '1000.00')
      const reversing = await sendToBank(client, ngn.id, OPAY, '8055555552', '2000.00')
      await worker()
      await fake.settleTransfer(failing.payout.id, 'failed')
      await fake.settleTransfer(reversing.payout.id, 'success')
      await expect.poll(() => payoutStatus(reversing.payout.id)).toBe('completed')
      await expect.poll(() => payoutStatus(failing.payout.id)).toBe('failed')
      expect(await balanceOf(client)).toBe(start - 200_000n - 4_000n)
      await fake.settleTransfer(reversing.payout.id, 'reversed')
      await expect.poll(() => payoutStatus(reversing.payout.id)).toBe('reversed')
      expect(await balanceOf(client)).toBe(start)
      expect(await journalStatus(reversing.journal.id)).toBe('reversed')
      const details = transactionDetailsSchema.parse(
        (await client.get(`/api/transactions/${reversing.journal.id}`)).body,
      )
      expect(details.status).toBe('reversed')
      const events = await db()
        .select({ data: outboxEvents.data })
        .from(outboxEvents)
        .where(eq(outboxEvents.userId, user.id))
      expect(events.some((event) => JSON.stringify(event.data).includes('payout_reversed'))).toBe(
        true,
      )
      expect(await verifyLedger(db())).toEqual([])
    })

    it('otp or a status Sabi does not know keeps the payout in flight and raises an operator alert', async () => {
      const { client, ngn } = await fundedUser()
      fake.setInitialTransferStatus('otp')
      try {
        const { payout } = await sendToBank(client, ngn.id, OPAY, '8066666661', '300.00')
        const alertsBefore = await alertCount()
        await worker()
        expect(await payoutStatus(payout.id)).toBe('submitted')
        expect(await alertCount()).toBeGreaterThan(alertsBefore)
        await fake.settleTransfer(payout.id, 'mystery_state', { webhook: false })
        await worker(Date.now() + LATER_MS)
        expect(await payoutStatus(payout.id)).toBe('submitted')
        expect(await alertCount()).toBeGreaterThan(alertsBefore + 1)
      } finally {
        fake.setInitialTransferStatus('pending')
      }
    })

    it('a lost webhook is caught by polling a few minutes later', async () => {
      const { client, ngn } = await fundedUser()
      const { payout } = await sendToBank(client, ngn.id, OPAY, '8077777771', '400.00')
      const now = Date.now()
      await worker(now)
      await fake.settleTransfer(payout.id, 'success', { webhook: false })
      await worker(now + 30_000)
      expect(await payoutStatus(payout.id)).toBe('submitted')
      await worker(now + LATER_MS)
      expect(await payoutStatus(payout.id)).toBe('completed')
    })

    it('webhooks: a bad or missing signature is a 401 that changes nothing; a duplicate or late one applies once; reversed before success still returns the money once; an unknown reference is acknowledged', async () => {
      const { client, ngn } = await fundedUser()
      const start = await balanceOf(client)
      const { payout } = await sendToBank(client, ngn.id, OPAY, '8088888881', '500.00')
      await worker()
      const forged = {
        event: 'transfer.success',
        data: { reference: payout.id, amount: 50_000, currency: 'NGN', status: 'success' },
      }
      expect(await fake.sendWebhook(forged, { signature: 'bad' })).toBe(401)
      expect(await fake.sendWebhook(forged, { signature: 'none' })).toBe(401)
      expect(await payoutStatus(payout.id)).toBe('submitted')
      // Out of order: the reversal arrives first, then the success it followed.
      await fake.settleTransfer(payout.id, 'success', { webhook: false })
      await fake.settleTransfer(payout.id, 'reversed')
      const reversedIndex = fake.sentWebhooks.length - 1
      await expect.poll(() => payoutStatus(payout.id)).toBe('reversed')
      expect(await fake.sendWebhook({ ...forged, data: { ...forged.data } })).toBe(200)
      expect(await fake.resendWebhook(reversedIndex)).toBe(200)
      expect(await fake.resendWebhook(reversedIndex)).toBe(200)
      await expect
        .poll(async () => {
          const rows = await db().select().from(providerEvents)
          return rows.every((row) => row.appliedAt !== null)
        })
        .toBe(true)
      expect(await payoutStatus(payout.id)).toBe('reversed')
      expect(await balanceOf(client)).toBe(start)
      const unknown = {
        event: 'transfer.success',
        data: { reference: 'not-ours-123', amount: 100, currency: 'NGN', status: 'success' },
      }
      expect(await fake.sendWebhook(unknown)).toBe(200)
      await expect
        .poll(async () => {
          const [row] = await db()
            .select()
            .from(providerEvents)
            .where(eq(providerEvents.event, 'transfer.success'))
            .orderBy(providerEvents.receivedAt)
          return row !== undefined
        })
        .toBe(true)
    })

    it('gives a tier-2 Nigerian one account number (403 with the reason below), and money sent to it lands once with the sender in history', async () => {
      const low = await fundedUser(1, '0')
      const refused = await low.client.get('/api/funding/bank-account')
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ key: 'bankAccountNeedsTier2' })

      const { client, user, ngn } = await fundedUser(2, '0')
      const first = fundingBankAccountSchema.parse(
        (await client.get('/api/funding/bank-account')).body,
      )
      const again = fundingBankAccountSchema.parse(
        (await client.get('/api/funding/bank-account')).body,
      )
      expect(again).toEqual(first)
      expect(first.accountNumber).toMatch(/^\d{10}$/)
      const made = fake.requests.filter((r) => r.path === '/dedicated_account').length
      expect(made).toBeGreaterThan(0)

      const reference = await fake.payIntoDedicatedAccount(first.accountNumber, 2_500_000, {
        name: 'EMEKA NWOSU',
        bank: 'Guaranty Trust Bank',
      })
      await expect.poll(() => balanceOf(client)).toBe(2_500_000n)
      const sent = fake.sentWebhooks.length - 1
      expect(await fake.resendWebhook(sent)).toBe(200)
      await expect
        .poll(async () => {
          const [row] = await db().select().from(topUps).where(eq(topUps.reference, reference))
          return row?.status
        })
        .toBe('credited')
      expect(await balanceOf(client)).toBe(2_500_000n)
      const items = await history(client)
      const arrival = items.find((item) => item.describedAs?.kind === 'bankTransferIn')
      expect(arrival?.describedAs).toEqual({
        kind: 'bankTransferIn',
        senderName: 'EMEKA NWOSU',
        bankName: 'Guaranty Trust Bank',
      })
      expect(arrival?.toWalletId).toBe(ngn.id)
      expect(user.id).toBeTruthy()
    })

    it('money over the cap is held in suspense (never lost), credited when the user moves up a tier, or refunded after its time', async () => {
      const { client } = await fundedUser(2, '0')
      const account = fundingBankAccountSchema.parse(
        (await client.get('/api/funding/bank-account')).body,
      )
      // Tier 2 holds at most ₦500,000: ₦450,000 fits, the next ₦100,000 does not.
      await fake.payIntoDedicatedAccount(account.accountNumber, 45_000_000)
      await expect.poll(() => balanceOf(client)).toBe(45_000_000n)
      const overReference = await fake.payIntoDedicatedAccount(account.accountNumber, 10_000_000)
      const statusOf = async (reference: string) => {
        const [row] = await db().select().from(topUps).where(eq(topUps.reference, reference))
        return row?.status
      }
      await expect.poll(() => statusOf(overReference)).toBe('held')
      expect(await balanceOf(client)).toBe(45_000_000n)
      const held = (await history(client)).find((item) => item.status === 'held')
      expect(held?.amount).toBe('100000.00')
      expect(await verifyLedger(db())).toEqual([])

      const upgraded = await client.post('/api/kyc/tier-3', {
        ...TIER_THREE_BODY,
        documentNumber: newDocumentNumber(),
      })
      expect(upgraded.status, upgraded.text).toBe(200)
      expect(await releaseHeldTopUps(db())).toBeGreaterThanOrEqual(1)
      expect(await statusOf(overReference)).toBe('credited')
      expect(await balanceOf(client)).toBe(55_000_000n)
      expect((await history(client)).find((item) => item.id === held?.id)?.status).toBe('completed')

      // Another user over their cap who never moves up: refunded after the hold.
      const other = await fundedUser(2, '0')
      const otherAccount = fundingBankAccountSchema.parse(
        (await other.client.get('/api/funding/bank-account')).body,
      )
      const tooMuch = await fake.payIntoDedicatedAccount(otherAccount.accountNumber, 60_000_000)
      await expect.poll(() => statusOf(tooMuch)).toBe('held')
      const refunds = () => fake.requests.filter((r) => r.path === '/refund').length
      const refundsBefore = refunds()
      expect(await refundExpiredTopUps(db(), providers.funding)).toBe(0)
      const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000)
      expect(await refundExpiredTopUps(db(), providers.funding, later)).toBe(1)
      expect(refunds()).toBe(refundsBefore + 1)
      expect(await statusOf(tooMuch)).toBe('refunded')
      expect(await balanceOf(other.client)).toBe(0n)
      expect(await verifyLedger(db())).toEqual([])
    })

    it('card top-ups go to the checkout and are credited once when Paystack confirms, by webhook or by verify', async () => {
      const { client, ngn } = await fundedUser(3, '0')
      const body = { walletId: ngn.id, amount: '5000.00', method: 'card' }
      const started = await moneyPost(client, '/api/add-funds', body)
      expect(started.status, started.text).toBe(202)
      const checkout = cardCheckoutSchema.parse(started.body)
      expect(checkout.authorizationUrl).toContain(fake.url)
      const init = fake.requests.find(
        (r) =>
          r.path === '/transaction/initialize' &&
          JSON.stringify(r.body).includes(checkout.reference),
      )
      expect(init?.body).toMatchObject({ amount: 500_000, currency: 'NGN' })
      expect(await balanceOf(client)).toBe(0n)
      const pending = topUpStatusSchema.parse(
        (await client.get(`/api/add-funds/${checkout.reference}`)).body,
      )
      expect(pending.status).toBe('pending')
      await fake.completeCheckout(checkout.reference, 'success')
      await expect
        .poll(
          async () =>
            topUpStatusSchema.parse((await client.get(`/api/add-funds/${checkout.reference}`)).body)
              .status,
        )
        .toBe('credited')
      expect(await balanceOf(client)).toBe(500_000n)
      await fake.resendWebhook(fake.sentWebhooks.length - 1)
      expect(await balanceOf(client)).toBe(500_000n)

      // No webhook at all: the return page's verify credits it.
      const quiet = cardCheckoutSchema.parse(
        (await moneyPost(client, '/api/add-funds', { ...body, amount: '100.00' })).body,
      )
      await fake.completeCheckout(quiet.reference, 'success', { webhook: false })
      await expect
        .poll(
          async () =>
            topUpStatusSchema.parse((await client.get(`/api/add-funds/${quiet.reference}`)).body),
          { timeout: 15_000 },
        )
        .toMatchObject({ status: 'credited', amount: '100.00', currency: 'NGN' })
      expect(await balanceOf(client)).toBe(510_000n)

      // Someone else's reference is not found.
      const stranger = createTestClient(context.app)
      await signUpClient(stranger)
      expect((await stranger.get(`/api/add-funds/${quiet.reference}`)).status).toBe(404)
      // Bank top-ups go to the account number instead.
      const bank = await moneyPost(client, '/api/add-funds', { ...body, method: 'bank' })
      expect(bank.status).toBe(400)
      expect(bank.body).toMatchObject({ key: 'bankTopUpUseAccountNumber' })
    })

    it('checks the limit before a checkout starts: a top-up over the cap never reaches Paystack', async () => {
      const { client, ngn } = await fundedUser(1, '0')
      const initsBefore = fake.requests.filter((r) => r.path === '/transaction/initialize').length
      const refused = await moneyPost(client, '/api/add-funds', {
        walletId: ngn.id,
        amount: '400000.00',
        method: 'card',
      })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ code: 'LIMIT_EXCEEDED' })
      expect(fake.requests.filter((r) => r.path === '/transaction/initialize').length).toBe(
        initsBefore,
      )
    })

    it('reconciles a day where the two sides disagree, settling what verify can and reporting the rest', async () => {
      const { client, ngn } = await fundedUser(3)
      const paidThere = await sendToBank(client, ngn.id, OPAY, '8090000001', '100.00')
      const differs = await sendToBank(client, ngn.id, OPAY, '8090000002', '100.00')
      await worker()
      await fake.settleTransfer(paidThere.payout.id, 'success', { webhook: false })
      const there = fake.transfers.get(differs.payout.id)
      if (!there) throw new Error('the fake has no such transfer')
      there.amount = 99_999
      const account = fundingBankAccountSchema.parse(
        (await client.get('/api/funding/bank-account')).body,
      )
      const unseen = await fake.payIntoDedicatedAccount(
        account.accountNumber,
        70_000,
        {},
        {
          webhook: false,
        },
      )
      const records = providers.records
      if (!records) throw new Error('no records')
      const day = new Date().toISOString().slice(0, 10)
      const report = await reconcileDay(
        db(),
        day,
        { records, bank: providers.bank, funding: providers.funding },
        LOG,
      )
      expect(report.mismatches.paidTherePendingHere).toMatchObject({ found: 1, settled: 1 })
      expect(report.mismatches.amountsDiffer.unresolved).toEqual([differs.payout.id])
      expect(report.mismatches.receivedNotCredited).toMatchObject({ found: 1, settled: 1 })
      expect(report.unresolved).toBe(1)
      expect(await payoutStatus(paidThere.payout.id)).toBe('completed')
      const [credited] = await db()
        .select()
        .from(topUps)
        .where(and(eq(topUps.reference, unseen), eq(topUps.provider, 'paystack')))
      expect(credited?.status).toBe('credited')
      const ngnPosition = report.positions.find((position) => position.currency === 'NGN')
      expect(ngnPosition?.provider).toBeTypeOf('bigint')
      expect(await verifyLedger(db())).toEqual([])
      // Put right for the suites after: the fake's side back to what was sent.
      there.amount = 10_000
    })
  },
  { PAYSTACK_SECRET_KEY: SECRET_KEY },
  { providers: paystackProviders },
)

async function alertCount(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('sabi_provider_alerts_total')?.get()
  return (metric?.values ?? []).reduce((total, value) => total + value.value, 0)
}

const postgres = testDatabaseKinds().find((each) => each.kind === 'postgres')

describe.skipIf(postgres?.skip !== undefined)(
  `Paystack results racing on two servers on PostgreSQL${postgres?.skip ? ` (skipped: ${postgres.skip})` : ''}`,
  () => {
    let database: TestDatabase
    const servers: Awaited<ReturnType<typeof createTestApp>>[] = []
    let raceFake: FakePaystack
    let raceProviders: Providers

    beforeAll(async () => {
      database = await createTestDatabase('postgres', 20)
      raceProviders = await paystackProviders(database)
      raceFake = fake
      for (let i = 0; i < 2; i++) {
        const app = await createTestApp(
          database,
          { PAYSTACK_SECRET_KEY: SECRET_KEY, MONEY_RATE_LIMIT_PER_MINUTE: '100000' },
          { providers: raceProviders },
        )
        await app.listen({ port: 0, host: '127.0.0.1' })
        servers.push(app)
      }
    })
    afterAll(async () => {
      for (const app of servers) await app.close()
      await database?.destroy()
    })

    it('a webhook delivered to both servers while the worker polls settles each payout once', async () => {
      const [first, second] = servers
      if (!first || !second) throw new Error('two servers are needed')
      const client = createTestClient(first)
      const user = await signUpClient(client)
      const ngn = await walletIn(client, 'NGN')
      await database.db.transaction((tx) =>
        creditDirectly(
          tx,
          user.id,
          { walletId: ngn.id, amount: '50000.00', method: 'card' },
          createSandboxFundingProvider(),
        ),
      )
      const ids: string[] = []
      for (let i = 0; i < 6; i++) {
        const sent = await moneyPost(client, '/api/send-money/bank', {
          fromWalletId: ngn.id,
          bankCode: OPAY,
          accountNumber: `80123400${10 + i}`,
          accountName: 'Ada Obi',
          amount: '1000.00',
        })
        expect(sent.status, sent.text).toBe(201)
        ids.push(transactionSchema.parse(sent.body).id)
      }
      const payoutProviders = payoutProvidersOf(raceProviders)
      const now = Date.now()
      await runPayoutWorker(database.db, payoutProviders, now)
      const rows = await database.db.select().from(payouts).where(eq(payouts.userId, user.id))
      expect(rows.every((row) => row.status === 'submitted')).toBe(true)

      const addressOf = (app: typeof first) => {
        const address = app.server.address()
        if (typeof address !== 'object' || !address) throw new Error('not listening')
        return `http://127.0.0.1:${address.port}/api/webhooks/paystack`
      }
      // Half succeed, half are reversed straight away; every result goes to both servers
      // while two workers poll the same payouts.
      raceFake.webhookUrl = addressOf(first)
      for (const [index, row] of rows.entries()) {
        await raceFake.settleTransfer(row.id, index % 2 === 0 ? 'success' : 'failed')
      }
      raceFake.webhookUrl = addressOf(second)
      const resends = raceFake.sentWebhooks.map((_, index) => raceFake.resendWebhook(index))
      await Promise.all([
        ...resends,
        runPayoutWorker(database.db, payoutProviders, now + LATER_MS),
        runPayoutWorker(database.db, payoutProviders, now + LATER_MS),
      ])
      await expect
        .poll(async () => {
          const after = await database.db.select().from(payouts).where(eq(payouts.userId, user.id))
          return after.map((row) => row.status).sort()
        })
        .toEqual(['completed', 'completed', 'completed', 'failed', 'failed', 'failed'])
      await expect
        .poll(async () => {
          const events = await database.db.select().from(providerEvents)
          return events.every((event) => event.appliedAt !== null)
        })
        .toBe(true)
      // Each payout moved once: one settlement or one reversal journal each.
      const settlements = await database.db
        .select()
        .from(journals)
        .where(inArray(journals.type, ['settlement', 'reversal']))
      expect(settlements).toHaveLength(6)
      // 50,000 - 3 × 1,020 (sent) ; the three that failed came back whole.
      expect(minor((await walletIn(client, 'NGN')).balance)).toBe(5_000_000n - 3n * 102_000n)
      expect(await verifyLedger(database.db)).toEqual([])
      expect(ids).toHaveLength(6)
    })

    it('npm run reconcile exits 0 on a day that agrees and 1, naming the reference, on one that does not', async () => {
      const day = new Date().toISOString().slice(0, 10)
      const agreed = await runReconcileCli(serverDatabaseOf(database).url, raceFake.url, day)
      expect(agreed.stdout).toContain('Everything reconciles.')
      expect(agreed.code).toBe(0)
      const [payout] = await database.db.select().from(payouts).limit(1)
      const there = payout ? raceFake.transfers.get(payout.id) : undefined
      if (!payout || !there) throw new Error('the race left no payout')
      there.amount = 1
      const disagreed = await runReconcileCli(serverDatabaseOf(database).url, raceFake.url, day)
      expect(disagreed.code).toBe(1)
      expect(disagreed.stdout).toMatch(/amounts that differ: 1 found, 0 settled, 1 unresolved/)
      expect(disagreed.stdout).toContain(payout.id)
      there.amount = Number(payout.amountMinor)
    })
  },
)

/** `npm run reconcile` as an operator runs it, in its own process (the fake answers meanwhile). */
function runReconcileCli(
  databaseUrl: string,
  baseUrl: string,
  day: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/reconcile.ts', '--date', day],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: TEST_SESSION_SECRET,
          PAYSTACK_SECRET_KEY: SECRET_KEY,
          PAYSTACK_BASE_URL: baseUrl,
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
