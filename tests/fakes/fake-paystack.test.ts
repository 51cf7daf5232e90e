import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type FakePaystack, startFakePaystack } from './fake-paystack.ts'

/** A stand-in for Sabi's webhook and callback endpoints: it records what arrives. */
type Received = {
  path: string
  headers: Record<string, string | string[] | undefined>
  raw: string
}

async function startReceiver(): Promise<{
  url: string
  received: Received[]
  status: { code: number }
  server: Server
}> {
  const received: Received[] = []
  const status = { code: 200 }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      response.writeHead(status.code, { 'content-type': 'text/plain' })
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, received, status, server }
}

const envelope = z.looseObject({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
})
const record = z.record(z.string(), z.unknown())

let fake: FakePaystack
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  receiver = await startReceiver()
  fake = await startFakePaystack({ webhookUrl: `${receiver.url}/webhooks/paystack` })
})

afterAll(async () => {
  await fake.close()
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()))
})

afterEach(() => {
  fake.setInitialTransferStatus('pending')
})

async function call(method: string, path: string, body?: unknown, init: RequestInit = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
  })
  const json = envelope.parse(await response.json())
  return { ...json, http: response.status }
}

function data(value: unknown) {
  return record.parse(value)
}

function list(value: unknown) {
  return z.array(record).parse(value)
}

function str(value: unknown): string {
  return z.string().parse(value)
}

let referenceCounter = 0
function uniqueReference(): string {
  referenceCounter += 1
  return `sabi-test-${Date.now()}-${referenceCounter}`
}

async function newRecipient(accountNumber = '0123456789', bankCode = '058') {
  const answer = await call('POST', '/transferrecipient', {
    type: 'nuban',
    name: 'Tolu Robert',
    account_number: accountNumber,
    bank_code: bankCode,
    currency: 'NGN',
  })
  return str(data(answer.data).recipient_code)
}

describe('authorization', () => {
  it('answers 401 without a key and with a wrong key', async () => {
    const missing = await fetch(`${fake.url}/bank`)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({
      status: false,
      message: 'No Authorization header was found',
    })
    const wrong = await fetch(`${fake.url}/bank`, {
      headers: { authorization: 'Bearer sk_test_wrong' },
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ status: false, message: 'Invalid key' })
  })
})

describe('GET /bank', () => {
  const documentedKeys = [
    'name',
    'slug',
    'code',
    'longcode',
    'gateway',
    'pay_with_bank',
    'active',
    'is_deleted',
    'country',
    'currency',
    'type',
    'id',
    'createdAt',
    'updatedAt',
  ]

  it('walks every Nigerian page with the cursor until next is null', async () => {
    const seen: Record<string, unknown>[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const next: string = cursor ? `&next=${encodeURIComponent(cursor)}` : ''
      const answer = await call('GET', `/bank?country=nigeria&perPage=50&use_cursor=true${next}`)
      expect(answer.message).toBe('Banks retrieved')
      const meta = z
        .object({
          next: z.string().nullable(),
          previous: z.string().nullable(),
          perPage: z.number(),
        })
        .parse(answer.meta)
      expect(meta.perPage).toBe(50)
      if (pages === 0) expect(meta.previous).toBeNull()
      else expect(meta.previous).not.toBeNull()
      seen.push(...list(answer.data))
      cursor = meta.next
      pages += 1
    } while (cursor !== null)
    expect(pages).toBeGreaterThanOrEqual(3)
    expect(seen.length).toBeGreaterThanOrEqual(120)
    expect(new Set(seen.map((bank) => bank.id)).size).toBe(seen.length)
    for (const bank of seen) expect(Object.keys(bank)).toEqual(documentedKeys)
    const codes = new Map(seen.map((bank) => [bank.code, bank.name]))
    for (const [code, name] of [
      ['044', 'Access Bank'],
      ['011', 'First Bank of Nigeria'],
      ['058', 'Guaranty Trust Bank'],
      ['057', 'Zenith Bank'],
      ['033', 'United Bank For Africa'],
      ['50211', 'Kuda Bank'],
      ['50515', 'Moniepoint MFB'],
      ['999992', 'OPay Digital Services Limited (OPay)'],
      ['999991', 'PalmPay'],
      ['035', 'Wema Bank'],
    ]) {
      expect(codes.get(code)).toBe(name)
    }
  })

  it('caps perPage at 100 and lists everything without use_cursor', async () => {
    const capped = await call('GET', '/bank?country=nigeria&perPage=500&use_cursor=true')
    expect(list(capped.data)).toHaveLength(100)
    const all = await call('GET', '/bank?country=nigeria')
    expect(list(all.data).length).toBeGreaterThanOrEqual(120)
  })

  it('filters South Africa (basa) and Kenya (banks and M-PESA)', async () => {
    const za = list((await call('GET', '/bank?country=south africa')).data)
    expect(za.length).toBeGreaterThanOrEqual(10)
    expect(za.every((bank) => bank.type === 'basa' && bank.currency === 'ZAR')).toBe(true)
    expect(za.map((bank) => bank.code)).toEqual(
      expect.arrayContaining(['632005', '470010', '250655', '051001']),
    )
    const byCurrency = list((await call('GET', '/bank?currency=ZAR&type=basa')).data)
    expect(byCurrency).toHaveLength(za.length)
    const ke = list((await call('GET', '/bank?country=kenya')).data)
    expect(ke.some((bank) => bank.type === 'kepss')).toBe(true)
    const mobile = list((await call('GET', '/bank?currency=KES&type=mobile_money')).data)
    expect(mobile).toEqual([
      expect.objectContaining({
        name: 'M-PESA',
        code: 'MPESA',
        type: 'mobile_money',
        currency: 'KES',
      }),
    ])
  })
})

describe('GET /bank/resolve', () => {
  it('resolves a made-up name, refuses numbers ending in 0000, and knows added accounts', async () => {
    const first = await call('GET', '/bank/resolve?account_number=0022728151&bank_code=063')
    expect(first.http).toBe(200)
    expect(first.message).toBe('Account number resolved')
    const again = await call('GET', '/bank/resolve?account_number=0022728151&bank_code=063')
    expect(again.data).toEqual(first.data)
    expect(data(first.data).account_number).toBe('0022728151')

    const unknown = await call('GET', '/bank/resolve?account_number=0123450000&bank_code=058')
    expect(unknown.http).toBe(422)
    expect(unknown).toMatchObject({
      status: false,
      message: 'Could not resolve account name. Check parameters or try again.',
    })

    fake.addAccount('058', '0123450000', 'WES GIBBONS')
    const added = await call('GET', '/bank/resolve?account_number=0123450000&bank_code=058')
    expect(added.data).toEqual({ account_number: '0123450000', account_name: 'WES GIBBONS' })
  })
})

describe('POST /transferrecipient', () => {
  it('creates a recipient and returns the same one for the same account', async () => {
    const body = {
      type: 'nuban',
      name: 'Tolu Robert',
      account_number: '0001234567',
      bank_code: '058',
      currency: 'NGN',
    }
    const first = await call('POST', '/transferrecipient', body)
    expect(first.message).toBe('Transfer recipient created successfully')
    const recipient = data(first.data)
    expect(str(recipient.recipient_code)).toMatch(/^RCP_[a-z0-9]+$/)
    expect(recipient).toMatchObject({
      type: 'nuban',
      currency: 'NGN',
      domain: 'test',
      active: true,
    })
    expect(recipient.details).toMatchObject({
      authorization_code: null,
      account_number: '0001234567',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
    })
    const second = await call('POST', '/transferrecipient', body)
    expect(data(second.data).recipient_code).toBe(recipient.recipient_code)
  })

  it('refuses a missing field', async () => {
    const answer = await call('POST', '/transferrecipient', {
      type: 'nuban',
      account_number: '0001234567',
    })
    expect(answer.http).toBe(400)
    expect(answer).toMatchObject({ status: false, message: '"name" is required' })
  })

  it('creates South African and M-PESA recipients', async () => {
    const za = await call('POST', '/transferrecipient', {
      type: 'basa',
      name: 'Thabo M',
      account_number: '1234567890',
      bank_code: '470010',
    })
    expect(data(za.data)).toMatchObject({ type: 'basa', currency: 'ZAR' })
    const mpesa = await call('POST', '/transferrecipient', {
      type: 'mobile_money',
      name: 'Wanjiru K',
      account_number: '0712345678',
      bank_code: 'MPESA',
      currency: 'KES',
    })
    expect(data(mpesa.data)).toMatchObject({ type: 'mobile_money', currency: 'KES' })
    expect(data(data(mpesa.data).details).bank_name).toBe('M-PESA')
  })
})

describe('transfers', () => {
  it('queues a transfer, debits the balance and refuses a duplicate reference', async () => {
    const recipient = await newRecipient()
    const before = fake.balances.get('NGN') ?? 0
    const reference = uniqueReference()
    const body = {
      source: 'balance',
      amount: 100000,
      recipient,
      reference,
      reason: 'Bonus for the week',
    }
    const first = await call('POST', '/transfer', body)
    expect(first.http).toBe(200)
    expect(first.message).toBe('Transfer has been queued')
    const transfer = data(first.data)
    expect(transfer).toMatchObject({
      amount: 100000,
      currency: 'NGN',
      reference,
      status: 'pending',
      source: 'balance',
    })
    expect(typeof transfer.recipient).toBe('number')
    expect(str(transfer.transfer_code)).toMatch(/^TRF_/)
    expect(fake.balances.get('NGN')).toBe(before - 100000)

    const duplicate = await call('POST', '/transfer', body)
    expect(duplicate.http).toBe(400)
    expect(duplicate).toMatchObject({ status: false, message: 'Duplicate Transfer Reference' })
    expect(fake.balances.get('NGN')).toBe(before - 100000)

    const balance = await call('GET', '/balance')
    expect(balance.data).toEqual(
      expect.arrayContaining([{ currency: 'NGN', balance: before - 100000 }]),
    )
  })

  it('refuses a transfer the balance cannot cover', async () => {
    const recipient = await newRecipient()
    fake.balances.set('NGN', 5000)
    try {
      const answer = await call('POST', '/transfer', {
        source: 'balance',
        amount: 5001,
        recipient,
        reference: uniqueReference(),
      })
      expect(answer.http).toBe(400)
      expect(answer.message).toBe('Your balance is not enough to fulfil this request')
    } finally {
      fake.balances.set('NGN', 5_000_000_000)
    }
  })

  it('refuses an unknown recipient with the documented error', async () => {
    const answer = await call('POST', '/transfer', {
      source: 'balance',
      amount: 100,
      recipient: 'RCP_nobody',
      reference: uniqueReference(),
    })
    expect(answer.http).toBe(400)
    expect(answer).toMatchObject({
      message: 'Recipient specified is invalid',
      code: 'invalid_transfer_recipient',
    })
  })

  it('verifies, fetches by code and id, and 404s an unknown reference', async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    const created = data(
      (await call('POST', '/transfer', { source: 'balance', amount: 2500, recipient, reference }))
        .data,
    )
    const verified = await call('GET', `/transfer/verify/${reference}`)
    expect(verified.message).toBe('Transfer retrieved')
    expect(data(verified.data)).toMatchObject({ reference, amount: 2500, status: 'pending' })
    expect(data(data(verified.data).recipient).recipient_code).toBe(recipient)
    const byCode = await call('GET', `/transfer/${str(created.transfer_code)}`)
    expect(data(byCode.data).reference).toBe(reference)
    const byId = await call('GET', `/transfer/${String(created.id)}`)
    expect(data(byId.data).reference).toBe(reference)
    const missing = await call('GET', '/transfer/verify/no-such-reference')
    expect(missing.http).toBe(404)
    expect(missing).toMatchObject({ status: false, message: 'Transfer not found' })
  })

  it('lists transfers page by page with status and date filters', async () => {
    const recipient = await newRecipient()
    const references = [uniqueReference(), uniqueReference(), uniqueReference()]
    for (const reference of references) {
      await call('POST', '/transfer', { source: 'balance', amount: 1000, recipient, reference })
    }
    // Yesterday's transfer, to check the day filter.
    const old = fake.transfers.get(references[0] ?? '')
    if (!old) throw new Error('transfer missing')
    old.createdAt = new Date(Date.now() - 86_400_000).toISOString()
    await fake.settleTransfer(references[1] ?? '', 'success', { webhook: false })

    const all = await call('GET', '/transfer?perPage=2&page=1')
    const meta = z
      .object({
        total: z.number(),
        skipped: z.number(),
        perPage: z.number(),
        page: z.number(),
        pageCount: z.number(),
      })
      .parse(all.meta)
    expect(meta).toMatchObject({
      perPage: 2,
      page: 1,
      skipped: 0,
      pageCount: Math.ceil(meta.total / 2),
    })
    const walked: unknown[] = []
    for (let page = 1; page <= meta.pageCount; page += 1) {
      walked.push(...list((await call('GET', `/transfer?perPage=2&page=${page}`)).data))
    }
    expect(walked).toHaveLength(meta.total)

    const today = new Date().toISOString().slice(0, 10)
    const todays = list((await call('GET', `/transfer?perPage=100&from=${today}&to=${today}`)).data)
    expect(todays.map((t) => t.reference)).not.toContain(references[0])
    expect(todays.map((t) => t.reference)).toContain(references[2])
    const succeeded = list((await call('GET', '/transfer?perPage=100&status=success')).data)
    expect(succeeded.map((t) => t.reference)).toContain(references[1])
    expect(succeeded.every((t) => t.status === 'success')).toBe(true)
  })
})

describe('failNext', () => {
  it("'500' after create loses the answer but verify finds the transfer", async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    fake.failNext('POST /transfer', { mode: '500', after: 'create' })
    const answer = await call('POST', '/transfer', {
      source: 'balance',
      amount: 700,
      recipient,
      reference,
    })
    expect(answer.http).toBe(500)
    expect(answer).toMatchObject({ status: false, message: 'An error occurred' })
    const verified = await call('GET', `/transfer/verify/${reference}`)
    expect(verified.http).toBe(200)
    expect(data(verified.data).reference).toBe(reference)
  })

  it("'500' after nothing creates nothing, and `times` counts requests", async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    fake.failNext('POST /transfer', { mode: '500', times: 2 })
    const body = { source: 'balance', amount: 700, recipient, reference }
    expect((await call('POST', '/transfer', body)).http).toBe(500)
    expect((await call('GET', `/transfer/verify/${reference}`)).http).toBe(404)
    expect((await call('POST', '/transfer', body)).http).toBe(500)
    expect((await call('POST', '/transfer', body)).http).toBe(200)
  })

  it("'timeout' never answers; after create the transfer still exists", async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    fake.failNext('POST /transfer', { mode: 'timeout', after: 'create' })
    const attempt = call(
      'POST',
      '/transfer',
      { source: 'balance', amount: 900, recipient, reference },
      {
        signal: AbortSignal.timeout(300),
      },
    )
    await expect(attempt).rejects.toThrow()
    expect(fake.transfers.get(reference)).toMatchObject({ reference, amount: 900 })
    expect((await call('GET', `/transfer/verify/${reference}`)).http).toBe(200)
  })

  it('fails the chosen GET route only', async () => {
    fake.failNext('GET /bank/resolve', { mode: '500' })
    expect((await call('GET', '/bank?country=kenya')).http).toBe(200)
    expect((await call('GET', '/bank/resolve?account_number=0022728151&bank_code=063')).http).toBe(
      500,
    )
    expect((await call('GET', '/bank/resolve?account_number=0022728151&bank_code=063')).http).toBe(
      200,
    )
  })
})

describe('webhooks', () => {
  function verifies(raw: string, signature: unknown): boolean {
    return createHmac('sha512', fake.secretKey).update(raw).digest('hex') === signature
  }

  it('signs transfer.success with HMAC-SHA512 of the raw body', async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    await call('POST', '/transfer', { source: 'balance', amount: 1234, recipient, reference })
    const before = receiver.received.length
    await fake.settleTransfer(reference, 'success')
    const delivery = receiver.received[before]
    if (!delivery) throw new Error('no webhook arrived')
    expect(delivery.path).toBe('/webhooks/paystack')
    expect(delivery.headers['content-type']).toBe('application/json')
    expect(verifies(delivery.raw, delivery.headers['x-paystack-signature'])).toBe(true)
    const event = data(JSON.parse(delivery.raw))
    expect(event.event).toBe('transfer.success')
    const transfer = data(event.data)
    expect(transfer).toMatchObject({ reference, amount: 1234, currency: 'NGN', status: 'success' })
    expect(str(transfer.transfer_code)).toMatch(/^TRF_/)
    expect(data(transfer.recipient).recipient_code).toBe(recipient)
    expect(fake.sentWebhooks.at(-1)).toEqual(event)
  })

  it('gives money back and sends transfer.failed / transfer.reversed', async () => {
    const recipient = await newRecipient()
    const reference = uniqueReference()
    const before = fake.balances.get('NGN') ?? 0
    await call('POST', '/transfer', { source: 'balance', amount: 5000, recipient, reference })
    await fake.settleTransfer(reference, 'failed')
    expect(fake.balances.get('NGN')).toBe(before)
    const failed = data(fake.sentWebhooks.at(-1))
    expect(failed.event).toBe('transfer.failed')
    expect(data(failed.data)).toMatchObject({ reference, status: 'failed', amount: 5000 })
    const other = uniqueReference()
    await call('POST', '/transfer', {
      source: 'balance',
      amount: 5000,
      recipient,
      reference: other,
    })
    await fake.settleTransfer(other, 'success', { webhook: false })
    await fake.settleTransfer(other, 'reversed')
    expect(data(fake.sentWebhooks.at(-1)).event).toBe('transfer.reversed')
    expect(fake.balances.get('NGN')).toBe(before)
  })

  it('sends an instant success webhook when transfers start as success', async () => {
    fake.setInitialTransferStatus('success')
    const recipient = await newRecipient()
    const reference = uniqueReference()
    const count = fake.sentWebhooks.length
    const answer = await call('POST', '/transfer', {
      source: 'balance',
      amount: 100,
      recipient,
      reference,
    })
    expect(data(answer.data).status).toBe('success')
    await expect.poll(() => fake.sentWebhooks.length).toBe(count + 1)
    expect(data(data(fake.sentWebhooks.at(-1)).data).reference).toBe(reference)
  })

  it('sends bad or missing signatures on request and re-sends the same raw body', async () => {
    receiver.status.code = 401
    const bad = await fake.sendWebhook(
      { event: 'transfer.success', data: { reference: 'x' } },
      { signature: 'bad' },
    )
    expect(bad).toBe(401)
    const badDelivery = receiver.received.at(-1)
    expect(
      badDelivery && verifies(badDelivery.raw, badDelivery.headers['x-paystack-signature']),
    ).toBe(false)
    await fake.sendWebhook(
      { event: 'transfer.success', data: { reference: 'y' } },
      { signature: 'none' },
    )
    expect(receiver.received.at(-1)?.headers['x-paystack-signature']).toBeUndefined()
    receiver.status.code = 200

    const index = fake.sentWebhooks.length
    expect(await fake.sendWebhook({ event: 'charge.success', data: { reference: 'z' } })).toBe(200)
    const original = receiver.received.at(-1)
    expect(await fake.resendWebhook(index)).toBe(200)
    const again = receiver.received.at(-1)
    expect(again?.raw).toBe(original?.raw)
    expect(again?.headers['x-paystack-signature']).toBe(original?.headers['x-paystack-signature'])
    expect(fake.sentWebhooks).toHaveLength(index + 1)
  })
})

describe('checkout', () => {
  it('initializes, serves a page whose Pay redirects to the callback, and sends charge.success', async () => {
    const reference = uniqueReference()
    const init = await call('POST', '/transaction/initialize', {
      email: 'ada@example.com',
      amount: '500000',
      currency: 'NGN',
      reference,
      callback_url: `${receiver.url}/fund/callback`,
      metadata: { sabi: true },
    })
    expect(init.message).toBe('Authorization URL created')
    const started = data(init.data)
    expect(started.reference).toBe(reference)
    expect(str(started.authorization_url)).toBe(`${fake.url}/checkout/${str(started.access_code)}`)

    const duplicate = await call('POST', '/transaction/initialize', {
      email: 'ada@example.com',
      amount: 100,
      reference,
    })
    expect(duplicate.http).toBe(400)
    expect(duplicate.message).toBe('Duplicate Transaction Reference')

    const unpaid = data((await call('GET', `/transaction/verify/${reference}`)).data)
    expect(unpaid.status).toBe('abandoned')

    const pageHtml = await (await fetch(str(started.authorization_url))).text()
    expect(pageHtml).toContain('id="pay"')
    const action = /<form method="post" action="([^"]+\/pay)">/.exec(pageHtml)?.[1]
    if (!action) throw new Error('no Pay form')
    const webhooksBefore = fake.sentWebhooks.length
    const paid = await fetch(new URL(action, fake.url), { method: 'POST' })
    expect(paid.status).toBe(200)
    const landed = new URL(paid.url)
    expect(landed.pathname).toBe('/fund/callback')
    expect(landed.searchParams.get('trxref')).toBe(reference)
    expect(landed.searchParams.get('reference')).toBe(reference)

    expect(fake.sentWebhooks).toHaveLength(webhooksBefore + 1)
    const event = data(fake.sentWebhooks.at(-1))
    expect(event.event).toBe('charge.success')
    const charge = data(event.data)
    expect(charge).toMatchObject({
      reference,
      amount: 500000,
      currency: 'NGN',
      channel: 'card',
      status: 'success',
    })
    expect(data(charge.customer)).toMatchObject({ email: 'ada@example.com' })
    expect(str(data(charge.customer).customer_code)).toMatch(/^CUS_/)
    expect(str(charge.paid_at)).toMatch(/T/)

    const verified = await call('GET', `/transaction/verify/${reference}`)
    expect(verified.message).toBe('Verification successful')
    expect(data(verified.data)).toMatchObject({
      status: 'success',
      reference,
      metadata: { sabi: true },
    })

    const listed = await call('GET', '/transaction?perPage=10&page=1&status=success')
    expect(list(listed.data).map((t) => t.reference)).toContain(reference)
    expect(listed.meta).toMatchObject({ perPage: 10, page: 1 })
  })

  it('Cancel marks the transaction abandoned and redirects the same way', async () => {
    const init = data(
      (
        await call('POST', '/transaction/initialize', {
          email: 'bayo@example.com',
          amount: 10000,
          callback_url: `${receiver.url}/fund/callback?from=app`,
        })
      ).data,
    )
    const reference = str(init.reference)
    const cancelled = await fetch(`${str(init.authorization_url)}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(cancelled.status).toBe(302)
    const location = new URL(cancelled.headers.get('location') ?? '')
    expect(location.searchParams.get('from')).toBe('app')
    expect(location.searchParams.get('reference')).toBe(reference)
    expect(fake.transactions.get(reference)?.status).toBe('abandoned')
  })

  it('answers an unknown transaction reference and an invalid amount with errors', async () => {
    const unknown = await call('GET', '/transaction/verify/nothing-here')
    expect(unknown.http).toBe(400)
    expect(unknown.message).toBe('Transaction reference not found')
    const badAmount = await call('POST', '/transaction/initialize', {
      email: 'a@example.com',
      amount: '12.50',
    })
    expect(badAmount.http).toBe(400)
    expect(badAmount.message).toBe('Invalid Amount Sent')
  })

  it('refunds a paid transaction', async () => {
    const init = data(
      (await call('POST', '/transaction/initialize', { email: 'c@example.com', amount: 20000 }))
        .data,
    )
    const reference = str(init.reference)
    await fake.completeCheckout(reference, 'success', { webhook: false })
    const refund = await call('POST', '/refund', { transaction: reference, amount: 5000 })
    expect(refund.message).toBe('Refund has been queued for processing')
    expect(data(refund.data)).toMatchObject({ status: 'pending', amount: 5000, currency: 'NGN' })
    expect(data(data(refund.data).transaction).reference).toBe(reference)
    const tooMuch = await call('POST', '/refund', { transaction: reference, amount: 15001 })
    expect(tooMuch.http).toBe(400)
    const refunds = list((await call('GET', '/refund')).data)
    expect(refunds[0]).toMatchObject({ amount: 5000, status: 'pending' })
  })
})

describe('customers and dedicated accounts', () => {
  it('keeps one customer per email and one account per customer, and pays into it', async () => {
    const body = {
      email: 'rhoda@example.com',
      first_name: 'Rhoda',
      last_name: 'Church',
      phone: '+2349053267565',
    }
    const first = data((await call('POST', '/customer', body)).data)
    expect(str(first.customer_code)).toMatch(/^CUS_/)
    const second = data((await call('POST', '/customer', body)).data)
    expect(second.customer_code).toBe(first.customer_code)

    const dva = await call('POST', '/dedicated_account', {
      customer: first.customer_code,
      preferred_bank: 'wema-bank',
    })
    expect(dva.message).toBe('NUBAN successfully created')
    const account = data(dva.data)
    expect(str(account.account_number)).toMatch(/^\d{10}$/)
    expect(account.bank).toEqual({ name: 'Wema Bank', id: 20, slug: 'wema-bank' })
    expect(account.account_name).toBe('SABI / RHODA CHURCH')
    expect(data(account.customer)).toMatchObject({
      customer_code: first.customer_code,
      email: 'rhoda@example.com',
    })
    const byId = data((await call('POST', '/dedicated_account', { customer: first.id })).data)
    expect(byId.account_number).toBe(account.account_number)

    const other = data((await call('POST', '/customer', { email: 'other@example.com' })).data)
    const titan = data(
      (
        await call('POST', '/dedicated_account', {
          customer: other.customer_code,
          preferred_bank: 'titan-paystack',
        })
      ).data,
    )
    expect(titan.account_number).not.toBe(account.account_number)
    expect(data(titan.bank).slug).toBe('titan-paystack')

    const reference = await fake.payIntoDedicatedAccount(str(account.account_number), 250000, {
      name: 'JOHN SENDER',
      bank: 'Zenith Bank',
    })
    const event = data(fake.sentWebhooks.at(-1))
    expect(event.event).toBe('charge.success')
    const charge = data(event.data)
    expect(charge).toMatchObject({
      reference,
      amount: 250000,
      channel: 'dedicated_nuban',
      status: 'success',
    })
    expect(data(charge.authorization)).toMatchObject({
      channel: 'dedicated_nuban',
      sender_name: 'JOHN SENDER',
      sender_bank: 'Zenith Bank',
      receiver_bank_account_number: account.account_number,
      receiver_bank: 'Wema Bank',
    })
    expect(data(charge.customer).customer_code).toBe(first.customer_code)
    const verified = data((await call('GET', `/transaction/verify/${reference}`)).data)
    expect(verified).toMatchObject({ status: 'success', channel: 'dedicated_nuban' })
  })

  it('answers 404 for an unknown customer', async () => {
    const answer = await call('POST', '/dedicated_account', { customer: 'CUS_nobody' })
    expect(answer.http).toBe(404)
    expect(answer.message).toBe('Customer not found')
  })
})

describe('request log', () => {
  it('records method, path, query and parsed body', async () => {
    await call('GET', '/bank?country=kenya&perPage=5')
    expect(fake.requests.at(-1)).toEqual({
      method: 'GET',
      path: '/bank',
      query: { country: 'kenya', perPage: '5' },
      body: undefined,
    })
    await call('POST', '/customer', { email: 'log@example.com' })
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/customer',
      body: { email: 'log@example.com' },
    })
  })
})
