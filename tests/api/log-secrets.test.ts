import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { generate } from 'otplib'
import { expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { backupCodesSchema, twoFactorSetupSchema } from '#shared/schemas/account.ts'
import { revealedCardSchema } from '#shared/schemas/card.ts'
import { signUpClient } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'

/**
 * No secret ever reaches a log line (issue "Field-grade reliability"): every secret-bearing
 * route is made to fail and to succeed, queries are made to fail with secrets among their
 * parameters, and then the whole captured log, at its most talkative level, is searched for
 * each secret.
 */
describeMoneyApi(
  'secrets stay out of the log',
  (context) => {
    it('logs failures by code and constraint, and never a password, hash, secret, card, session id or query value', async () => {
      const secrets: string[] = []
      const client = createTestClient(context.app)
      const user = await signUpClient(client, {
        password: `pw-${randomBytes(8).toString('hex')}`,
      })
      secrets.push(user.password)
      const sid = client.cookies.get('sabi_sid') ?? ''
      expect(sid).not.toBe('')
      secrets.push(sid, decodeURIComponent(sid).split('.')[0] ?? sid)

      // Sign-in: wrong and right.
      const wrongPassword = `wrong-${randomBytes(8).toString('hex')}`
      secrets.push(wrongPassword)
      const stranger = createTestClient(context.app)
      expect(
        (await stranger.post('/api/auth/login', { email: user.email, password: wrongPassword }))
          .status,
      ).toBe(401)

      // Two-factor: the secret, a wrong code, the backup codes.
      const setup = twoFactorSetupSchema.parse((await client.post('/api/auth/2fa/setup')).body)
      secrets.push(setup.secret)
      expect(
        (await client.post('/api/auth/2fa/enable', { code: '000000', password: user.password }))
          .status,
      ).toBe(400)
      const enabled = await client.post('/api/auth/2fa/enable', {
        code: await generate({ secret: setup.secret }),
        password: user.password,
      })
      expect(enabled.status, enabled.text).toBe(200)
      secrets.push(...backupCodesSchema.parse(enabled.body).backupCodes)

      // The card: a refused reveal, then its number and CVV.
      expect((await client.get('/api/card')).status).toBe(200)
      expect((await client.post('/api/card/reveal', { password: wrongPassword })).status).toBe(400)
      const revealed = revealedCardSchema.parse(
        (await client.post('/api/card/reveal', { password: user.password })).body,
      )
      secrets.push(revealed.number, revealed.cvv.length >= 3 ? `"cvv":"${revealed.cvv}"` : '')

      // A password change, refused and then made.
      const newPassword = `new-${randomBytes(8).toString('hex')}`
      secrets.push(newPassword)
      expect(
        (
          await client.request({
            method: 'POST',
            url: '/api/auth/password',
            payload: { currentPassword: wrongPassword, newPassword },
          })
        ).status,
      ).toBeGreaterThanOrEqual(400)

      // Query strings: a search term and a cursor.
      const searchTerm = `needle${randomBytes(6).toString('hex')}`
      secrets.push(searchTerm)
      expect((await client.get(`/api/users/search?q=${searchTerm}`)).status).toBe(200)
      const cursor = Buffer.from(`2026-01-01T00:00:00.000000Z|${searchTerm}`).toString('base64url')
      secrets.push(cursor)
      expect((await client.get(`/api/transactions?cursor=${cursor}`)).status).toBe(400)

      // A receipt's check code opens the receipt to anyone: it is no path to log (issue 32).
      const receiptCode = `RC${randomBytes(6).toString('hex').toUpperCase()}`
      secrets.push(receiptCode)
      expect((await stranger.get(`/api/receipts/${receiptCode}`)).status).toBe(404)

      // Queries that fail with secrets among their parameters: a sign-up whose insert breaks a
      // constraint (its parameters hold the new argon2 hash), and a sign-in whose session
      // insert does (its parameters hold the session's hash).
      await context.database.db.execute(
        sql.raw('alter table users add constraint log_test_no_new_users check (false) not valid'),
      )
      const doomed = buildSignUp({ password: `doomed-${randomBytes(8).toString('hex')}` })
      secrets.push(doomed.password)
      const failedSignUp = await createTestClient(context.app).post('/api/auth/signup', doomed)
      expect(failedSignUp.status).toBe(500)
      expect(failedSignUp.text).not.toMatch(/log_test|constraint|insert/i)
      await context.database.db.execute(
        sql.raw('alter table users drop constraint log_test_no_new_users'),
      )

      const signedUp = buildSignUp({ password: `plain-${randomBytes(8).toString('hex')}` })
      secrets.push(signedUp.password)
      expect((await createTestClient(context.app).post('/api/auth/signup', signedUp)).status).toBe(
        201,
      )
      await context.database.db.execute(
        sql.raw(
          'alter table sessions add constraint log_test_no_new_sessions check (false) not valid',
        ),
      )
      const failedSignIn = await createTestClient(context.app).post('/api/auth/login', {
        email: signedUp.email,
        password: signedUp.password,
      })
      expect(failedSignIn.status).toBe(500)
      await context.database.db.execute(
        sql.raw('alter table sessions drop constraint log_test_no_new_sessions'),
      )

      const log = context.logLines.join('')
      // The log did record what happened: the failures by code and constraint, the requests
      // by path. A log that said nothing would pass the searches below for nothing.
      expect(log).toContain('"code":"23514"')
      expect(log).toContain('"constraint":"log_test_no_new_users"')
      expect(log).toContain('"constraint":"log_test_no_new_sessions"')
      expect(log).toContain('"path":"/api/users/search"')
      expect(log).toContain('"path":"/api/card/reveal"')
      expect(log).toContain('"path":"/api/receipts/:code"')

      expect(log).not.toContain('$argon2')
      expect(log).not.toMatch(/Failed query|params:/)
      for (const secret of secrets.filter((value) => value.length >= 6)) {
        expect(log, `the log holds a secret (${secret.slice(0, 4)}...)`).not.toContain(secret)
      }
      // A session is stored by the hash of its id: the hash is no more to be logged than the id.
      const hashes = await queryRows(context.database.db, sql`select sid_hash from sessions`)
      expect(hashes.length).toBeGreaterThan(0)
      for (const row of hashes) {
        expect(typeof row.sid_hash).toBe('string')
        expect(log).not.toContain(String(row.sid_hash))
      }
    })
  },
  { LOG_LEVEL: 'trace', LOGIN_FAILURES_PER_ADDRESS: '1000' },
  { captureLog: true },
)
