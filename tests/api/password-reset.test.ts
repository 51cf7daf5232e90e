import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { requestPasswordReset } from '#server/auth/request-password-reset.ts'
import { loadConfig } from '#server/config.ts'
import { issueEmailToken } from '#server/credentials/email-tokens.ts'
import { emailTokens, users } from '#server/db/schema.ts'
import { listSandboxMessages } from '#server/providers/list-sandbox-messages.ts'
import { messagingFor } from '#server/providers/messaging.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { notificationsPageSchema } from '#shared/schemas/notifications.ts'
import { signUpClient } from '../factories/money.ts'
import { newPhoneNumber } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

describeMoneyApi(
  'password reset and e-mail verification',
  (context) => {
    /** The newest link of a kind the sandbox outbox holds for `email`, waiting for it a little. */
    async function linkSentTo(email: string, path: string, after = 0): Promise<string> {
      for (let tries = 0; tries < 40; tries += 1) {
        const messages = await listSandboxMessages(context.database.db, email)
        const links = messages
          .map(
            (message) =>
              new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(message.text)?.[0],
          )
          .filter((link): link is string => link !== undefined)
        if (links.length > after) return links[0] ?? ''
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no ${path} link reached ${email}`)
    }
    const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

    /** Verifies the user's address with the link sent at sign-up, as its owner would. */
    async function verifyAddress(client: TestClient, email: string) {
      const token = tokenOf(await linkSentTo(email, '/verify-email'))
      expect((await client.post('/api/auth/verify-email', { token })).status).toBe(204)
    }

    it('sends no reset link to an address never verified (issue 32)', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      await linkSentTo(user.email, '/verify-email')
      const asked = await createTestClient(context.app).post('/api/auth/password-reset', {
        email: user.email,
      })
      expect(asked.status).toBe(202)
      // Once the verification link has gone, nothing more reaches the address.
      const messages = await listSandboxMessages(context.database.db, user.email)
      expect(messages.filter((message) => message.text.includes('/reset-password'))).toEqual([])
    })

    it('ends every reset link still out when the password changes', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      await verifyAddress(client, user.email)
      const stranger = createTestClient(context.app)
      expect((await stranger.post('/api/auth/password-reset', { email: user.email })).status).toBe(
        202,
      )
      const token = tokenOf(await linkSentTo(user.email, '/reset-password'))
      const changed = await client.post('/api/auth/password', {
        currentPassword: user.password,
        newPassword: `${user.password}-changed`,
      })
      expect(changed.status, changed.text).toBe(204)
      const late = await stranger.post('/api/auth/password-reset/confirm', {
        token,
        password: 'an-attackers-password-1',
      })
      expect(late.status).toBe(400)
      const signIn = await createTestClient(context.app).post('/api/auth/login', {
        email: user.email,
        password: `${user.password}-changed`,
      })
      expect(signIn.status, signIn.text).toBe(200)
    })

    it('answers 202 alike for any address, and a reset link sets a new password once, ending every session', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      await verifyAddress(client, user.email)
      const other = createTestClient(context.app)
      expect(
        (await other.post('/api/auth/login', { email: user.email, password: user.password }))
          .status,
      ).toBe(200)

      const stranger = createTestClient(context.app)
      const unknown = await stranger.post('/api/auth/password-reset', {
        email: 'nobody@example.com',
      })
      const known = await stranger.post('/api/auth/password-reset', { email: user.email })
      expect(unknown.status).toBe(202)
      expect(known.status).toBe(202)
      expect(known.body).toEqual(unknown.body)

      const link = await linkSentTo(user.email, '/reset-password')
      expect(link.startsWith('http://localhost:')).toBe(true)
      const token = tokenOf(link)
      // Only the token's hash is kept.
      const [asStored] = await context.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, token))
      expect(asStored).toBeUndefined()

      const weak = await stranger.post('/api/auth/password-reset/confirm', {
        token,
        password: 'short',
      })
      expect(weak.status).toBe(400)
      const done = await stranger.post('/api/auth/password-reset/confirm', {
        token,
        password: 'A-brand-new-password-7',
      })
      expect(done.status, done.text).toBe(204)
      // Every session ended.
      expect((await client.get('/api/auth/user')).status).toBe(401)
      expect((await other.get('/api/auth/user')).status).toBe(401)
      // Once only.
      const again = await stranger.post('/api/auth/password-reset/confirm', {
        token,
        password: 'Another-password-88',
      })
      expect(again.status).toBe(400)
      expect(
        (await client.post('/api/auth/login', { email: user.email, password: user.password }))
          .status,
      ).toBe(401)
      const signedIn = await client.post('/api/auth/login', {
        email: user.email,
        password: 'A-brand-new-password-7',
      })
      expect(signedIn.status).toBe(200)
      // The link reached the address: it counts as verified. And the user is told.
      expect(userSchema.parse(signedIn.body).isEmailVerified).toBe(true)
      const page = notificationsPageSchema.parse((await client.get('/api/notifications')).body)
      expect(page.items.map((item) => item.data.kind)).toContain('password_changed')
    })

    it('texts a reset link to a verified number, never to one only typed at sign-up', async () => {
      const rest = String(randomInt(10_000_000)).padStart(7, '0')
      const e164 = `+234805${rest}`
      const client = createTestClient(context.app)
      const signedUp = await client.post('/api/auth/signup', {
        phoneNumber: `0805 ${rest.slice(0, 3)} ${rest.slice(3)}`,
        password: 'correct-horse-battery',
        firstName: 'Musa',
        lastName: 'Bello',
        username: `musa_${rest}`,
      })
      expect(signedUp.status, signedUp.text).toBe(201)
      const stranger = createTestClient(context.app)
      // Not yet verified: the number may be a stranger's, so no link goes to it.
      const sandbox = messagingFor(loadConfig({ SANDBOX: '1' }), context.database.db)
      await requestPasswordReset(context.database.db, sandbox, 'http://localhost:5000', {
        phoneNumber: e164,
      })
      expect(
        (await listSandboxMessages(context.database.db, e164)).filter((message) =>
          message.text.includes('/reset-password?token='),
        ),
      ).toEqual([])
      // Verified three days ago: a number proved only lately gets no link either (issue 32).
      await context.database.db
        .update(users)
        .set({ phoneVerified: true, phoneVerifiedAt: new Date(Date.now() - 73 * 3_600_000) })
        .where(eq(users.phoneNumber, e164))

      const unknown = await stranger.post('/api/auth/password-reset', {
        phoneNumber: '0805 999 0000',
      })
      const known = await stranger.post('/api/auth/password-reset', {
        phoneNumber: `+234 805 ${rest.slice(0, 3)} ${rest.slice(3)}`,
      })
      expect(unknown.status).toBe(202)
      expect(known.status).toBe(202)
      expect(known.body).toEqual(unknown.body)
      expect(known.body).toEqual({
        message:
          'If an account uses this number, we have texted it a link to choose a new password.',
      })
      // Not a number, nothing, or both at once: a 400 that says what is wrong, and nothing sent.
      for (const body of [{ phoneNumber: '12345678901' }, {}, { phoneNumber: '' }]) {
        const refused = await createTestClient(context.app).post('/api/auth/password-reset', body)
        expect(refused.status, JSON.stringify(body)).toBe(400)
      }
      expect(
        (
          await stranger.post('/api/auth/password-reset', {
            email: 'a@example.com',
            phoneNumber: e164,
          })
        ).status,
      ).toBe(400)

      const link = await linkSentTo(e164, '/reset-password')
      // One link: the one asked for after the number was verified.
      const resets = (await listSandboxMessages(context.database.db, e164)).filter((message) =>
        message.text.includes('/reset-password?token='),
      )
      expect(resets).toHaveLength(1)
      expect(resets[0]?.channel).toBe('sms')
      expect(resets[0]?.text).toContain('within 30 minutes')
      const reset = await stranger.post('/api/auth/password-reset/confirm', {
        token: tokenOf(link),
        password: 'a-new-phone-password-1',
      })
      expect(reset.status, reset.text).toBe(204)
      expect(
        (
          await stranger.post('/api/auth/login', {
            phoneNumber: e164,
            password: 'a-new-phone-password-1',
          })
        ).status,
      ).toBe(200)
    })

    it('texts nothing to a number that signs in to no account', async () => {
      // An account with an e-mail and an unverified number signs in by e-mail only.
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      await verifyAddress(client, user.email)
      const e164 = newPhoneNumber()
      const saved = await client.request({
        method: 'PATCH',
        url: '/api/profile',
        payload: { phoneNumber: e164, password: user.password },
      })
      expect(saved.status, saved.text).toBe(200)
      const asked = await createTestClient(context.app).post('/api/auth/password-reset', {
        phoneNumber: e164,
      })
      expect(asked.status).toBe(202)
      // A reset asked by e-mail afterwards arrives, so the one by phone had its turn.
      await createTestClient(context.app).post('/api/auth/password-reset', { email: user.email })
      await linkSentTo(user.email, '/reset-password')
      expect(await listSandboxMessages(context.database.db, e164)).toEqual([])
    })

    it('refuses an expired link and a made-up one', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      const expired = await issueEmailToken(
        context.database.db,
        { userId: user.id, email: user.email, purpose: 'password_reset', ttlMs: 30 * 60_000 },
        Date.now() - 31 * 60_000,
      )
      for (const token of [expired, 'A'.repeat(43), 'not-a-token']) {
        const answer = await client.post('/api/auth/password-reset/confirm', {
          token,
          password: 'A-brand-new-password-7',
        })
        expect(answer.status).toBe(400)
      }
      expect((await client.get('/api/auth/user')).status).toBe(200)
    })

    it('limits reset requests from one address', async () => {
      const client = createTestClient(context.app)
      const statuses: number[] = []
      for (let i = 0; i < 6; i += 1) {
        statuses.push(
          (await client.post('/api/auth/password-reset', { email: `x${i}@example.com` })).status,
        )
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
    })

    it('verifies the address from the link sent at sign-up, once', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      expect(userSchema.parse((await client.get('/api/auth/user')).body).isEmailVerified).toBe(
        false,
      )
      const token = tokenOf(await linkSentTo(user.email, '/verify-email'))
      // Opened anywhere, signed in or not.
      const stranger = createTestClient(context.app)
      expect((await stranger.post('/api/auth/verify-email', { token })).status).toBe(204)
      expect((await stranger.post('/api/auth/verify-email', { token })).status).toBe(400)
      expect(userSchema.parse((await client.get('/api/auth/user')).body).isEmailVerified).toBe(true)
      expect((await client.post('/api/auth/verify-email/send')).status).toBe(409)
    })

    it('sends a new verification link on demand', async () => {
      const client = createTestClient(context.app)
      const user = await signUpClient(client)
      await linkSentTo(user.email, '/verify-email')
      expect((await client.post('/api/auth/verify-email/send')).status).toBe(202)
      const token = tokenOf(await linkSentTo(user.email, '/verify-email', 1))
      expect((await client.post('/api/auth/verify-email', { token })).status).toBe(204)
    })
  },
  { SANDBOX: '1' },
)
