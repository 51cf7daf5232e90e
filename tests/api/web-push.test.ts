import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { Agent, createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { pushSubscriptions } from '#server/db/schema.ts'
import { dispatchOutbox } from '#server/outbox/dispatch-outbox.ts'
import { createPushChannel } from '#server/outbox/push-channel.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import { updateSettings } from '#server/settings/user-settings.ts'
import { signUpAtTier } from '../factories/users.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16) }
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest()
}

/** Decrypts an aes128gcm Web Push body as a browser does (RFC 8291, RFC 8188). */
function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverPublic = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  const shared = keys.ecdh.computeSecret(serverPublic)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
  ])
  const ikm = hmac(hmac(keys.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 2, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8')
}

type Received = { path: string | undefined; headers: IncomingMessage['headers']; body: Buffer }

/** A certificate for 127.0.0.1 made for this test, so the push service speaks HTTPS. */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'sabi-push-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(folder, 'key.pem'),
      '-out',
      join(folder, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  return {
    key: readFileSync(join(folder, 'key.pem')),
    cert: readFileSync(join(folder, 'cert.pem')),
  }
}

/** A push service on localhost that keeps what it receives, or answers `status`. */
async function startPushService(): Promise<{
  url: string
  agent: Agent
  received: Received[]
  answer(status: number): void
  close(): Promise<void>
}> {
  const received: Received[] = []
  let status = 201
  const tls = localCertificate()
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url, headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}`,
    // Trusts this one certificate, as a real push service's is trusted by the system's roots.
    agent: new Agent({ ca: tls.cert }),
    received,
    answer: (next) => {
      status = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `Web Push on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let service: Awaited<ReturnType<typeof startPushService>>
      const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@sabi.app' }
      beforeAll(async () => {
        database = await createTestDatabase(kind)
        service = await startPushService()
      })
      afterAll(async () => {
        await service?.close()
        await database?.destroy()
      })

      async function subscribedUser() {
        const user = await signUpAtTier(database.db)
        const keys = browserKeys()
        const endpoint = `${service.url}/push/${user.id}`
        // Straight into the table: the API would take it too, but this test is about delivery.
        await database.db.insert(pushSubscriptions).values({
          userId: user.id,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth.toString('base64url'),
        })
        return { user, keys, endpoint }
      }

      const channels = () => ({
        push: createPushChannel(database.db, vapid, { agent: service.agent }),
      })
      const drain = async () => {
        for (let pass = 0; pass < 5; pass += 1) {
          if ((await dispatchOutbox(database.db, channels(), { retryDelayMs: () => 0 })) === 0)
            return
        }
      }
      const moneyEvent = {
        kind: 'money_received' as const,
        amount: '1234.00',
        currency: 'NGN',
        symbol: '₦',
        fromName: 'Ada Obi',
        transactionId: '00000000-0000-4000-8000-000000000000',
      }

      it('sends an event encrypted for the browser, signed with the VAPID key, with the event id as its topic', async () => {
        const { user, keys, endpoint } = await subscribedUser()
        const eventId = await database.db.transaction((tx) =>
          recordEvent(tx, { userId: user.id, data: moneyEvent }),
        )
        await drain()
        const mine = service.received
          .filter((r) => endpoint.endsWith(String(r.headers.host ?? '')) || true)
          .filter((r) => r.body.length > 0)
        const push = mine.at(-1)
        expect(push?.headers['content-encoding']).toBe('aes128gcm')
        expect(String(push?.headers.authorization)).toContain(`k=${vapid.publicKey}`)
        expect(push?.headers.topic).toBe(eventId.replace(/-/g, ''))
        const payload: unknown = JSON.parse(decryptPush(push?.body ?? Buffer.alloc(0), keys))
        expect(payload).toEqual({
          id: eventId,
          title: 'Money received',
          body: 'You received ₦1,234.00 from “Ada Obi”',
          url: '/transactions/00000000-0000-4000-8000-000000000000',
        })
      })

      it('honours the push toggle, except for security alerts, and forgets a subscription that is gone', async () => {
        const { user, keys } = await subscribedUser()
        await updateSettings(database.db, user.id, { pushNotifications: false })
        const before = service.received.length
        await database.db.transaction(async (tx) => {
          await recordEvent(tx, { userId: user.id, data: moneyEvent })
          await recordEvent(tx, { userId: user.id, data: { kind: 'pin_changed' } })
        })
        await drain()
        const sent = service.received.slice(before)
        expect(sent).toHaveLength(1)
        expect(JSON.parse(decryptPush(sent[0]?.body ?? Buffer.alloc(0), keys))).toMatchObject({
          title: 'Transaction PIN changed',
        })

        service.answer(410)
        await database.db.transaction((tx) =>
          recordEvent(tx, { userId: user.id, data: { kind: 'password_changed' } }),
        )
        await drain()
        service.answer(201)
        const left = await database.db.select().from(pushSubscriptions)
        expect(left.some((row) => row.userId === user.id)).toBe(false)
      })
    },
  )
}
