import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { users } from '#server/db/schema.ts'
import {
  type PaymentRequest,
  paymentRequestPreviewSchema,
  paymentRequestSchema,
} from '#shared/schemas/payment-requests.ts'
import { signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'

describeMoneyApi('payment request preview for visitors', (context) => {
  async function askFor(): Promise<{ request: PaymentRequest; email: string; username: string }> {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, {
      firstName: 'Babajide',
      lastName: 'Olatunji',
    })
    const ngn = await walletIn(client, 'NGN')
    const asked = await client.post('/api/payment-requests', {
      walletId: ngn.id,
      amount: '2500.50',
      description: 'Jollof for the team',
    })
    expect(asked.status, asked.text).toBe(201)
    return { request: paymentRequestSchema.parse(asked.body), ...user }
  }

  it('shows a signed-out visitor who asks, how much and why, and nothing else', async () => {
    const { request, email, username } = await askFor()
    const visitor = createTestClient(context.app)
    const previewed = await visitor.get(`/api/payment-requests/${request.id}/preview`)
    expect(previewed.status, previewed.text).toBe(200)
    expect(paymentRequestPreviewSchema.strict().parse(previewed.body)).toEqual({
      requesterName: 'Babajide O.',
      amount: '2500.50',
      currency: { code: 'NGN', symbol: '₦' },
      description: 'Jollof for the team',
    })
    // No id of the requester or their wallet, no full name, no contact, no status.
    for (const secret of [
      request.requester.id,
      request.walletId,
      request.id,
      'Olatunji',
      email,
      username,
      'open',
    ]) {
      expect(previewed.text).not.toContain(secret)
    }
    // The full request stays for signed-in users.
    expect((await visitor.get(`/api/payment-requests/${request.id}`)).status).toBe(401)
  })

  it('names a requester with no first name by their username, masked', async () => {
    const { request, username } = await askFor()
    // Sign-up asks for names; an older account may have none.
    await context.database.db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(eq(users.username, username))
    const previewed = await createTestClient(context.app).get(
      `/api/payment-requests/${request.id}/preview`,
    )
    expect(previewed.status, previewed.text).toBe(200)
    const { requesterName } = paymentRequestPreviewSchema.parse(previewed.body)
    expect(requesterName.startsWith(username.slice(0, 1))).toBe(true)
    expect(requesterName).not.toContain(username.slice(1))
  })

  it('answers 404 for an unknown request and 400 for a malformed id', async () => {
    const visitor = createTestClient(context.app)
    expect((await visitor.get(`/api/payment-requests/${randomUUID()}/preview`)).status).toBe(404)
    expect((await visitor.get('/api/payment-requests/not-an-id/preview')).status).toBe(400)
  })

  it('limits previews from one address, so request ids cannot be guessed', async () => {
    const visitor = createTestClient(context.app)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++) {
      statuses.push((await visitor.get(`/api/payment-requests/${randomUUID()}/preview`)).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})
