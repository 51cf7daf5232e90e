import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { queryRows } from '#server/db/client.ts'
import { sessionInfoSchema } from '#shared/schemas/account.ts'
import { addFunds, moneyPost, signUpClient, TEST_PIN, walletIn } from '../factories/money.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts'

/**
 * Requests are who they say they are (issue "Field-grade reliability"): the client address
 * comes from X-Forwarded-For only as far as TRUST_PROXY allows, a browser's cross-site request
 * cannot change state, and a leaked sessions table signs nobody in. Host-independent, so PGlite.
 */
describe('who a request comes from', () => {
  let database: TestDatabase
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = []

  async function appWith(env: Record<string, string>) {
    const app = await createTestApp(database, { NODE_ENV: 'production', ...env })
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await database?.destroy()
  })

  it('refuses to start the sandbox in production unless SANDBOX=1 asks for it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SANDBOX/)
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: '1' }).sandbox).toBe(true)
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db/sabi',
        SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      }).sandbox,
    ).toBe(false)
    expect(loadConfig({}).sandbox).toBe(true)
  })

  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ])
    for (const bad of ['banana', '10.0.0.0/33', '1.2.3', 'true', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError)
    }
  })

  it('without TRUST_PROXY, a new X-Forwarded-For per try does not escape the per-address sign-in limit', async () => {
    const app = await appWith({ LOGIN_FAILURES_PER_ADDRESS: '3' })
    const attacker = createTestClient(app, '198.51.100.7')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await attacker.post(
        '/api/auth/login',
        { email: `victim${attempt}@example.com`, password: 'guess-guess-guess' },
        { 'x-forwarded-for': `203.0.113.${attempt}` },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('with TRUST_PROXY set, limits follow the forwarded address, and a forged or oversized one falls back to the peer', async () => {
    const app = await appWith({ LOGIN_FAILURES_PER_ADDRESS: '2', TRUST_PROXY: '1' })
    const proxy = createTestClient(app, '10.1.1.1')
    const fail = (forwarded: string) =>
      proxy.post(
        '/api/auth/login',
        { email: 'nobody@example.com', password: 'guess-guess-guess' },
        { 'x-forwarded-for': forwarded },
      )
    // Two clients behind the same proxy are counted apart...
    expect((await fail('203.0.113.10')).status).toBe(401)
    expect((await fail('203.0.113.11')).status).toBe(401)
    expect((await fail('203.0.113.10')).status).toBe(401)
    // ...and each reaches its own limit.
    expect((await fail('203.0.113.10')).status).toBe(429)
    expect((await fail('203.0.113.12')).status).toBe(401)
    // Garbage and kilobytes of it are no address: they count against the proxy's own.
    expect((await fail('x'.repeat(6000))).status).toBe(401)
    expect((await fail('not-an-address')).status).toBe(401)
    expect((await fail(`${'9'.repeat(300)}, 203.0.113.99`)).status).toBe(401)
    expect((await fail('not-an-address')).status).toBe(429)
  })

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' })
    const user = await signUpClient(createTestClient(app, '10.9.9.9'))
    async function signInFrom(peer: string) {
      const client = createTestClient(app, peer)
      const response = await client.post(
        '/api/auth/login',
        { email: user.email, password: user.password },
        { 'x-forwarded-for': '203.0.113.77' },
      )
      expect(response.status).toBe(200)
      const sessions = sessionInfoSchema.array().parse((await client.get('/api/sessions')).body)
      return sessions.find((session) => session.current)?.ipAddress
    }
    expect(await signInFrom('10.2.3.4')).toBe('203.0.113.77')
    expect(await signInFrom('192.0.2.50')).toBe('192.0.2.50')
  })

  it("refuses a browser's cross-site state change (another Origin, Origin null, or Sec-Fetch-Site cross-site) and moves nothing", async () => {
    const app = await appWith({})
    const sender = createTestClient(app)
    await signUpClient(sender)
    const recipient = await signUpClient(createTestClient(app))
    const ngn = await walletIn(sender, 'NGN')
    await addFunds(sender, ngn.id, '500.00')
    // With the right PIN, so that only the site check can refuse it.
    const transfer = {
      fromWalletId: ngn.id,
      recipientUserId: recipient.id,
      amount: '100.00',
      pin: TEST_PIN,
    }
    const refused = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:80.evil.example' },
    ]
    for (const headers of refused) {
      const crossSite = await sender.request({
        method: 'POST',
        url: '/api/send-money/sabi-user',
        payload: JSON.stringify(transfer),
        headers: {
          'content-type': 'text/plain',
          'idempotency-key': `cross-site-${refused.indexOf(headers)}`,
          ...headers,
        },
      })
      expect(crossSite.status, JSON.stringify(headers)).toBe(403)
      expect(crossSite.body).toMatchObject({ code: 'FORBIDDEN' })
    }
    // A JSON body is refused the same way (the Origin check comes before the body is read).
    const json = await moneyPost(sender, '/api/send-money/sabi-user', transfer)
    expect(json.status).toBe(201)
    const crossSiteJson = await sender.request({
      method: 'POST',
      url: '/api/send-money/sabi-user',
      payload: JSON.stringify(transfer),
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'cross-site-json',
        origin: 'null',
      },
    })
    expect(crossSiteJson.status).toBe(403)
    // Each refused request moved nothing; the one allowed transfer went through once.
    expect((await walletIn(sender, 'NGN')).balance).toBe('400.00')

    // The site's own pages, and callers that are not browsers, are judged by their session.
    for (const headers of [
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const response = await sender.request({
        method: 'POST',
        url: '/api/send-money/sabi-user',
        payload: JSON.stringify(transfer),
        headers: {
          'content-type': 'application/json',
          host: 'localhost:80',
          'idempotency-key': `same-site-${Object.keys(headers).join('-') || 'none'}`,
          ...headers,
        },
      })
      expect(response.status, `${JSON.stringify(headers)}: ${response.text}`).toBe(201)
    }
    expect((await walletIn(sender, 'NGN')).balance).toBe('100.00')
    // Signing out by a cross-site link is a navigation, and harmless.
    const signOut = await sender.get('/api/logout', { 'sec-fetch-site': 'cross-site' })
    expect(signOut.status).toBe(302)
  })

  it('keeps sessions by the hash of their id: the stored value signs nobody in', async () => {
    const app = await appWith({})
    const client = createTestClient(app)
    await signUpClient(client)
    const signed = decodeURIComponent(client.cookies.get('sabi_sid') ?? '')
    const unsigned = app.unsignCookie(signed)
    expect(unsigned.valid).toBe(true)
    const rows = await queryRows(database.db, sql`select sid_hash from sessions`)
    const stored = rows.map((row) => String(row.sid_hash))
    expect(stored.length).toBeGreaterThan(0)
    expect(stored).not.toContain(unsigned.value)
    for (const hash of stored) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/)
      const thief = createTestClient(app)
      thief.cookies.set('sabi_sid', encodeURIComponent(app.signCookie(hash)))
      expect((await thief.get('/api/auth/user')).status).toBe(401)
    }
    expect((await client.get('/api/auth/user')).status).toBe(200)
  })
})
