import { expect, it } from 'vitest'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { groupVerificationCode, verifiedReceiptSchema } from '#shared/schemas/receipts.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'

describeMoneyApi('receipt verification', (context) => {
  async function transfer() {
    const sender = createTestClient(context.app)
    const recipient = createTestClient(context.app)
    await signUpClient(sender, { firstName: 'Amaka', lastName: 'Obi' })
    const recipientUser = await signUpClient(recipient, { firstName: 'Tunde', lastName: 'Bakare' })
    const ngn = await walletIn(sender, 'NGN')
    await addFunds(sender, ngn.id, '5000.00')
    const sent = await moneyPost(sender, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: recipientUser.id,
      amount: '1250.50',
      description: 'Rent share',
    })
    expect(sent.status, sent.text).toBe(201)
    return { sender, recipient, ngn, sent: transactionSchema.parse(sent.body) }
  }

  it('anyone, signed out, can confirm a genuine receipt by its code; names are masked', async () => {
    const { sent, recipient } = await transfer()
    expect(sent.verificationCode).toMatch(/^[0-9A-F]{16}$/)
    const [received] = await history(recipient)
    // Both sides of a transfer hold the same receipt code.
    expect(received?.verificationCode).toBe(sent.verificationCode)

    const stranger = createTestClient(context.app)
    const answer = await stranger.get(`/api/receipts/${sent.verificationCode}`)
    expect(answer.status, answer.text).toBe(200)
    expect(verifiedReceiptSchema.parse(answer.body)).toEqual({
      code: sent.verificationCode,
      status: 'completed',
      type: 'send',
      amount: '1250.50',
      fee: '0.00',
      currency: { code: 'NGN', symbol: '₦' },
      createdAt: sent.createdAt,
      reference: sent.reference,
      payer: 'A**** O**',
      payee: 'T**** B****',
    })
    expect(answer.text).not.toContain('Amaka')
    expect(answer.text).not.toContain('Bakare')
    expect(answer.text).not.toContain('Rent share')

    // As people type it from a screenshot: grouped, lower case, with spaces.
    const typed = groupVerificationCode(sent.verificationCode).toLowerCase().replaceAll('-', ' - ')
    const again = await stranger.get(`/api/receipts/${encodeURIComponent(typed)}`)
    expect(again.status).toBe(200)
  })

  it('a bank transfer receipt names the account holder and bank; a top-up has no payer', async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    const topUp = await addFunds(client, ngn.id, '5000.00')
    const sent = await moneyPost(client, '/api/send-money/bank', {
      fromWalletId: ngn.id,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Ada Obi',
      amount: '1000.00',
    })
    expect(sent.status, sent.text).toBe(201)
    const bank = verifiedReceiptSchema.parse(
      (await client.get(`/api/receipts/${transactionSchema.parse(sent.body).verificationCode}`))
        .body,
    )
    expect(bank).toMatchObject({ status: 'pending', amount: '1000.00', fee: '20.00' })
    expect(bank.payee).toMatch(/^[A-Z]\*+( [A-Z]\*+)*, Zenith Bank$/)
    const funding = verifiedReceiptSchema.parse(
      (await client.get(`/api/receipts/${topUp.verificationCode}`)).body,
    )
    expect(funding).toMatchObject({ type: 'add_funds', payer: null, amount: '5000.00' })
  })

  it('says plainly that an unknown or malformed code is no receipt', async () => {
    const client = createTestClient(context.app)
    for (const code of [
      '0000000000000000',
      'FFFFFFFFFFFFFFFF',
      'not-a-code',
      '%27%20or%201%3D1',
      'x'.repeat(40),
    ]) {
      const answer = await client.get(`/api/receipts/${code}`)
      expect(answer.status, code).toBe(404)
      expect(apiErrorSchema.parse(answer.body)).toEqual({
        code: 'NOT_FOUND',
        message: 'No receipt has this code. The receipt may not be genuine.',
        key: expect.any(String),
        params: {},
      })
    }
    expect((await client.get(`/api/receipts/${'A'.repeat(41)}`)).status).toBe(400)
  })

  it('limits lookups from one address, so codes cannot be guessed', async () => {
    const client = createTestClient(context.app)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++) {
      statuses.push(
        (await client.get(`/api/receipts/${attempt.toString(16).padStart(16, '0')}`)).status,
      )
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(statuses[30]).toBe(429)
    // Another address is not held back by it.
    expect((await createTestClient(context.app).get('/api/receipts/0000000000000000')).status).toBe(
      404,
    )
  })
})
