import { createHmac, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { payouts } from '#server/db/schema.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import { createSandboxBankProvider } from '#server/providers/sandbox-bank.ts'
import { bankSchema, resolvedAccountSchema } from '#shared/schemas/bank.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'

const providers = new Map([['sandbox-bank', createSandboxBankProvider()]])

describeMoneyApi('bank transfers', (context) => {
  async function sender(naira = '10000.00') {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, naira)
    return { client, ngn }
  }

  function send(client: TestClient, fromWalletId: string, overrides: Record<string, unknown> = {}) {
    return moneyPost(client, '/api/send-money/bank', {
      fromWalletId,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Adaeze Okafor',
      amount: '1000.00',
      description: 'Rent',
      ...overrides,
    })
  }

  async function details(client: TestClient, id: string) {
    return transactionDetailsSchema.parse((await client.get(`/api/transactions/${id}`)).body)
  }

  it('lists the banks and finds the account holder by name enquiry', async () => {
    const { client } = await sender()
    const banks = bankSchema.array().parse((await client.get('/api/banks')).body)
    expect(banks.map((bank) => bank.code)).toEqual([
      '011',
      '057',
      '058',
      '044',
      '033',
      '051',
      '250655',
      '470010',
      '68',
      '01',
    ])
    const found = await client.get('/api/banks/resolve?bankCode=057&accountNumber=0123456789')
    expect(resolvedAccountSchema.parse(found.body).accountName).toMatch(/^\w+ \w+$/)
    expect(
      (await client.get('/api/banks/resolve?bankCode=057&accountNumber=1234560000')).status,
    ).toBe(404)
    expect((await client.get('/api/banks/resolve?bankCode=057&accountNumber=123')).status).toBe(400)
  })

  it('takes amount + 2% fee at once, stays pending, then settles as completed with a timeline', async () => {
    const { client, ngn } = await sender()
    const response = await send(client, ngn.id)
    expect(response.status, response.text).toBe(201)
    const transfer = transactionSchema.parse(response.body)
    expect(transfer).toMatchObject({
      type: 'send',
      status: 'pending',
      amount: '1000.00',
      fee: '20.00',
    })
    expect((await walletIn(client, 'NGN')).balance).toBe('8980.00')

    const start = Date.now()
    expect(await runPayoutWorker(context.database.db, providers, start)).toMatchObject({
      submitted: 1,
      settled: 0,
    })
    expect((await details(client, transfer.id)).status).toBe('pending')
    expect(await runPayoutWorker(context.database.db, providers, start + 4_000)).toMatchObject({
      settled: 1,
    })
    const settled = await details(client, transfer.id)
    expect(settled.status).toBe('completed')
    expect(settled.events.map((event) => event.status)).toEqual([
      'pending',
      'submitted',
      'completed',
    ])
    expect((await walletIn(client, 'NGN')).balance).toBe('8980.00')
  })

  it('reverses a payout the bank rejects: amount and fee back in the wallet, marked failed', async () => {
    const { client, ngn } = await sender()
    const transfer = transactionSchema.parse(
      (await send(client, ngn.id, { accountNumber: '5550009999' })).body,
    )
    expect((await walletIn(client, 'NGN')).balance).toBe('8980.00')
    const start = Date.now()
    await runPayoutWorker(context.database.db, providers, start)
    await runPayoutWorker(context.database.db, providers, start + 4_000)
    const failed = await details(client, transfer.id)
    expect(failed.status).toBe('failed')
    expect(failed.events.at(-1)?.message).toContain('The money is back in your wallet')
    // Each step is named, and the failure's reason given apart, for the app to word them in
    // the user's language (docs/i18n.md "Descriptions").
    expect(failed.events.map((event) => event.step)).toEqual(['initiated', 'sentToBank', 'failed'])
    expect(failed.events.at(-1)?.reason).toBe('the receiving bank rejected the payment')
    expect((await walletIn(client, 'NGN')).balance).toBe('10000.00')
  })

  it('applies a result exactly once, even when it arrives twice or the server restarts in between', async () => {
    const { client, ngn } = await sender()
    const transfer = transactionSchema.parse((await send(client, ngn.id)).body)
    const [payout] = await context.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.journalId, transfer.id))
    if (!payout) throw new Error('no payout')
    // A "restarted" process knows nothing but the database, and finds the work to do.
    await runPayoutWorker(context.database.db, providers, Date.now())
    const results = await Promise.all([
      settlePayout(context.database.db, payout.id, { status: 'completed' }),
      settlePayout(context.database.db, payout.id, { status: 'completed' }),
      settlePayout(context.database.db, payout.id, { status: 'failed', reason: 'late duplicate' }),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect((await details(client, transfer.id)).status).toBe('completed')
    expect((await walletIn(client, 'NGN')).balance).toBe('8980.00')
  })

  it('answers bad transfers with a clear 4xx and moves nothing', async () => {
    const { client, ngn } = await sender('500.00')
    const usd = await walletIn(client, 'USD')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ accountNumber: '123456789' }, 400, 'Account number must be at least 10 digits'],
      [{ accountName: 'A' }, 400, 'Account name is required'],
      [{ bankCode: '' }, 400, 'Please select a bank'],
      [{ bankCode: '999' }, 400, 'Please select a bank'],
      [{ amount: '0' }, 400, 'Amount must be greater than 0'],
      [{ amount: '10.001' }, 400, 'Amount can have at most 2 decimal places for NGN'],
      [{ accountNumber: '1234560000' }, 404, 'No account 1234560000 was found at Zenith Bank'],
      [
        { fromWalletId: usd.id },
        400,
        'Zenith Bank accounts receive NGN: send from your NGN wallet',
      ],
      [{ fromWalletId: randomUUID() }, 404, 'Wallet not found'],
      // 500.00 + 2% = 510.00 is more than the 500.00 there is.
      [{ amount: '500.00' }, 409, 'Insufficient funds'],
    ]
    for (const [overrides, status, message] of cases) {
      const response = await send(client, ngn.id, overrides)
      expect(response.status, JSON.stringify(overrides)).toBe(status)
      expect(response.body).toMatchObject({ message: expect.stringContaining(message) })
    }
    expect((await walletIn(client, 'NGN')).balance).toBe('500.00')
  })

  it('takes provider results from a signed webhook: a bad signature changes nothing, a repeat is applied once', async () => {
    const secret = 'webhook-secret-for-tests-0123456789abcdef'
    const withWebhook = await createTestApp(context.database, { PAYOUT_WEBHOOK_SECRET: secret })
    try {
      const { client, ngn } = await sender()
      const transfer = transactionSchema.parse((await send(client, ngn.id)).body)
      await runPayoutWorker(context.database.db, providers, Date.now())
      const [payout] = await context.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.journalId, transfer.id))
      const body = JSON.stringify({
        reference: payout?.providerReference,
        status: 'failed',
        reason: 'account closed',
      })
      const sign = (text: string) =>
        `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`
      const post = (signature: string) =>
        withWebhook.inject({
          method: 'POST',
          url: '/api/webhooks/payouts',
          payload: body,
          headers: { 'content-type': 'application/json', 'x-sabi-signature': signature },
        })

      const forged = await post(sign(`${body} `))
      expect(forged.statusCode).toBe(401)
      expect((await post('sha256=nonsense')).statusCode).toBe(401)
      expect((await details(client, transfer.id)).status).toBe('pending')

      const first = await post(sign(body))
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ applied: true })
      expect((await post(sign(body))).json()).toEqual({ applied: false })
      expect((await details(client, transfer.id)).status).toBe('failed')
      expect((await walletIn(client, 'NGN')).balance).toBe('10000.00')
    } finally {
      await withWebhook.close()
    }
  })

  it("shows a transaction's details to its parties only", async () => {
    const { client, ngn } = await sender()
    const transfer = transactionSchema.parse((await send(client, ngn.id)).body)
    const stranger = createTestClient(context.app)
    await signUpClient(stranger)
    expect((await stranger.get(`/api/transactions/${transfer.id}`)).status).toBe(404)
    expect((await client.get('/api/transactions/not-a-uuid')).status).toBe(400)
  })
})
