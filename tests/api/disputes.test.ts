/**
 * A customer reports a problem with a transaction (docs/disputes.md, issue 36): who may, one
 * open report per transaction (also when two arrive at once), what is refused, what the customer
 * reads back, how staff move a report on through `changeDisputeStatus`, and what the customer
 * hears of each step.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { disputeEvents, disputes } from '#server/db/schema.ts'
import { changeDisputeStatus } from '#server/disputes/change-dispute-status.ts'
import { renderEventMessage } from '#server/notifications/render-message.ts'
import {
  DISPUTES_PER_HOUR,
  disputeDetailsSchema,
  disputePageSchema,
  openedDisputeSchema,
} from '#shared/schemas/disputes.ts'
import { notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

describeMoneyApi('customers report a transaction', (context) => {
  async function person(naira?: string) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    const topUp = naira ? await addFunds(client, ngn.id, naira) : undefined
    return { client, user, ngn, topUp }
  }

  /** A customer with a bank transfer to report. */
  async function bankSender() {
    const sender = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/bank', {
      fromWalletId: sender.ngn.id,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Adaeze Okafor',
      amount: '1000.00',
      description: 'Rent',
    })
    expect(sent.status, sent.text).toBe(201)
    return { ...sender, transfer: transactionSchema.parse(sent.body) }
  }

  function report(client: TestClient, transactionId: string, body: unknown) {
    return client.post(`/api/transactions/${transactionId}/disputes`, body)
  }

  async function kindsOf(client: TestClient) {
    const page = notificationsPageSchema.parse((await client.get('/api/notifications')).body)
    return page.items.map((item) => item.data)
  }

  function change(input: Parameters<typeof changeDisputeStatus>[1]) {
    return context.database.db.transaction((tx) => changeDisputeStatus(tx, input))
  }

  it('opens a report on a bank transfer: 201 with its reference, a timeline step and a notification', async () => {
    const { client, transfer } = await bankSender()
    const response = await report(client, transfer.id, {
      reason: 'not_received',
      details: '  The recipient says nothing arrived.  ',
    })
    expect(response.status, response.text).toBe(201)
    const opened = openedDisputeSchema.parse(response.body)
    expect(Object.keys(response.body ?? {}).sort()).toEqual(['id', 'reference', 'status'])
    expect(opened.status).toBe('open')
    expect(opened.reference).toMatch(/^DSP-[0-9A-HJKMNP-TV-Z]{8}$/)

    const [row] = await context.database.db
      .select()
      .from(disputes)
      .where(eq(disputes.id, opened.id))
    expect(row).toMatchObject({
      journalId: transfer.id,
      reason: 'not_received',
      // Trimmed, as the schema reads it.
      details: 'The recipient says nothing arrived.',
      status: 'open',
      outcome: null,
    })
    const events = await context.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, opened.id))
    expect(events).toMatchObject([
      { actor: 'customer', kind: 'opened', note: 'The recipient says nothing arrived.' },
    ])
    expect(await kindsOf(client)).toContainEqual({
      kind: 'dispute_opened',
      disputeId: opened.id,
      reference: opened.reference,
    })
  })

  it('takes one open report per transaction: a second is a 409, in any language', async () => {
    const { client, transfer } = await bankSender()
    expect((await report(client, transfer.id, { reason: 'not_received' })).status).toBe(201)
    const again = await report(client, transfer.id, { reason: 'charged_twice' })
    expect(again.status, again.text).toBe(409)
    expect(again.body).toMatchObject({ code: 'CONFLICT', key: 'disputeAlreadyOpen' })
    const inHausa = await client.post(
      `/api/transactions/${transfer.id}/disputes`,
      { reason: 'other', details: 'Ban san abin da ya faru ba' },
      { 'accept-language': 'ha' },
    )
    expect(inHausa.status).toBe(409)
    expect(inHausa.body).toMatchObject({ message: expect.stringContaining('Rahotannina') })
  })

  it("answers 404 for a stranger's transaction and an unknown one, as any transaction not yours", async () => {
    const { transfer } = await bankSender()
    const stranger = await person()
    const theirs = await report(stranger.client, transfer.id, { reason: 'unauthorised' })
    expect(theirs.status, theirs.text).toBe(404)
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND', key: 'transactionNotFound' })
    const unknown = await report(stranger.client, randomUUID(), { reason: 'unauthorised' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ key: 'transactionNotFound' })
    // The same words as the transaction itself answers with.
    const read = await stranger.client.get(`/api/transactions/${transfer.id}`)
    expect(read.status).toBe(404)
    expect(theirs.body).toMatchObject({ message: (read.body as { message: string }).message })
    // Nothing was written for them.
    expect(
      await context.database.db.select().from(disputes).where(eq(disputes.journalId, transfer.id)),
    ).toEqual([])
  })

  it('refuses bad input with 400s naming the field', async () => {
    const { client, transfer } = await bankSender()
    const cases: [unknown, string, string][] = [
      [{}, 'reason', 'disputeChooseReason'],
      [{ reason: 'stolen' }, 'reason', 'disputeChooseReason'],
      [{ reason: 'not_received', details: 'x'.repeat(501) }, 'details', 'disputeDetailsMostMax'],
      [{ reason: 'not_received', details: 42 }, 'details', 'disputeDetailsText'],
      [{ reason: 'other' }, 'details', 'disputeDetailsNeededForOther'],
      [{ reason: 'other', details: '   too short  ' }, 'details', 'disputeDetailsNeededForOther'],
    ]
    for (const [body, path, key] of cases) {
      const response = await report(client, transfer.id, body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ path, key })],
      })
    }
    const notAnId = await report(client, 'not-a-uuid', { reason: 'not_received' })
    expect(notAnId.status).toBe(400)
    // 500 characters once trimmed is within the limit; "something else" with words is fine.
    const longest = await report(client, transfer.id, {
      reason: 'other',
      details: ` ${'y'.repeat(500)} `,
    })
    expect(longest.status, longest.text).toBe(201)
  })

  it('lets either party of a transfer report it, one report open at a time', async () => {
    const recipient = await person()
    const sender = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '250.00',
    })
    expect(sent.status, sent.text).toBe(201)
    const transfer = transactionSchema.parse(sent.body)

    const byRecipient = await report(recipient.client, transfer.id, {
      reason: 'other',
      details: 'I do not know this person',
    })
    expect(byRecipient.status, byRecipient.text).toBe(201)
    // The recipient's report is open, so the sender's waits until it is resolved.
    expect((await report(sender.client, transfer.id, { reason: 'wrong_recipient' })).status).toBe(
      409,
    )
    await change({
      disputeId: openedDisputeSchema.parse(byRecipient.body).id,
      status: 'resolved',
      outcome: 'declined',
      note: 'The transfer was made by the account holder.',
      operatorId: null,
    })
    const bySender = await report(sender.client, transfer.id, { reason: 'wrong_recipient' })
    expect(bySender.status, bySender.text).toBe(201)

    // Each sees their own report only, in their list and on the transaction.
    const senderList = disputePageSchema.parse((await sender.client.get('/api/disputes')).body)
    expect(senderList.items.map((item) => item.reason)).toEqual(['wrong_recipient'])
    const recipientList = disputePageSchema.parse(
      (await recipient.client.get('/api/disputes')).body,
    )
    expect(recipientList.items.map((item) => [item.reason, item.status, item.outcome])).toEqual([
      ['other', 'resolved', 'declined'],
    ])
    // The recipient sees the transfer from their side: money in.
    expect(recipientList.items[0]?.transaction).toMatchObject({ id: transfer.id, type: 'receive' })
  })

  it('decides two reports sent at once: one 201, one 409', async () => {
    const { client, transfer } = await bankSender()
    const answers = await Promise.all([
      report(client, transfer.id, { reason: 'not_received' }),
      report(client, transfer.id, { reason: 'charged_twice' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    const rows = await context.database.db
      .select()
      .from(disputes)
      .where(eq(disputes.journalId, transfer.id))
    expect(rows).toHaveLength(1)
  })

  it('decides many reports of one transaction sent at once from both its parties', async () => {
    const recipient = await person()
    const sender = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '10.00',
    })
    const transfer = transactionSchema.parse(sent.body)
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        report((index % 2 === 0 ? sender : recipient).client, transfer.id, {
          reason: 'not_received',
        }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5)
  })

  it('lists the customer their own reports, newest first, each with its transaction', async () => {
    const { client, transfer, topUp } = await bankSender()
    if (!topUp) throw new Error('the sender was funded')
    const first = openedDisputeSchema.parse(
      (await report(client, topUp.id, { reason: 'charged_twice' })).body,
    )
    const second = openedDisputeSchema.parse(
      (await report(client, transfer.id, { reason: 'not_received', details: 'Nothing came' })).body,
    )
    const someoneElse = await bankSender()
    await report(someoneElse.client, someoneElse.transfer.id, { reason: 'not_received' })

    const page = disputePageSchema.parse((await client.get('/api/disputes')).body)
    expect(page.nextCursor).toBeNull()
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id])
    expect(page.items[0]).toMatchObject({
      reference: second.reference,
      transactionId: transfer.id,
      transactionReference: transfer.reference,
      reason: 'not_received',
      details: 'Nothing came',
      status: 'open',
      outcome: null,
      resolutionNote: null,
      transaction: {
        id: transfer.id,
        amount: '1000.00',
        fee: '20.00',
        type: 'send',
        fromWallet: { currency: { code: 'NGN', symbol: '₦' } },
        description: 'Rent',
        counterparty: expect.stringContaining('Zenith Bank'),
        dispute: { id: second.id, reference: second.reference, status: 'open', outcome: null },
      },
    })
    expect(page.items[1]?.details).toBe('')

    // A page at a time.
    const one = disputePageSchema.parse((await client.get('/api/disputes?limit=1')).body)
    expect(one.items.map((item) => item.id)).toEqual([second.id])
    const next = disputePageSchema.parse(
      (await client.get(`/api/disputes?limit=1&cursor=${one.nextCursor}`)).body,
    )
    expect(next.items.map((item) => item.id)).toEqual([first.id])
    expect(next.nextCursor).toBeNull()
    expect((await client.get('/api/disputes?cursor=nonsense')).status).toBe(400)

    // One report: its own, never another's.
    const mine = await client.get(`/api/disputes/${second.id}`)
    expect(mine.status, mine.text).toBe(200)
    expect(disputeDetailsSchema.parse(mine.body).events).toMatchObject([
      { kind: 'opened', note: 'Nothing came' },
    ])
    const theirs = await someoneElse.client.get(`/api/disputes/${second.id}`)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toMatchObject({ key: 'disputeNotFound' })
    expect((await client.get(`/api/disputes/${randomUUID()}`)).status).toBe(404)
    // Signed out: nothing.
    const visitor = createTestClient(context.app)
    expect((await visitor.get('/api/disputes')).status).toBe(401)
    expect((await visitor.post(`/api/transactions/${transfer.id}/disputes`, {})).status).toBe(401)
  })

  it('marks reported transactions in the history and the details, for the reporter only', async () => {
    const recipient = await person()
    const sender = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '75.00',
    })
    const transfer = transactionSchema.parse(sent.body)
    // A money POST's answer says nothing of reports.
    expect(transfer.dispute).toBeUndefined()
    expect((await history(sender.client)).every((item) => item.dispute === null)).toBe(true)

    const opened = openedDisputeSchema.parse(
      (await report(sender.client, transfer.id, { reason: 'wrong_recipient' })).body,
    )
    const rows = await history(sender.client)
    expect(rows.find((item) => item.id === transfer.id)?.dispute).toEqual({
      id: opened.id,
      reference: opened.reference,
      status: 'open',
      outcome: null,
    })
    expect(rows.filter((item) => item.dispute !== null)).toHaveLength(1)
    const details = transactionDetailsSchema.parse(
      (await sender.client.get(`/api/transactions/${transfer.id}`)).body,
    )
    expect(details.dispute).toMatchObject({ reference: opened.reference, status: 'open' })
    // The other party's history does not show someone else's report.
    expect((await history(recipient.client)).find((item) => item.id === transfer.id)?.dispute).toBe(
      null,
    )

    // Resolved, the mark says so; a new report after it is the one shown.
    await change({
      disputeId: opened.id,
      status: 'resolved',
      outcome: 'refunded',
      operatorId: null,
    })
    expect((await history(sender.client)).find((item) => item.id === transfer.id)?.dispute).toEqual(
      { id: opened.id, reference: opened.reference, status: 'resolved', outcome: 'refunded' },
    )
    const again = openedDisputeSchema.parse(
      (await report(sender.client, transfer.id, { reason: 'charged_twice' })).body,
    )
    expect(
      (await history(sender.client)).find((item) => item.id === transfer.id)?.dispute,
    ).toMatchObject({ id: again.id, status: 'open' })
  })

  it('moves a report forward only, notifying the customer of each change', async () => {
    const { client, transfer } = await bankSender()
    const opened = openedDisputeSchema.parse(
      (await report(client, transfer.id, { reason: 'not_received' })).body,
    )

    const reviewing = await change({
      disputeId: opened.id,
      status: 'in_review',
      note: 'Asked the bank for the credit confirmation',
      operatorId: null,
    })
    expect(reviewing).toMatchObject({ id: opened.id, status: 'in_review', outcome: null })
    // The same status again changes nothing and records nothing.
    const repeated = await change({ disputeId: opened.id, status: 'in_review', operatorId: null })
    expect(repeated.updatedAt).toEqual(reviewing.updatedAt)

    // A resolution needs its outcome, a decline its reason; a review has no outcome.
    await expect(
      change({ disputeId: opened.id, status: 'resolved', operatorId: null }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      wording: { key: 'disputeOutcomeRequired' },
    })
    await expect(
      change({
        disputeId: opened.id,
        status: 'resolved',
        outcome: 'declined',
        note: '  ',
        operatorId: null,
      }),
    ).rejects.toMatchObject({ wording: { key: 'disputeDeclineNeedsNote' } })
    await expect(
      change({ disputeId: opened.id, status: 'in_review', outcome: 'refunded', operatorId: null }),
    ).rejects.toMatchObject({ wording: { key: 'disputeOutcomeOnlyResolved' } })
    await expect(
      change({ disputeId: randomUUID(), status: 'in_review', operatorId: null }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })

    const resolved = await change({
      disputeId: opened.id,
      status: 'resolved',
      outcome: 'declined',
      note: ' The bank confirmed the money reached the account. ',
      operatorId: null,
    })
    expect(resolved).toMatchObject({
      status: 'resolved',
      outcome: 'declined',
      resolutionNote: 'The bank confirmed the money reached the account.',
    })
    // Resolved is final: the same again is nothing, anything else a conflict.
    expect(
      await change({
        disputeId: opened.id,
        status: 'resolved',
        outcome: 'declined',
        note: 'The bank confirmed the money reached the account.',
        operatorId: null,
      }),
    ).toMatchObject({ updatedAt: resolved.updatedAt })
    await expect(
      change({ disputeId: opened.id, status: 'resolved', outcome: 'refunded', operatorId: null }),
    ).rejects.toMatchObject({ code: 'CONFLICT', wording: { key: 'disputeAlreadyResolved' } })
    await expect(
      change({ disputeId: opened.id, status: 'in_review', operatorId: null }),
    ).rejects.toMatchObject({ code: 'CONFLICT' })

    // The timeline: every step by whom; the customer's view leaves out staff's review note.
    const events = await context.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, opened.id))
    expect(events.map((event) => [event.actor, event.kind]).sort()).toEqual([
      ['customer', 'opened'],
      ['system', 'declined'],
      ['system', 'in_review'],
    ])
    const details = disputeDetailsSchema.parse(
      (await client.get(`/api/disputes/${opened.id}`)).body,
    )
    expect(details).toMatchObject({
      status: 'resolved',
      outcome: 'declined',
      resolutionNote: 'The bank confirmed the money reached the account.',
    })
    expect(details.events.map((event) => [event.kind, event.note])).toEqual([
      ['opened', null],
      ['in_review', null],
      ['declined', 'The bank confirmed the money reached the account.'],
    ])

    // One notification per change, newest first: declined with its reason, in review, received.
    const notified = (await kindsOf(client)).filter((data) => data.kind.startsWith('dispute_'))
    expect(notified).toEqual([
      {
        kind: 'dispute_updated',
        disputeId: opened.id,
        reference: opened.reference,
        status: 'resolved',
        outcome: 'declined',
        note: 'The bank confirmed the money reached the account.',
      },
      {
        kind: 'dispute_updated',
        disputeId: opened.id,
        reference: opened.reference,
        status: 'in_review',
      },
      { kind: 'dispute_opened', disputeId: opened.id, reference: opened.reference },
    ])
  })

  it('applies two changes of one report made at once one after the other', async () => {
    const { client, transfer } = await bankSender()
    const opened = openedDisputeSchema.parse(
      (await report(client, transfer.id, { reason: 'not_received' })).body,
    )
    const rows = await Promise.all([
      change({ disputeId: opened.id, status: 'in_review', operatorId: null }),
      change({ disputeId: opened.id, status: 'in_review', operatorId: null }),
    ])
    expect(rows.map((row) => row.status)).toEqual(['in_review', 'in_review'])
    const reviews = await context.database.db
      .select()
      .from(disputeEvents)
      .where(eq(disputeEvents.disputeId, opened.id))
    expect(reviews.filter((event) => event.kind === 'in_review')).toHaveLength(1)
    const notified = (await kindsOf(client)).filter((data) => data.kind === 'dispute_updated')
    expect(notified).toHaveLength(1)
  })

  it("goes straight from open to resolved, refunded, worded in the customer's language", async () => {
    const { client, transfer } = await bankSender()
    const opened = openedDisputeSchema.parse(
      (await report(client, transfer.id, { reason: 'charged_twice' })).body,
    )
    await change({
      disputeId: opened.id,
      status: 'resolved',
      outcome: 'refunded',
      operatorId: null,
    })
    const list = disputePageSchema.parse((await client.get('/api/disputes')).body)
    expect(list.items[0]).toMatchObject({
      status: 'resolved',
      outcome: 'refunded',
      resolutionNote: null,
    })
    const [latest] = await kindsOf(client)
    expect(latest).toEqual({
      kind: 'dispute_updated',
      disputeId: opened.id,
      reference: opened.reference,
      status: 'resolved',
      outcome: 'refunded',
    })
    if (!latest) throw new Error('no notification')
    // E-mail, SMS and push word it from the server's catalogs (render-message.ts).
    expect(renderEventMessage(latest, 'fr')).toEqual({
      title: 'Signalement résolu\u00a0: remboursé',
      text: `Votre signalement ${opened.reference} est résolu\u00a0: l'argent a été remboursé sur votre portefeuille.`,
    })
    expect(renderEventMessage(latest, 'ha').title).toBe('An warware rahoto: an mayar da kuɗin')
    // A declined report's reason is one line, whatever staff typed.
    expect(
      renderEventMessage(
        {
          kind: 'dispute_updated',
          disputeId: opened.id,
          reference: opened.reference,
          status: 'resolved',
          outcome: 'declined',
          note: 'Paid in full.\n\nClick here',
        },
        'en',
      ).text,
    ).toBe(`Your report ${opened.reference} was declined: Paid in full. Click here`)
  })

  it("puts the customer's reports in the copy of their data", async () => {
    const { client, transfer } = await bankSender()
    const opened = openedDisputeSchema.parse(
      (await report(client, transfer.id, { reason: 'not_received', details: 'Still waiting' }))
        .body,
    )
    const exported = await client.get('/api/export/data')
    expect(exported.status, exported.text).toBe(200)
    expect(exported.body).toMatchObject({
      reports: [
        {
          id: opened.id,
          reference: opened.reference,
          reason: 'not_received',
          details: 'Still waiting',
          transactionId: transfer.id,
        },
      ],
    })
  })

  it(`limits a customer to ${DISPUTES_PER_HOUR} reports an hour`, async () => {
    const { client, transfer } = await bankSender()
    const statuses: number[] = []
    for (let index = 0; index <= DISPUTES_PER_HOUR; index += 1) {
      statuses.push((await report(client, transfer.id, { reason: 'not_received' })).status)
    }
    expect(statuses[0]).toBe(201)
    expect(statuses.slice(1, DISPUTES_PER_HOUR)).toEqual(Array(DISPUTES_PER_HOUR - 1).fill(409))
    expect(statuses[DISPUTES_PER_HOUR]).toBe(429)
    // Another customer is not held back by them.
    const other = await bankSender()
    expect((await report(other.client, other.transfer.id, { reason: 'not_received' })).status).toBe(
      201,
    )
  })
})
