import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { queryRows } from '#server/db/client.ts'
import { pushSubscriptions, users } from '#server/db/schema.ts'
import { buildApp } from '#server/http/app.ts'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import { moneyFieldsOf, payerNameOf } from '#server/outbox/money-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { sandboxProviders } from '#server/providers/providers.ts'
import { postUserTransfers } from '#server/transfers/post-user-transfers.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { notificationSchema, notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { addFunds, moneyPost, signUpClient, TEST_PIN, walletIn } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { openEventStream } from '../setup/event-stream.ts'
import { type Pgbouncer, pgbouncerUnavailable, startPgbouncer } from '../setup/pgbouncer.ts'
import {
  createHttpClient,
  type ServerProcess,
  signUpWithPin,
  startServerProcess,
} from '../setup/server-process.ts'
import { createTestClient, TEST_SESSION_SECRET, type TestClient } from '../setup/test-app.ts'
import {
  createTestDatabase,
  serverDatabaseOf,
  type TestDatabase,
  testDatabaseKinds,
} from '../setup/test-database.ts'

describeMoneyApi('notification centre', (context) => {
  async function person(naira?: string) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const ngn = await walletIn(client, 'NGN')
    if (naira) await addFunds(client, ngn.id, naira)
    return { client, user, ngn }
  }

  async function requestAndPay(requester: Awaited<ReturnType<typeof person>>, payer: TestClient) {
    const asked = await requester.client.post('/api/payment-requests', {
      walletId: requester.ngn.id,
      amount: '1234.00',
    })
    expect(asked.status, asked.text).toBe(201)
    const request = paymentRequestSchema.parse(asked.body)
    const from = await walletIn(payer, 'NGN')
    const paid = await moneyPost(payer, `/api/payment-requests/${request.id}/pay`, {
      fromWalletId: from.id,
    })
    expect(paid.status, paid.text).toBe(201)
  }

  it('lists a paid payment request for the requester only, with the amount and payer, and marks it read', async () => {
    const requester = await person()
    const payer = await person('5000.00')
    await requestAndPay(requester, payer.client)

    const page = notificationsPageSchema.parse(
      (await requester.client.get('/api/notifications')).body,
    )
    expect(page.unreadCount).toBe(1)
    expect(page.items).toHaveLength(1)
    expect(page.items[0]?.data).toMatchObject({
      kind: 'payment_request_paid',
      amount: '1234.00',
      currency: 'NGN',
      symbol: '₦',
      fromName: `${payer.user.firstName} ${payer.user.lastName}`,
    })
    const id = page.items[0]?.id ?? ''
    // The payer hears nothing of it, and cannot mark the requester's notification read.
    const payerPage = notificationsPageSchema.parse(
      (await payer.client.get('/api/notifications')).body,
    )
    expect(payerPage.items).toEqual([])
    expect((await payer.client.post('/api/notifications/read', { ids: [id] })).body).toEqual({
      unreadCount: 0,
    })
    expect(
      notificationsPageSchema.parse((await requester.client.get('/api/notifications')).body)
        .unreadCount,
    ).toBe(1)

    expect((await requester.client.post('/api/notifications/read', { ids: [id] })).body).toEqual({
      unreadCount: 0,
    })
    const after = notificationsPageSchema.parse(
      (await requester.client.get('/api/notifications')).body,
    )
    expect(after.items[0]?.readAt).not.toBeNull()
  })

  it('announces a transfer to its recipient alone, as the TypeScript writer would, and a refused one not at all', async () => {
    const recipient = await person()
    const sender = await person('5000.00')
    const noName = await person('5000.00')
    const sent = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '1234.00',
    })
    expect(sent.status, sent.text).toBe(201)
    const transactionId = transactionSchema.parse(sent.body).id
    // Over the balance: refused inside the same kind of batch, and never announced.
    const refused = await moneyPost(sender.client, '/api/send-money/sabi-user', {
      fromWalletId: sender.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '9000.00',
    })
    expect(refused.status, refused.text).toBe(409)
    // A sender with no name on their profile is named by their username.
    await context.database.db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(eq(users.id, noName.user.id))
    const second = await moneyPost(noName.client, '/api/send-money/sabi-user', {
      fromWalletId: noName.ngn.id,
      recipientUserId: recipient.user.id,
      amount: '0.01',
    })
    expect(second.status, second.text).toBe(201)

    const page = notificationsPageSchema.parse(
      (await recipient.client.get('/api/notifications')).body,
    )
    expect(page.items.map((item) => item.data)).toEqual([
      {
        kind: 'money_received',
        ...(await moneyFieldsOf(context.database.db, 1n, 'NGN')),
        fromName: await payerNameOf(context.database.db, noName.user.id),
        transactionId: transactionSchema.parse(second.body).id,
      },
      {
        kind: 'money_received',
        ...(await moneyFieldsOf(context.database.db, 123_400n, 'NGN')),
        fromName: await payerNameOf(context.database.db, sender.user.id),
        transactionId,
      },
    ])
    expect(page.items[1]?.data).toMatchObject({ fromName: 'Chidi Okeke', symbol: '₦' })
    expect(page.items[0]?.data).toMatchObject({ fromName: noName.user.username })
    const senderPage = notificationsPageSchema.parse(
      (await sender.client.get('/api/notifications')).body,
    )
    expect(senderPage.items).toEqual([])
  })

  it('marks every notification read without ids, and pages 20 at a time', async () => {
    const requester = await person()
    const payer = await person('100000.00')
    for (let i = 0; i < 21; i += 1) await requestAndPay(requester, payer.client)
    const first = notificationsPageSchema.parse(
      (await requester.client.get('/api/notifications')).body,
    )
    expect(first.items).toHaveLength(20)
    expect(first.unreadCount).toBe(21)
    const second = notificationsPageSchema.parse(
      (
        await requester.client.get(
          `/api/notifications?cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        )
      ).body,
    )
    expect(second.items).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    expect((await requester.client.post('/api/notifications/read', {})).body).toEqual({
      unreadCount: 0,
    })
  })

  it('keeps a browser push subscription for its owner only, on a browser push service only', async () => {
    const { client, user } = await person()
    const other = await person()
    const endpoint = `https://fcm.googleapis.com/fcm/send/${user.id}`
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }
    expect((await client.post('/api/push/subscriptions', { endpoint, keys })).status).toBe(204)
    // Each push service a browser uses is taken (docs/notifications.md "Web Push").
    for (const service of [
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMbH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const taken = await client.post('/api/push/subscriptions', { endpoint: service, keys })
      expect(taken.status, service).toBe(204)
    }
    // Issue 32: the server POSTs to the endpoint, so nothing else is: not plain http, not a
    // host an attacker picks, not an internal address, not another port.
    for (const elsewhere of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://push.example.com/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilnotify.windows.com/x',
      'https://user:pass@fcm.googleapis.com/x',
    ]) {
      const refused = await client.post('/api/push/subscriptions', { endpoint: elsewhere, keys })
      expect(refused.status, elsewhere).toBe(400)
    }
    const stored = async () =>
      (await context.database.db.select().from(pushSubscriptions)).filter(
        (row) => row.endpoint === endpoint,
      )
    // Someone else cannot remove it.
    expect(
      (
        await other.client.request({
          method: 'DELETE',
          url: '/api/push/subscriptions',
          payload: JSON.stringify({ endpoint }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(204)
    expect(await stored()).toHaveLength(1)
    await client.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: JSON.stringify({ endpoint }),
      headers: { 'content-type': 'application/json' },
    })
    expect(await stored()).toHaveLength(0)
    // This test app was given no VAPID key: push is not offered.
    expect((await client.get('/api/push/key')).body).toEqual({ publicKey: null })
  })

  it('refuses strangers, bad cursors and bad ids', async () => {
    const { client } = await person()
    expect((await createTestClient(context.app).get('/api/notifications')).status).toBe(401)
    expect((await createTestClient(context.app).get('/api/events')).status).toBe(401)
    expect((await client.get('/api/notifications?cursor=nonsense')).status).toBe(400)
    expect((await client.post('/api/notifications/read', { ids: ['x'] })).status).toBe(400)
    expect((await client.post('/api/notifications/read', { ids: [] })).body).toEqual({
      unreadCount: 0,
    })
    // Without asking for an event stream, the stream is not opened (it would never end).
    expect((await client.get('/api/events')).status).toBe(400)
  })
})

/** The id of the user a sign-up answered with. */
function userIdOf(signedUp: { body: unknown }): string {
  const body = signedUp.body
  if (typeof body !== 'object' || body === null || !('id' in body)) {
    throw new Error('the sign-up answered without an id')
  }
  return String(body.id)
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `live events on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof buildApp>>
      let base = ''

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await buildApp({
          config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX: '0' }),
          database,
          providers: sandboxProviders(),
          sessionSecret: TEST_SESSION_SECRET,
          version: 'test',
          logger: false,
          eventsHeartbeatMs: 200,
        })
        base = await app.listen({ port: 0, host: '127.0.0.1' })
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      it('streams a committed event at once, heartbeats, and replays what was missed after Last-Event-ID', async () => {
        const requester = createHttpClient(base)
        const payer = createHttpClient(base)
        await signUpWithPin(requester, buildSignUp())
        await signUpWithPin(payer, buildSignUp())
        const wallets = async (client: typeof requester) =>
          walletSchema.array().parse((await client.request('GET', '/api/wallets')).body)
        const requesterNgn = (await wallets(requester)).find((w) => w.currency.code === 'NGN')
        const payerNgn = (await wallets(payer)).find((w) => w.currency.code === 'NGN')
        if (!requesterNgn || !payerNgn) throw new Error('no NGN wallets')
        await payer.request(
          'POST',
          '/api/add-funds',
          { walletId: payerNgn.id, amount: '9000.00', method: 'card' },
          { 'idempotency-key': randomUUID() },
        )
        const payOnce = async () => {
          const asked = await requester.request('POST', '/api/payment-requests', {
            walletId: requesterNgn.id,
            amount: '1234.00',
          })
          const request = paymentRequestSchema.parse(asked.body)
          const paid = await payer.request(
            'POST',
            `/api/payment-requests/${request.id}/pay`,
            { fromWalletId: payerNgn.id, pin: TEST_PIN },
            { 'idempotency-key': randomUUID() },
          )
          expect(paid.status, paid.text).toBe(201)
        }

        const stream = await openEventStream(`${base}/api/events`, { cookie: requester.cookie() })
        expect(stream.status).toBe(200)
        expect(stream.contentType).toMatch(/^text\/event-stream/)
        // The stream answers on the raw response, and keeps the security headers of every answer.
        expect(stream.headers['x-content-type-options']).toBe('nosniff')
        expect(stream.headers['content-security-policy']).toContain("default-src 'self'")
        const started = Date.now()
        await payOnce()
        const message = await stream.next(2_000)
        expect(Date.now() - started).toBeLessThan(2_000)
        expect(message.event).toBe('notification')
        const first = notificationSchema.parse(JSON.parse(message.data))
        expect(first.data).toMatchObject({ kind: 'payment_request_paid', amount: '1234.00' })
        expect(message.id).toBe(first.position)
        await expect.poll(() => stream.heartbeats(), { timeout: 10_000 }).toBeGreaterThan(0)
        stream.close()

        // Two more while away: a reconnect with Last-Event-ID gets both, in order.
        await payOnce()
        await payOnce()
        const again = await openEventStream(`${base}/api/events`, {
          cookie: requester.cookie(),
          'last-event-id': first.position,
        })
        const replayed = [await again.next(2_000), await again.next(2_000)].map((m) =>
          notificationSchema.parse(JSON.parse(m.data)),
        )
        expect(replayed.map((n) => BigInt(n.position) > BigInt(first.position))).toEqual([
          true,
          true,
        ])
        expect(replayed.map((n) => n.id)).not.toContain(first.id)
        again.close()
      })

      it('ends a stream when its session ends: sign-out, revoke, password change, freeze', async () => {
        const details = buildSignUp()
        const owner = createHttpClient(base)
        await signUpWithPin(owner, details)
        const signIn = async () => {
          const device = createHttpClient(base)
          const answer = await device.request('POST', '/api/auth/login', {
            email: details.email,
            password: details.password,
          })
          expect(answer.status, answer.text).toBe(200)
          return device
        }
        const streamOf = async (client: ReturnType<typeof createHttpClient>) => {
          const stream = await openEventStream(`${base}/api/events`, { cookie: client.cookie() })
          expect(stream.status).toBe(200)
          return stream
        }

        // Signed out: its own stream ends.
        const laptop = await signIn()
        const laptopStream = await streamOf(laptop)
        await laptop.request('GET', '/api/logout')
        await laptopStream.ended(10_000)

        // A password changed on one device ends the streams of the others (issue 32: they
        // outlived their session, and heard of every payment after it).
        const phone = await signIn()
        const phoneStream = await streamOf(phone)
        const ownerStream = await streamOf(owner)
        const changed = await owner.request('POST', '/api/auth/password', {
          currentPassword: details.password,
          newPassword: `${details.password}-new`,
        })
        expect(changed.status, changed.text).toBe(204)
        await phoneStream.ended(10_000)
        // The device that changed it keeps its session, and its stream.
        const heard = ownerStream.heartbeats()
        await expect
          .poll(() => ownerStream.heartbeats(), { timeout: 10_000 })
          .toBeGreaterThan(heard)
        ownerStream.close()

        // Freezing ends every session, the freezer's own too, and so every stream.
        const tablet = createHttpClient(base)
        const tabletIn = await tablet.request('POST', '/api/auth/login', {
          email: details.email,
          password: `${details.password}-new`,
        })
        expect(tabletIn.status, tabletIn.text).toBe(200)
        const tabletStream = await streamOf(tablet)
        const frozen = await owner.request('POST', '/api/account/freeze')
        expect(frozen.status, frozen.text).toBe(204)
        await tabletStream.ended(10_000)
      })

      it('wakes the stream of every recipient of one batch of transfers', async () => {
        const sender = createHttpClient(base)
        const signedUp = await signUpWithPin(sender, buildSignUp())
        const senderId = userIdOf(signedUp)
        const ngn = walletSchema
          .array()
          .parse((await sender.request('GET', '/api/wallets')).body)
          .find((w) => w.currency.code === 'NGN')
        if (!ngn) throw new Error('no NGN wallet')
        await sender.request(
          'POST',
          '/api/add-funds',
          { walletId: ngn.id, amount: '100.00', method: 'card' },
          { 'idempotency-key': randomUUID() },
        )
        const recipients = await Promise.all(
          [0, 1].map(async () => {
            const client = createHttpClient(base)
            const answer = await signUpWithPin(client, buildSignUp())
            const id = userIdOf(answer)
            const stream = await openEventStream(`${base}/api/events`, { cookie: client.cookie() })
            return { id, stream }
          }),
        )
        const item = (recipientUserId: string, amount: string) => ({
          userId: senderId,
          key: randomUUID(),
          requestHash: 'f'.repeat(64),
          fromWalletId: ngn.id,
          recipientUserId,
          asset: 'NGN' as const,
          amountMinor: BigInt(amount.replace('.', '')),
          amountText: amount,
          feeText: '0.00',
          symbol: '₦',
          description: null,
          reference: newJournalReference(),
          day: lagosDay(new Date()),
        })
        const outcomes = await postUserTransfers(database.db, [
          item(recipients[0]?.id ?? '', '1.00'),
          item(recipients[1]?.id ?? '', '2.00'),
        ])
        expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['completed', 'completed'])
        const heard = await Promise.all(
          recipients.map(async ({ stream }) => {
            // Not a timing figure: a loaded machine may take a while, and a lost event never comes.
            const message = await stream.next(10_000)
            stream.close()
            return notificationSchema.parse(JSON.parse(message.data)).data
          }),
        )
        expect(heard).toMatchObject([
          { kind: 'money_received', amount: '1.00' },
          { kind: 'money_received', amount: '2.00' },
        ])
      })

      it.skipIf(kind !== 'postgres')(
        'answers a stream only once it has subscribed, so what commits after the answer reaches it',
        async () => {
          const client = createHttpClient(base)
          const signedUp = await signUpWithPin(client, buildSignUp())
          const userId = userIdOf(signedUp)
          let answered: Awaited<ReturnType<typeof openEventStream>> | undefined
          let opening: Promise<Awaited<ReturnType<typeof openEventStream>>> | undefined
          try {
            await database.db.transaction(async (tx) => {
              // The lock holds the stream's first read of the outbox, which fixes where it starts,
              // so the moment between that read and the stream's answer is as long as the test
              // needs to look at it.
              await tx.execute(sql`lock table outbox_events in access exclusive mode`)
              opening = openEventStream(`${base}/api/events`, { cookie: client.cookie() }).then(
                (stream) => {
                  answered = stream
                  return stream
                },
              )
              await expect
                .poll(async () => {
                  const waiting = await queryRows(
                    database.db,
                    sql`select 1 from pg_stat_activity
                        where datname = current_database() and wait_event_type = 'Lock'
                          and query ilike '%outbox_events%'`,
                  )
                  return waiting.length
                })
                .toBe(1)
              // One more round trip, so an answer already sent would have been read by now.
              await database.db.execute(sql`select 1`)
              expect(answered).toBeUndefined()
            })
            if (!opening) throw new Error('the stream was not opened')
            const stream = await opening
            expect(stream.status).toBe(200)
            await recordEvent(database.db, { userId, data: { kind: 'password_changed' } })
            const message = await stream.next(5_000)
            expect(notificationSchema.parse(JSON.parse(message.data)).data).toEqual({
              kind: 'password_changed',
            })
          } finally {
            // A stream left open would hold the server's shutdown.
            answered?.close()
          }
        },
      )
    },
  )
}

// Directly, and through PgBouncer in transaction pooling mode (ADR 008), where each statement may
// run on another server connection: the LISTEN that wakes the streams then needs a connection of
// its own to PostgreSQL (DATABASE_LISTEN_URL, docs/running.md "Several instances").
describe.each([
  { path: 'directly', skip: process.env.TEST_DATABASE_URL ? undefined : 'no PostgreSQL' },
  {
    path: 'through PgBouncer',
    skip: process.env.TEST_DATABASE_URL ? pgbouncerUnavailable() : 'no PostgreSQL',
  },
])('live events across two server processes on one database, $path', ({ path, skip }) => {
  let servers: ServerProcess[] = []
  let shared: TestDatabase
  let pgbouncer: Pgbouncer | undefined

  beforeAll(async () => {
    if (skip) return
    pgbouncer =
      path === 'through PgBouncer'
        ? await startPgbouncer(process.env.TEST_DATABASE_URL ?? '')
        : undefined
    shared = await createTestDatabase('postgres', 2, pgbouncer ? { poolerUrl: pgbouncer.url } : {})
    servers = await Promise.all([
      startServerProcess(serverDatabaseOf(shared)),
      startServerProcess(serverDatabaseOf(shared)),
    ])
  }, 120_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await shared?.destroy()
    await pgbouncer?.stop()
  })

  it.skipIf(skip)(
    'a client on the second hears of a payment committed on the first within a second',
    async () => {
      const [one, two] = servers
      if (!one || !two) throw new Error('servers did not start')
      const requester = createHttpClient(two.url)
      const payer = createHttpClient(one.url)
      await signUpWithPin(requester, buildSignUp())
      await signUpWithPin(payer, buildSignUp())
      const ngnOf = async (client: typeof requester) => {
        const found = walletSchema
          .array()
          .parse((await client.request('GET', '/api/wallets')).body)
          .find((w) => w.currency.code === 'NGN')
        if (!found) throw new Error('no NGN wallet')
        return found
      }
      const requesterNgn = await ngnOf(requester)
      const payerNgn = await ngnOf(payer)
      await payer.request(
        'POST',
        '/api/add-funds',
        { walletId: payerNgn.id, amount: '9000.00', method: 'card' },
        { 'idempotency-key': randomUUID() },
      )
      const asked = await requester.request('POST', '/api/payment-requests', {
        walletId: requesterNgn.id,
        amount: '1234.00',
      })
      const request = paymentRequestSchema.parse(asked.body)

      const stream = await openEventStream(`${two.url}/api/events`, { cookie: requester.cookie() })
      expect(stream.status).toBe(200)
      const paid = await payer.request(
        'POST',
        `/api/payment-requests/${request.id}/pay`,
        { fromWalletId: payerNgn.id, pin: TEST_PIN },
        { 'idempotency-key': randomUUID() },
      )
      expect(paid.status, paid.text).toBe(201)
      const committedAt = Date.now()
      const message = await stream.next(1_000)
      expect(Date.now() - committedAt).toBeLessThan(1_000)
      expect(notificationSchema.parse(JSON.parse(message.data)).data).toMatchObject({
        kind: 'payment_request_paid',
        amount: '1234.00',
      })

      // A transfer, posted in a batch by the first process's PL/pgSQL function (ADR 008).
      const sent = await payer.request(
        'POST',
        '/api/send-money/sabi-user',
        {
          fromWalletId: payerNgn.id,
          recipientUserId: requesterNgn.userId,
          amount: '55.00',
          pin: TEST_PIN,
        },
        { 'idempotency-key': randomUUID() },
      )
      expect(sent.status, sent.text).toBe(201)
      const sentAt = Date.now()
      const transfer = await stream.next(1_000)
      expect(Date.now() - sentAt).toBeLessThan(1_000)
      expect(notificationSchema.parse(JSON.parse(transfer.data)).data).toMatchObject({
        kind: 'money_received',
        amount: '55.00',
        fromName: 'Chidi Okeke',
      })
      stream.close()
    },
  )
})
