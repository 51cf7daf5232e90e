import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { journals, outboxEvents, scheduledTransferRuns } from '#server/db/schema.ts'
import { sandboxProviders } from '#server/providers/providers.ts'
import { runScheduledTransfers } from '#server/scheduled-transfers/run-scheduled-transfers.ts'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { parseScaled } from '#shared/money.ts'
import { occurrenceAfter } from '#shared/schedule-dates.ts'
import {
  type ScheduledTransferDetails,
  scheduledTransferDetailsSchema,
  scheduledTransferListSchema,
} from '#shared/schemas/scheduled-transfers.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

const bank = sandboxProviders().bank
const MINUTE = 60_000

function today() {
  return lagosDay(new Date())
}

/** A moment just after an occurrence's hour on `day` (08:00 Lagos, or 18:00 for the retry). */
function at(day: string, hour = 8, minutes = 1): Date {
  return new Date(lagosMoment(day, hour).getTime() + minutes * MINUTE)
}

function minor(balance: string): bigint {
  return parseScaled(balance, 2)
}

describeMoneyApi('scheduled transfers', (context) => {
  async function people(funds = '1000.00') {
    const sender = createTestClient(context.app)
    const friend = createTestClient(context.app)
    const senderUser = await signUpClient(sender)
    const friendUser = await signUpClient(friend)
    const ngn = await walletIn(sender, 'NGN')
    if (funds !== '0') await addFunds(sender, ngn.id, funds)
    return { sender, friend, senderUser, friendUser, ngn }
  }

  async function schedule(
    client: TestClient,
    body: Record<string, unknown>,
    key = randomUUID(),
  ): Promise<ScheduledTransferDetails> {
    const response = await moneyPost(client, '/api/scheduled-transfers', body, key)
    expect(response.status, response.text).toBe(201)
    return scheduledTransferDetailsSchema.parse(response.body)
  }

  async function details(client: TestClient, id: string) {
    const response = await client.get(`/api/scheduled-transfers/${id}`)
    expect(response.status, response.text).toBe(200)
    return scheduledTransferDetailsSchema.parse(response.body)
  }

  function run(now: Date, userId?: string) {
    return runScheduledTransfers(context.database.db, bank, now, { userId })
  }

  async function eventsOf(userId: string, kind: string) {
    const rows = await context.database.db
      .select({ data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.userId, userId), eq(outboxEvents.kind, kind)))
    return rows.map((row) => row.data)
  }

  it('is set up with the PIN, once per Idempotency-Key, and checks its dates, payee and amount', async () => {
    const { sender, senderUser, friendUser, ngn } = await people()
    const body = {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '250.00',
      frequency: 'monthly',
      startDate: addDays(today(), 3),
    }
    const noPin = await sender.post('/api/scheduled-transfers', body, {
      'idempotency-key': randomUUID(),
    })
    expect(noPin.status).toBe(403)
    expect(noPin.body).toMatchObject({ code: 'PIN_REQUIRED' })
    const wrongPin = await sender.post(
      '/api/scheduled-transfers',
      { ...body, pin: '9999' },
      { 'idempotency-key': randomUUID() },
    )
    expect(wrongPin.status).toBe(403)

    const key = randomUUID()
    const made = await schedule(sender, body, key)
    expect(made).toMatchObject({
      kind: 'sabi',
      status: 'active',
      amount: '250.00',
      currency: 'NGN',
      symbol: '₦',
      nextRunDate: body.startDate,
      nextAttemptAt: lagosMoment(body.startDate, 8).toISOString(),
      payeeUsername: friendUser.username,
      runs: [],
    })
    expect(Date.parse(made.authorisedAt)).toBeGreaterThan(Date.now() - 5 * MINUTE)
    // The same submission again is the same schedule, not a second one paying twice a month.
    const again = await moneyPost(sender, '/api/scheduled-transfers', body, key)
    expect(again.status).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    const listed = scheduledTransferListSchema.parse(
      (await sender.get('/api/scheduled-transfers')).body,
    )
    expect(listed.items.map((item) => item.id)).toEqual([made.id])

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ startDate: addDays(today(), -1) }, 400, 'startDate'],
      [{ startDate: addDays(today(), 400) }, 400, 'startDate'],
      [{ startDate: '2027-02-29' }, 400, 'startDate'],
      [{ endDate: addDays(today(), 2) }, 400, 'endDate'],
      [{ frequency: 'daily' }, 400, 'frequency'],
      [{ amount: '0' }, 400, 'amount'],
      [{ amount: '1.234' }, 400, 'amount'],
      [{ recipientUserId: senderUser.id }, 400, 'recipientUserId'],
      [{ recipientUserId: randomUUID() }, 404, ''],
      [{ fromWalletId: randomUUID() }, 404, ''],
    ]
    for (const [change, status, path] of refusals) {
      const refused = await moneyPost(sender, '/api/scheduled-transfers', { ...body, ...change })
      expect(refused.status, `${JSON.stringify(change)}: ${refused.text}`).toBe(status)
      if (path) expect(JSON.stringify(refused.body)).toContain(path)
    }
    // Nothing refused was kept.
    const after = scheduledTransferListSchema.parse(
      (await sender.get('/api/scheduled-transfers')).body,
    )
    expect(after.items).toHaveLength(1)
  })

  it("only its owner sees, pauses, resumes or deletes it: anyone else's is a 404", async () => {
    const { sender, friend, friendUser, ngn } = await people()
    const made = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '10.00',
      frequency: 'weekly',
      startDate: addDays(today(), 1),
    })
    for (const [method, path] of [
      ['get', ''],
      ['post', '/pause'],
      ['post', '/resume'],
      ['delete', ''],
    ] as const) {
      const url = `/api/scheduled-transfers/${made.id}${path}`
      const response =
        method === 'get'
          ? await friend.get(url)
          : method === 'post'
            ? await friend.post(url, {})
            : await friend.delete(url)
      expect(response.status, `${method} ${url}`).toBe(404)
    }
    const anonymous = await createTestClient(context.app).get(`/api/scheduled-transfers/${made.id}`)
    expect(anonymous.status).toBe(401)
    expect((await details(sender, made.id)).status).toBe('active')
  })

  it('runs at 08:00 Lagos on its day, exactly once, even with two runners at the same moment', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people()
    const start = addDays(today(), 1)
    const made = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '125.50',
      description: 'Mama upkeep',
      frequency: 'monthly',
      startDate: start,
    })
    // A minute before its hour: nothing.
    expect((await run(at(start, 7, 59), senderUser.id)).completed).toBe(0)
    const both = await Promise.all([run(at(start), senderUser.id), run(at(start), senderUser.id)])
    expect(both.reduce((sum, result) => sum + result.completed, 0)).toBe(1)
    expect((await run(at(start, 9), senderUser.id)).completed).toBe(0)

    expect((await walletIn(friend, 'NGN')).balance).toBe('125.50')
    expect((await walletIn(sender, 'NGN')).balance).toBe('874.50')
    const ran = await details(sender, made.id)
    expect(ran.runs).toHaveLength(1)
    expect(ran.runs[0]).toMatchObject({ runDate: start, status: 'completed', attempts: 1 })
    expect(ran.nextRunDate).toBe(occurrenceAfter({ frequency: 'monthly', startDate: start }, start))
    // History links the transfer to its schedule.
    const transfer = await sender.get(`/api/transactions/${ran.runs[0]?.transactionId}`)
    expect(transfer.status).toBe(200)
    expect(transfer.body).toMatchObject({
      description: 'Mama upkeep',
      scheduledTransferId: made.id,
    })
    expect(await eventsOf(senderUser.id, 'scheduled_transfer_sent')).toEqual([
      expect.objectContaining({ scheduleId: made.id, amount: '125.50', symbol: '₦' }),
    ])
    expect(await eventsOf(friendUser.id, 'money_received')).toHaveLength(1)
  })

  it('not enough money: skipped and told, tried once more at 18:00, then left for the next date', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people('100.00')
    const start = addDays(today(), 2)
    const make = () =>
      schedule(sender, {
        kind: 'sabi',
        fromWalletId: ngn.id,
        recipientUserId: friendUser.id,
        amount: '300.00',
        frequency: 'weekly',
        startDate: start,
      })
    const short = await make()
    expect((await run(at(start), senderUser.id)).skipped).toBe(1)
    const skipped = await details(sender, short.id)
    expect(skipped.runs[0]).toMatchObject({
      status: 'skipped',
      attempts: 1,
      failureCode: 'INSUFFICIENT_FUNDS',
    })
    expect(skipped.nextRunDate).toBe(start)
    expect(skipped.nextAttemptAt).toBe(lagosMoment(start, 18).toISOString())
    expect(await eventsOf(senderUser.id, 'scheduled_transfer_missed')).toEqual([
      expect.objectContaining({ scheduleId: short.id, reason: 'funds', retry: true }),
    ])
    // Still short at 18:00: skipped for good, and the next week is next.
    expect((await run(at(start, 18), senderUser.id)).skipped).toBe(1)
    const given = await details(sender, short.id)
    expect(given.runs).toHaveLength(1)
    expect(given.runs[0]).toMatchObject({ status: 'skipped', attempts: 2 })
    expect(given.nextRunDate).toBe(addDays(start, 7))
    expect((await eventsOf(senderUser.id, 'scheduled_transfer_missed')).at(-1)).toMatchObject({
      retry: false,
    })

    // Topped up before the retry: the 18:00 try sends it.
    await addFunds(sender, ngn.id, '500.00')
    const second = await make()
    await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '9000.00',
      frequency: 'once',
      startDate: start,
    })
    // The first schedule's next week is not due yet, the second and third are: the big one is
    // short, and the second goes through.
    const result = await run(at(start), senderUser.id)
    expect(result).toMatchObject({ completed: 1, skipped: 1 })
    expect((await walletIn(friend, 'NGN')).balance).toBe('300.00')
    expect((await details(sender, second.id)).runs[0]).toMatchObject({ status: 'completed' })
  })

  it('a day missed while the server was down runs at once, once, and the next date is after today', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people()
    const start = today()
    const made = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '40.00',
      frequency: 'weekly',
      startDate: start,
    })
    // Three weeks later the server comes back: one run, not three.
    const back = addDays(start, 22)
    expect((await run(at(back, 10), senderUser.id)).completed).toBe(1)
    expect((await run(at(back, 11), senderUser.id)).completed).toBe(0)
    expect((await walletIn(friend, 'NGN')).balance).toBe('40.00')
    expect((await details(sender, made.id)).nextRunDate).toBe(addDays(start, 28))
  })

  it('a one-off ends after it runs; an end date ends a weekly one; paused runs nothing until resumed', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people()
    const start = addDays(today(), 1)
    const once = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '5.00',
      frequency: 'once',
      startDate: start,
    })
    const weekly = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '7.00',
      frequency: 'weekly',
      startDate: start,
      endDate: addDays(start, 10),
    })
    await run(at(start), senderUser.id)
    expect(await details(sender, once.id)).toMatchObject({ status: 'ended', nextRunDate: null })
    await run(at(addDays(start, 7)), senderUser.id)
    expect(await details(sender, weekly.id)).toMatchObject({ status: 'ended', nextRunDate: null })
    expect((await walletIn(friend, 'NGN')).balance).toBe('19.00')

    const paused = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '1.00',
      frequency: 'weekly',
      startDate: start,
    })
    const pause = await sender.post(`/api/scheduled-transfers/${paused.id}/pause`, {})
    expect(pause.status).toBe(200)
    expect(pause.body).toMatchObject({ status: 'paused' })
    expect((await sender.post(`/api/scheduled-transfers/${paused.id}/pause`, {})).status).toBe(409)
    expect((await run(at(start), senderUser.id)).completed).toBe(0)
    const resumed = await sender.post(`/api/scheduled-transfers/${paused.id}/resume`, {})
    expect(resumed.status).toBe(200)
    expect(resumed.body).toMatchObject({ status: 'active', nextRunDate: start })
    const deleted = await sender.delete(`/api/scheduled-transfers/${paused.id}`)
    expect(deleted.status).toBe(204)
    expect((await sender.get(`/api/scheduled-transfers/${paused.id}`)).status).toBe(404)
    expect((await run(at(start, 9), senderUser.id)).completed).toBe(0)
    expect((await walletIn(friend, 'NGN')).balance).toBe('19.00')
  })

  it('a frozen account stops it: the run fails, the user is told why, and nothing moves', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people()
    const start = addDays(today(), 1)
    const made = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '50.00',
      frequency: 'monthly',
      startDate: start,
    })
    expect((await sender.post('/api/account/freeze', {})).status).toBe(204)
    expect((await run(at(start), senderUser.id)).failed).toBe(1)
    const [runRow] = await context.database.db
      .select()
      .from(scheduledTransferRuns)
      .where(eq(scheduledTransferRuns.scheduleId, made.id))
    expect(runRow).toMatchObject({
      status: 'failed',
      failureCode: 'ACCOUNT_FROZEN',
      journalId: null,
    })
    expect((await walletIn(friend, 'NGN')).balance).toBe('0.00')
    expect(await eventsOf(senderUser.id, 'scheduled_transfer_missed')).toEqual([
      expect.objectContaining({ reason: 'refused', retry: false }),
    ])
  })

  it('a PIN locked by wrong guesses since it was set up stops the run: nothing moves', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people()
    const start = addDays(today(), 1)
    const made = await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '20.00',
      frequency: 'weekly',
      startDate: start,
    })
    // Someone guessing the PIN: five wrong ones lock it.
    for (let attempt = 0; attempt < 5; attempt++) {
      const guess = await sender.post(
        '/api/send-money/sabi-user',
        { fromWalletId: ngn.id, recipientUserId: friendUser.id, amount: '1.00', pin: '9999' },
        { 'idempotency-key': randomUUID() },
      )
      expect([403, 423]).toContain(guess.status)
    }
    expect((await run(at(start), senderUser.id)).failed).toBe(1)
    expect((await details(sender, made.id)).runs[0]).toMatchObject({
      status: 'failed',
      failureCode: 'PIN_LOCKED',
    })
    expect((await walletIn(friend, 'NGN')).balance).toBe('0.00')
  })

  it('reminds the day before, once, with the amount', async () => {
    const { sender, friendUser, senderUser, ngn } = await people()
    const start = addDays(today(), 3)
    await schedule(sender, {
      kind: 'sabi',
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '75.00',
      frequency: 'monthly',
      startDate: start,
    })
    const dayBefore = addDays(start, -1)
    expect((await run(at(dayBefore, 7, 30), senderUser.id)).reminded).toBe(0)
    expect((await run(at(dayBefore, 8), senderUser.id)).reminded).toBe(1)
    expect((await run(at(dayBefore, 12), senderUser.id)).reminded).toBe(0)
    expect(await eventsOf(senderUser.id, 'scheduled_transfer_reminder')).toEqual([
      expect.objectContaining({ amount: '75.00', date: start }),
    ])
  })

  it('pays a bank account through a payout, as a transfer by hand does', async () => {
    const { sender, senderUser, ngn } = await people()
    const start = addDays(today(), 1)
    const made = await schedule(sender, {
      kind: 'bank',
      fromWalletId: ngn.id,
      bankCode: '058',
      accountNumber: '1000001234',
      accountName: 'Ngozi Eze',
      amount: '100.00',
      frequency: 'monthly',
      startDate: start,
    })
    expect(made).toMatchObject({
      kind: 'bank',
      bankName: expect.any(String),
      payeeName: expect.any(String),
    })
    expect((await run(at(start), senderUser.id)).completed).toBe(1)
    const ran = await details(sender, made.id)
    const [journal] = await context.database.db
      .select()
      .from(journals)
      .where(eq(journals.id, ran.runs[0]?.transactionId ?? ''))
    expect(journal).toMatchObject({ status: 'pending', amountMinor: 10_000n, feeMinor: 200n })
    expect(minor((await walletIn(sender, 'NGN')).balance)).toBe(100_000n - 10_200n)
  })

  it('over random amounts, balances and dates, each occurrence moves its amount once or not at all', async () => {
    const { sender, friend, friendUser, senderUser, ngn } = await people('0')
    let sent = 0n
    let funded = 0n
    let offset = 0
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 50_000n }),
        fc.bigInt({ min: 0n, max: 60_000n }),
        fc.constantFrom('once', 'weekly', 'monthly'),
        async (amountMinor, topUpMinor, frequency) => {
          offset += 1
          const start = addDays(today(), offset)
          if (topUpMinor > 0n) {
            const amount = `${topUpMinor / 100n}.${String(topUpMinor % 100n).padStart(2, '0')}`
            await addFunds(sender, ngn.id, amount)
            funded += topUpMinor
          }
          const before = minor((await walletIn(sender, 'NGN')).balance)
          await schedule(sender, {
            kind: 'sabi',
            fromWalletId: ngn.id,
            recipientUserId: friendUser.id,
            amount: `${amountMinor / 100n}.${String(amountMinor % 100n).padStart(2, '0')}`,
            frequency,
            startDate: start,
            endDate: frequency === 'once' ? null : start,
          })
          await Promise.all([run(at(start), senderUser.id), run(at(start), senderUser.id)])
          await run(at(start, 18), senderUser.id)
          const after = minor((await walletIn(sender, 'NGN')).balance)
          expect(after === before - amountMinor || (after === before && before < amountMinor)).toBe(
            true,
          )
          sent += before - after
        },
      ),
      { numRuns: 12 },
    )
    expect(minor((await walletIn(friend, 'NGN')).balance)).toBe(sent)
    expect(minor((await walletIn(sender, 'NGN')).balance)).toBe(funded - sent)
  })
})
