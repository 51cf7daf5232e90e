import { expect, it } from 'vitest'
import { transactionPathOf } from '#shared/notification-target.ts'
import { notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import { transactionDetailsSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'

describeMoneyApi('notifications open their transaction', (context) => {
  async function person(naira?: string) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    if (naira) await addFunds(client, ngn.id, naira)
    return { client, user, ngn }
  }

  async function notificationsOf(client: ReturnType<typeof createTestClient>) {
    return notificationsPageSchema.parse((await client.get('/api/notifications')).body).items
  }

  it('a transfer received and a payment request paid name a transaction their recipient can open', async () => {
    const recipient = await person()
    const sender = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '12.00',
    })
    expect(sent.status, sent.text).toBe(201)
    const asked = await recipient.client.post('/api/payment-requests', {
      walletId: recipient.ngn.id,
      amount: '34.00',
    })
    expect(asked.status, asked.text).toBe(201)
    const request = paymentRequestSchema.parse(asked.body)
    const paid = await moneyPost(sender.client, `/api/payment-requests/${request.id}/pay`, {
      fromWalletId: sender.ngn.id,
    })
    expect(paid.status, paid.text).toBe(201)

    const items = await notificationsOf(recipient.client)
    expect(items.map((item) => item.data.kind)).toEqual(['payment_request_paid', 'money_received'])
    const amounts: string[] = []
    for (const item of items) {
      const path = transactionPathOf(item.data)
      expect(path, item.data.kind).toMatch(/^\/transactions\/[0-9a-f-]{36}$/)
      // The page the notification opens reads `GET /api/transactions/:id` as its recipient.
      const opened = await recipient.client.get(`/api${path}`)
      expect(opened.status, opened.text).toBe(200)
      const transaction = transactionDetailsSchema.parse(opened.body)
      expect(transaction.toUserId).toBe(recipient.user.id)
      // Both people by name, for the receipt image the recipient may share.
      expect(transaction.sender).toBe(`${sender.user.firstName} ${sender.user.lastName}`)
      expect(transaction.recipient).toBe(`${recipient.user.firstName} ${recipient.user.lastName}`)
      amounts.push(transaction.amount)
    }
    expect(amounts).toEqual(['34.00', '12.00'])

    // Another user cannot open it by its id.
    const stranger = await person()
    const path = transactionPathOf(items[0]?.data ?? { kind: 'pin_changed' }) ?? ''
    expect((await stranger.client.get(`/api${path}`)).status).toBe(404)
  })
})
