import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ledgerAccounts, payouts } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import {
  createSandboxBillerProvider,
  SANDBOX_BILLER_NAME,
} from '#server/providers/sandbox-biller.ts'
import { billCustomerSchema, billTypeGroupSchema } from '#shared/schemas/bills.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

const providers = new Map([[SANDBOX_BILLER_NAME, createSandboxBillerProvider()]])
const METER = '45067123456'

describeMoneyApi('bill payments', (context) => {
  async function payer(naira = '10000.00') {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, naira)
    return { client, ngn }
  }

  function pay(
    client: TestClient,
    walletId: string,
    overrides: Record<string, unknown> = {},
    key?: string,
  ) {
    return moneyPost(
      client,
      '/api/bill-pay',
      {
        billType: 'electricity',
        provider: 'ikeja-electric',
        accountNumber: METER,
        amount: 5000,
        walletId,
        ...overrides,
      },
      key,
    )
  }

  async function details(client: TestClient, id: string) {
    return transactionDetailsSchema.parse((await client.get(`/api/transactions/${id}`)).body)
  }

  async function billerSettlementMinor(): Promise<bigint> {
    const id = await systemAccountId(context.database.db, 'biller_settlement', 'NGN')
    const [row] = await context.database.db
      .select({ balanceMinor: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, id))
    return row?.balanceMinor ?? 0n
  }

  it('lists the six documented bill types with their providers, then government and tax', async () => {
    const response = await createTestClient(context.app).get('/api/billers')
    expect(response.status).toBe(200)
    const groups = billTypeGroupSchema.array().parse(response.body)
    expect(groups.map((group) => [group.type, group.providers.length])).toEqual([
      ['electricity', 4],
      ['mobile', 4],
      ['internet', 4],
      ['cabletv', 5],
      ['insurance', 4],
      ['rent', 3],
      ['government', 3],
      ['tax', 3],
    ])
    const names = groups.flatMap((group) => group.providers.map((provider) => provider.name))
    expect(names).toEqual(
      expect.arrayContaining([
        'Ikeja Electric',
        'MTN',
        'DStv',
        'Property Manager',
        'Landlord Direct',
        'Estate Agent',
        'Federal Inland Revenue Service (FIRS)',
      ]),
    )
    for (const group of groups) {
      for (const provider of group.providers) {
        expect(provider).toMatchObject({ type: group.type, currency: 'NGN' })
      }
    }
    const ids = groups.flatMap((group) => group.providers.map((provider) => provider.id))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('validates a customer number with the biller before paying', async () => {
    const { client } = await payer()
    const query = (billType: string, provider: string, accountNumber: string) =>
      client.get(
        `/api/billers/validate?billType=${billType}&provider=${provider}&accountNumber=${encodeURIComponent(accountNumber)}`,
      )
    const found = await query('electricity', 'ikeja-electric', '4506 712 3456')
    expect(found.status, found.text).toBe(200)
    const customer = billCustomerSchema.parse(found.body)
    expect(customer).toMatchObject({
      billType: 'electricity',
      provider: 'ikeja-electric',
      providerName: 'Ikeja Electric',
      accountNumber: METER,
    })
    expect(customer.customerName).toMatch(/^[A-Z]+ [A-Z]+$/)
    // The same number always names the same customer.
    expect(
      billCustomerSchema.parse((await query('electricity', 'ikeja-electric', METER)).body)
        .customerName,
    ).toBe(customer.customerName)

    const unknown = await query('electricity', 'ikeja-electric', '45067120000')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({
      message: 'No customer with meter number 45067120000 was found at Ikeja Electric',
    })
    const wrongType = await query('mobile', 'ikeja-electric', METER)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body).toMatchObject({ message: 'Please select a provider' })
    const short = await query('mobile', 'mtn', '0803123')
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({ message: 'Phone numbers for MTN are 11 digits' })
    expect((await query('water', 'mtn', '08031234567')).body).toMatchObject({
      message: 'Please select a bill type',
    })
    const tax = await query('tax', 'firs', '2024001234567')
    expect(tax.status).toBe(200)
    expect((await query('tax', 'firs', '2024001230000')).body).toMatchObject({
      message:
        'No payment reference 2024001230000 was found at Federal Inland Revenue Service (FIRS)',
    })
    const signedOut = await createTestClient(context.app).get(
      `/api/billers/validate?billType=mobile&provider=mtn&accountNumber=08031234567`,
    )
    expect(signedOut.status).toBe(401)
  })

  it('names nobody behind a phone top-up, and reads the number however sign-up would take it', async () => {
    const { client, ngn } = await payer()
    for (const typed of ['+234 803 555 0142', '2348035550142', '0803-555-0142', '08035550142']) {
      const answer = await client.get(
        `/api/billers/validate?billType=mobile&provider=mtn&accountNumber=${encodeURIComponent(typed)}`,
      )
      expect(answer.status, answer.text).toBe(200)
      // No network tells whose a number is: a name here would be made up (issue 31).
      expect(billCustomerSchema.parse(answer.body)).toEqual({
        billType: 'mobile',
        provider: 'mtn',
        providerName: 'MTN',
        accountNumber: '08035550142',
        customerName: null,
        customerAddress: null,
      })
    }
    // A number ending in 0000 is no unknown customer for a top-up: there is no customer.
    const zeros = await client.get(
      '/api/billers/validate?billType=mobile&provider=glo&accountNumber=08050000000',
    )
    expect(billCustomerSchema.parse(zeros.body).customerName).toBeNull()
    // The name check stays for every bill that has a customer, a pay-TV smartcard among them.
    const smartcard = await client.get(
      '/api/billers/validate?billType=cabletv&provider=dstv&accountNumber=7023456789',
    )
    expect(billCustomerSchema.parse(smartcard.body).customerName).toMatch(/^[A-Z]+ [A-Z]+$/)

    const response = await pay(client, ngn.id, {
      billType: 'mobile',
      provider: 'mtn',
      accountNumber: '+234 803 555 0142',
      amount: '500',
    })
    expect(response.status, response.text).toBe(201)
    const topUp = transactionSchema.parse(response.body)
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 4_000)
    const settled = await details(client, topUp.id)
    expect(settled.status).toBe('completed')
    expect(settled.payout?.details).toEqual({
      billType: 'mobile',
      providerName: 'MTN',
      itemName: 'Airtime',
      phoneNumber: '0803 555 0142',
    })
    expect(settled.counterparty).toBe('MTN')
  })

  it('fails a top-up the sandbox network rejects (a number ending in 9999)', async () => {
    const { client, ngn } = await payer()
    const response = await pay(client, ngn.id, {
      billType: 'mobile',
      provider: 'airtel',
      accountNumber: '0802 999 9999',
      amount: '200',
    })
    expect(response.status, response.text).toBe(201)
    const topUp = transactionSchema.parse(response.body)
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 4_000)
    expect((await details(client, topUp.id)).status).toBe('failed')
    expect((await walletIn(client, 'NGN')).balance).toBe('10000.00')
  })

  it('pays electricity with no fee: pending in biller settlement, then completed with a 20-digit token', async () => {
    const { client, ngn } = await payer()
    const settlementBefore = await billerSettlementMinor()
    const response = await pay(client, ngn.id)
    expect(response.status, response.text).toBe(201)
    const bill = transactionSchema.parse(response.body)
    expect(bill).toMatchObject({
      type: 'purchase',
      status: 'pending',
      amount: '5000.00',
      fee: '0.00',
      fromWalletId: ngn.id,
    })
    expect(bill.description).toBe(`Electricity: Ikeja Electric, meter number ${METER}`)
    // The fee is zero, so the wallet loses exactly the amount, and all of it waits at the biller.
    expect((await walletIn(client, 'NGN')).balance).toBe('5000.00')
    expect((await billerSettlementMinor()) - settlementBefore).toBe(500_000n)

    const start = Date.now()
    expect(await runPayoutWorker(context.database.db, providers, start)).toMatchObject({
      submitted: 1,
      settled: 0,
    })
    const sent = await details(client, bill.id)
    expect(sent.status).toBe('pending')
    expect(sent.payout).toMatchObject({ kind: 'bill', status: 'submitted', receipt: {} })
    expect(await runPayoutWorker(context.database.db, providers, start + 4_000)).toMatchObject({
      settled: 1,
    })

    const settled = await details(client, bill.id)
    expect(settled.status).toBe('completed')
    expect(settled.events.map((event) => event.status)).toEqual([
      'pending',
      'submitted',
      'completed',
    ])
    expect(settled.payout?.details).toMatchObject({
      billType: 'electricity',
      providerName: 'Ikeja Electric',
      customerNumber: METER,
      customerName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
    })
    expect(settled.payout?.receipt.token).toMatch(/^\d{20}$/)
    // ₦5,000 at ₦209.50 per kWh is 23.866... kWh, rounded down to the tenth.
    expect(settled.payout?.receipt.units).toBe('23.8 kWh')
    expect((await walletIn(client, 'NGN')).balance).toBe('5000.00')
    expect(await billerSettlementMinor()).toBe(settlementBefore)
  })

  it('pays airtime, a tax and a government payment through the same machinery, without a token', async () => {
    const { client, ngn } = await payer()
    const bills = [
      { billType: 'mobile', provider: 'mtn', accountNumber: '08031234567', amount: '1000' },
      { billType: 'tax', provider: 'firs', accountNumber: '2024001234567', amount: '1500.50' },
      {
        billType: 'government',
        provider: 'fg-tsa',
        accountNumber: '310007771234',
        amount: 250,
      },
    ]
    const ids: string[] = []
    for (const overrides of bills) {
      const response = await pay(client, ngn.id, overrides)
      expect(response.status, response.text).toBe(201)
      ids.push(transactionSchema.parse(response.body).id)
    }
    expect((await walletIn(client, 'NGN')).balance).toBe('7249.50')
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 4_000)
    for (const id of ids) {
      const settled = await details(client, id)
      expect(settled.status).toBe('completed')
      expect(settled.payout?.receipt).toEqual({})
    }
    const [, tax] = ids
    const taxDetails = await details(client, tax ?? '')
    expect(taxDetails.description).toBe(
      'Tax: Federal Inland Revenue Service (FIRS), payment reference 2024001234567',
    )
    // Its parts, for each screen to word in its viewer's language (docs/i18n.md).
    expect(taxDetails.describedAs).toEqual({
      kind: 'bill',
      billType: 'tax',
      biller: 'Federal Inland Revenue Service (FIRS)',
      numberKind: 'paymentReference',
      number: '2024001234567',
    })
    const listed = await client.get('/api/transactions')
    expect(JSON.stringify(listed.body)).toContain('"numberKind":"paymentReference"')
  })

  it('reverses a payment the biller rejects: the money is back and it is marked failed', async () => {
    const { client, ngn } = await payer()
    const settlementBefore = await billerSettlementMinor()
    const bill = transactionSchema.parse(
      (await pay(client, ngn.id, { accountNumber: '45067129999' })).body,
    )
    expect((await walletIn(client, 'NGN')).balance).toBe('5000.00')
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 4_000)
    const failed = await details(client, bill.id)
    expect(failed.status).toBe('failed')
    expect(failed.payout).toMatchObject({
      status: 'failed',
      failureReason: 'the biller could not apply the payment',
      receipt: {},
    })
    expect(failed.events.at(-1)?.message).toContain('The money is back in your wallet')
    expect((await walletIn(client, 'NGN')).balance).toBe('10000.00')
    expect(await billerSettlementMinor()).toBe(settlementBefore)
  })

  it('answers a retry with the same payment, and a changed body under the same key with 422', async () => {
    const { client, ngn } = await payer()
    const key = randomUUID()
    const first = await pay(client, ngn.id, {}, key)
    expect(first.status).toBe(201)
    const again = await pay(client, ngn.id, {}, key)
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(transactionSchema.parse(again.body).id).toBe(transactionSchema.parse(first.body).id)
    expect((await pay(client, ngn.id, { amount: 4000 }, key)).status).toBe(422)
    expect((await walletIn(client, 'NGN')).balance).toBe('5000.00')
  })

  it('settles a payment once, however often its result arrives', async () => {
    const { client, ngn } = await payer()
    const bill = transactionSchema.parse((await pay(client, ngn.id)).body)
    const [payout] = await context.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.journalId, bill.id))
    if (!payout) throw new Error('no payout')
    expect(payout).toMatchObject({ kind: 'bill', provider: SANDBOX_BILLER_NAME, feeMinor: 0n })
    await runPayoutWorker(context.database.db, providers, Date.now())
    const results = await Promise.all([
      settlePayout(context.database.db, payout.id, {
        status: 'completed',
        receipt: { token: '1' },
      }),
      settlePayout(context.database.db, payout.id, { status: 'completed' }),
      settlePayout(context.database.db, payout.id, { status: 'failed', reason: 'late duplicate' }),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    const once = await details(client, bill.id)
    expect(['completed', 'failed']).toContain(once.status)
    const balance = (await walletIn(client, 'NGN')).balance
    expect(balance).toBe(once.status === 'completed' ? '5000.00' : '10000.00')
    // The worker's own later answer finds the payment final and changes nothing.
    await runPayoutWorker(context.database.db, providers, Date.now() + 10_000)
    expect((await details(client, bill.id)).status).toBe(once.status)
    expect((await walletIn(client, 'NGN')).balance).toBe(balance)
  })

  it('answers bad payments with a clear 4xx and moves nothing', async () => {
    const { client, ngn } = await payer('500.00')
    const usd = await walletIn(client, 'USD')
    await addFunds(client, usd.id, '100.00')
    const stranger = createTestClient(context.app)
    await signUpClient(stranger)
    const strangersWallet = await walletIn(stranger, 'NGN')
    const settlementBefore = await billerSettlementMinor()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ billType: undefined }, 400, 'Please select a bill type'],
      [{ billType: 'water' }, 400, 'Please select a bill type'],
      [{ provider: undefined }, 400, 'Please select a provider'],
      [{ provider: '' }, 400, 'Please select a provider'],
      [{ provider: 'mtn' }, 400, 'Please select a provider'],
      [{ provider: 'nepa' }, 400, 'Please select a provider'],
      [{ accountNumber: undefined }, 400, 'Account number is required'],
      [{ accountNumber: '  ' }, 400, 'Account number is required'],
      [{ accountNumber: '1234' }, 400, 'Meter numbers for Ikeja Electric are 11 to 13 digits'],
      [{ accountNumber: '4506712345A' }, 400, 'Meter numbers for Ikeja Electric are'],
      [{ amount: undefined }, 400, 'Amount is required'],
      [{ amount: '' }, 400, 'Amount is required'],
      [{ amount: null }, 400, 'Amount is required'],
      [{ amount: 0 }, 400, 'Amount must be greater than 0'],
      [{ amount: '-5' }, 400, 'Amount must be greater than 0'],
      [{ amount: '10.001' }, 400, 'Amount can have at most 2 decimal places for NGN'],
      [{ amount: '10000001' }, 400, 'Amount can be at most 10,000,000.00 NGN'],
      [{ walletId: undefined }, 400, 'Please select a wallet'],
      [{ walletId: 'not-a-wallet' }, 400, 'Please select a wallet'],
      [{ walletId: usd.id }, 400, 'Ikeja Electric is paid in NGN: pay from your NGN wallet'],
      [{ walletId: randomUUID() }, 404, 'Wallet not found'],
      [{ walletId: strangersWallet.id }, 404, 'Wallet not found'],
      [
        { accountNumber: '45067120000' },
        404,
        'No customer with meter number 45067120000 was found at Ikeja Electric',
      ],
      [{ amount: '500.01' }, 409, 'Insufficient funds'],
    ]
    for (const [overrides, status, message] of cases) {
      const response = await pay(client, ngn.id, overrides)
      expect(response.status, JSON.stringify(overrides)).toBe(status)
      expect(response.body, JSON.stringify(overrides)).toMatchObject({
        message: expect.stringContaining(message),
      })
    }
    const missingKey = await client.post('/api/bill-pay', {
      billType: 'electricity',
      provider: 'ikeja-electric',
      accountNumber: METER,
      amount: 100,
      walletId: ngn.id,
    })
    expect(missingKey.status).toBe(400)
    expect((await walletIn(client, 'NGN')).balance).toBe('500.00')
    expect((await walletIn(client, 'USD')).balance).toBe('100.00')
    expect(await billerSettlementMinor()).toBe(settlementBefore)
    // Exactly the whole balance is allowed: there is no fee on top.
    expect((await pay(client, ngn.id, { amount: '500.00' })).status).toBe(201)
    expect((await walletIn(client, 'NGN')).balance).toBe('0.00')
  })
})
