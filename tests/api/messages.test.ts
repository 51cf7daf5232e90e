import { randomInt } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { outboxDeliveries, pushSubscriptions } from '#server/db/schema.ts'
import { deliveryChannelsFor } from '#server/outbox/delivery-channels.ts'
import { dispatchOutbox } from '#server/outbox/dispatch-outbox.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { listSandboxMessages } from '#server/providers/list-sandbox-messages.ts'
import { messagingFor } from '#server/providers/messaging.ts'
import { updateSettings } from '#server/settings/user-settings.ts'
import { type NotificationData, sandboxMessageSchema } from '#shared/schemas/notifications.ts'
import { givePhoneNumber, signUpAtTier } from '../factories/users.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

type Received = { to: string[]; raw: string }

/** A local SMTP server that keeps what it is sent, as a mail provider would receive it. */
async function startSmtpServer(): Promise<{
  url: string
  received: Received[]
  close(): Promise<void>
}> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** The decoded text of a MIME message (quoted-printable, as nodemailer writes non-ASCII). */
function decodedBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  )
}

const drain = async (database: TestDatabase, channels: ReturnType<typeof deliveryChannelsFor>) => {
  for (let pass = 0; pass < 10; pass += 1) {
    if ((await dispatchOutbox(database.db, channels, { retryDelayMs: () => 0 })) === 0) return
  }
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `e-mail and SMS on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let smtp: Awaited<ReturnType<typeof startSmtpServer>>
      beforeAll(async () => {
        database = await createTestDatabase(kind)
        smtp = await startSmtpServer()
      })
      afterAll(async () => {
        await smtp?.close()
        await database?.destroy()
      })

      it('sends an event by SMTP in the user’s language, its Message-ID made from the event id so a copy can be dropped', async () => {
        const user = await signUpAtTier(database.db)
        await updateSettings(database.db, user.id, { language: 'fr' })
        const config = loadConfig({ NODE_ENV: 'test', SANDBOX: '0', SMTP_URL: smtp.url })
        const channels = deliveryChannelsFor(messagingFor(config, database.db), database.db)
        const eventId = await database.db.transaction((tx) =>
          recordEvent(tx, {
            userId: user.id,
            data: {
              kind: 'money_received',
              amount: '1234.00',
              currency: 'NGN',
              symbol: '₦',
              fromName: 'Ada Obi',
              transactionId: '00000000-0000-4000-8000-000000000000',
            },
          }),
        )
        await drain(database, channels)
        const mine = smtp.received.filter((mail) => mail.to.includes(user.email))
        expect(mine).toHaveLength(1)
        const body = decodedBody(mine[0]?.raw ?? '')
        expect(body).toContain('Vous avez reçu')
        expect(body).toContain('Ada Obi')
        expect(body).toMatch(/1\s?234,00\s?₦/)
        expect(mine[0]?.raw).toContain(`Message-ID: <${eventId}.email@sabi.app>`)
      })

      it('honours the e-mail and SMS toggles, but security alerts always go', async () => {
        const user = await signUpAtTier(database.db)
        const phone = await givePhoneNumber(database.db, user.id, { verified: true })
        await updateSettings(database.db, user.id, {
          emailNotifications: false,
          smsNotifications: false,
        })
        const config = loadConfig({ NODE_ENV: 'test', SANDBOX: '1' })
        const channels = deliveryChannelsFor(messagingFor(config, database.db), database.db)
        await database.db.transaction(async (tx) => {
          await recordEvent(tx, {
            userId: user.id,
            data: {
              kind: 'payout_completed',
              amount: '50.00',
              currency: 'USD',
              symbol: '$',
              transactionId: '00000000-0000-4000-8000-000000000001',
            },
          })
          await recordEvent(tx, { userId: user.id, data: { kind: 'password_changed' } })
        })
        await drain(database, channels)
        const mail = await listSandboxMessages(database.db, user.email)
        expect(mail.map((m) => m.subject)).toEqual(['Password changed'])
        const sms = await listSandboxMessages(database.db, phone)
        expect(sms.map((m) => m.channel)).toEqual(['sms'])
        expect(sms[0]?.text).toContain('Your password was changed')

        // Turned back on, a money event goes by both.
        await updateSettings(database.db, user.id, {
          emailNotifications: true,
          smsNotifications: true,
        })
        await database.db.transaction((tx) =>
          recordEvent(tx, {
            userId: user.id,
            data: {
              kind: 'payout_completed',
              amount: '50.00',
              currency: 'USD',
              symbol: '$',
              payment: 'bank_transfer',
              payee: 'ADA OBI, Chase',
              transactionId: '00000000-0000-4000-8000-000000000001',
            },
          }),
        )
        await drain(database, channels)
        expect((await listSandboxMessages(database.db, user.email)).length).toBe(2)
        expect((await listSandboxMessages(database.db, phone))[0]?.text).toContain(
          'Your transfer of $50.00 to ADA OBI, Chase has been delivered',
        )
      })

      it('writes a delivery only for the channels that reach the user and that they want', async () => {
        const channelsOf = async (eventId: string) =>
          (
            await database.db
              .select({ channel: outboxDeliveries.channel })
              .from(outboxDeliveries)
              .where(eq(outboxDeliveries.eventId, eventId))
          )
            .map((row) => row.channel)
            .sort()
        const money = {
          kind: 'payout_completed' as const,
          amount: '50.00',
          currency: 'USD',
          symbol: '$',
          transactionId: '00000000-0000-4000-8000-000000000001',
        }
        const record = (userId: string, data: NotificationData) =>
          database.db.transaction((tx) => recordEvent(tx, { userId, data }))

        const plain = await signUpAtTier(database.db)
        expect(await channelsOf(await record(plain.id, money))).toEqual(['email'])
        expect(await channelsOf(await record(plain.id, { kind: 'pin_changed' }))).toEqual(['email'])

        const reachable = await signUpAtTier(database.db)
        await givePhoneNumber(database.db, reachable.id, { verified: true })
        await database.db.insert(pushSubscriptions).values({
          userId: reachable.id,
          endpoint: `https://push.example.com/${randomInt(1e9)}`,
          p256dh: 'key',
          auth: 'auth',
        })
        expect(await channelsOf(await record(reachable.id, money))).toEqual(['email', 'push'])
        expect(await channelsOf(await record(reachable.id, { kind: 'pin_changed' }))).toEqual([
          'email',
          'push',
          'sms',
        ])
        await updateSettings(database.db, reachable.id, { emailNotifications: false })
        expect(await channelsOf(await record(reachable.id, money))).toEqual(['push'])
      })

      it('texts only a number its owner has verified, even for a security alert', async () => {
        const user = await signUpAtTier(database.db)
        const phone = await givePhoneNumber(database.db, user.id, { verified: false })
        await updateSettings(database.db, user.id, { smsNotifications: true })
        const channels = deliveryChannelsFor(
          messagingFor(loadConfig({ NODE_ENV: 'test', SANDBOX: '1' }), database.db),
          database.db,
        )
        await database.db.transaction((tx) =>
          recordEvent(tx, { userId: user.id, data: { kind: 'password_changed' } }),
        )
        await drain(database, channels)
        expect(await listSandboxMessages(database.db, phone)).toEqual([])
        expect((await listSandboxMessages(database.db, user.email)).length).toBe(1)
      })

      it('shows the sandbox outbox only in sandbox mode', async () => {
        const production = await createTestApp(database)
        const sandbox = await createTestApp(database, { SANDBOX: '1' })
        try {
          const user = await signUpAtTier(database.db)
          await database.db.transaction((tx) =>
            recordEvent(tx, { userId: user.id, data: { kind: 'pin_changed' } }),
          )
          await drain(
            database,
            deliveryChannelsFor(
              messagingFor(loadConfig({ SANDBOX: '1' }), database.db),
              database.db,
            ),
          )
          const query = `/api/sandbox/outbox?to=${encodeURIComponent(user.email.toUpperCase())}`
          expect((await createTestClient(production).get(query)).status).toBe(404)
          const answer = await createTestClient(sandbox).get(query)
          expect(answer.status).toBe(200)
          const messages = sandboxMessageSchema.array().parse(answer.body)
          expect(messages).toMatchObject([
            { channel: 'email', to: user.email, subject: 'Transaction PIN changed' },
          ])
          expect((await createTestClient(sandbox).get('/api/sandbox/outbox')).status).toBe(400)
        } finally {
          await production.close()
          await sandbox.close()
        }
      })
    },
  )
}
