import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userSchema } from '#shared/schemas/auth.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { buildSignUp } from '../factories/users.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `accounts and sessions on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        app = await createTestApp(database)
      })
      afterAll(async () => {
        await app?.close()
        await database?.destroy()
      })

      it('signs up, is signed in at once, and gets a primary USD and an NGN wallet at 0.00', async () => {
        const client = createTestClient(app)
        const body = buildSignUp({ firstName: 'Amaka' })
        const signUp = await client.post('/api/auth/signup', body)
        expect(signUp.status).toBe(201)
        const user = userSchema.parse(signUp.body)
        expect(user.firstName).toBe('Amaka')
        expect(signUp.text).not.toMatch(/password/i)

        const cookie = String(signUp.headers['set-cookie'])
        expect(cookie).toMatch(/HttpOnly/)
        expect(cookie).toMatch(/SameSite=Lax/)

        const me = await client.get('/api/auth/user')
        expect(me.status).toBe(200)
        expect(userSchema.parse(me.body).id).toBe(user.id)

        const wallets = walletSchema.array().parse((await client.get('/api/wallets')).body)
        expect(wallets.map((w) => [w.currency.code, w.balance, w.isPrimary])).toEqual([
          ['USD', '0.00', true],
          ['NGN', '0.00', false],
        ])
      })

      it('refuses a used e-mail or username with 409, whatever the case', async () => {
        const first = buildSignUp()
        expect((await createTestClient(app).post('/api/auth/signup', first)).status).toBe(201)
        const sameEmail = await createTestClient(app).post(
          '/api/auth/signup',
          buildSignUp({ email: first.email.toUpperCase() }),
        )
        expect(sameEmail.status).toBe(409)
        expect(sameEmail.body).toMatchObject({
          code: 'EMAIL_TAKEN',
          message: 'An account with this email already exists',
        })
        const sameUsername = await createTestClient(app).post(
          '/api/auth/signup',
          buildSignUp({ username: first.username.toUpperCase() }),
        )
        expect(sameUsername.status).toBe(409)
        expect(sameUsername.body).toMatchObject({ code: 'USERNAME_TAKEN' })
      })

      it('answers bad sign-up bodies with 400, a clear message and the field in errors[]', async () => {
        const client = createTestClient(app)
        const cases: [unknown, string, string][] = [
          [
            buildSignUp({ password: 'short' }),
            'password',
            'Password must be at least 10 characters',
          ],
          [buildSignUp({ email: 'not-an-email' }), 'email', 'Invalid email address'],
          [buildSignUp({ username: 'ab' }), 'username', 'Username must be at least 3 characters'],
          [
            buildSignUp({ username: 'has space' }),
            'username',
            'Username may contain only letters, digits and underscore',
          ],
          [
            buildSignUp({ username: 'x'.repeat(31) }),
            'username',
            'Username must be at most 30 characters',
          ],
          [{ ...buildSignUp(), firstName: '' }, 'firstName', 'First name is required'],
        ]
        for (const [body, path, message] of cases) {
          const response = await client.post('/api/auth/signup', body)
          expect(response.status, JSON.stringify(body)).toBe(400)
          expect(response.body).toMatchObject({ message, code: 'VALIDATION_FAILED' })
          expect(response.body).toMatchObject({
            errors: expect.arrayContaining([expect.objectContaining({ path, message })]),
          })
        }
        expect((await client.get('/api/auth/user')).status).toBe(401)
      })

      it('answers a body that is not JSON with 415, a broken one or none with 400, and a message', async () => {
        const client = createTestClient(app)
        const broken = await client.request({
          method: 'POST',
          url: '/api/auth/signup',
          payload: '{"email": ',
          headers: { 'content-type': 'application/json' },
        })
        expect(broken.status).toBe(400)
        expect(broken.body).toMatchObject({
          message: 'Request body must be valid JSON',
          code: 'VALIDATION_FAILED',
        })
        const text = await client.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: 'hello',
          headers: { 'content-type': 'text/plain' },
        })
        expect(text.status).toBe(415)
        expect(text.body).toMatchObject({
          message: 'Request body must be JSON (Content-Type: application/json)',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        })
        const empty = await client.request({ method: 'POST', url: '/api/auth/login' })
        expect(empty.status).toBe(400)
        expect(empty.body).toMatchObject({ message: 'Request body must be a JSON object' })
      })

      it('signs in with the right password, changes the session id, and refuses a wrong one with 401', async () => {
        const body = buildSignUp()
        const client = createTestClient(app)
        await client.post('/api/auth/signup', body)
        const firstSid = client.cookies.get('sabi_sid')

        const wrong = await createTestClient(app, '10.0.0.1').post('/api/auth/login', {
          email: body.email,
          password: 'wrong-password!',
        })
        expect(wrong.status).toBe(401)
        expect(wrong.body).toMatchObject({
          message: 'Incorrect email or password',
          code: 'INVALID_CREDENTIALS',
        })

        const login = await client.post('/api/auth/login', {
          email: body.email.toUpperCase(),
          password: body.password,
        })
        expect(login.status).toBe(200)
        expect(userSchema.parse(login.body).email).toBe(body.email)
        expect(client.cookies.get('sabi_sid')).toBeDefined()
        expect(client.cookies.get('sabi_sid')).not.toBe(firstSid)
        expect((await client.get('/api/auth/user')).status).toBe(200)
      })

      it('rate limits sign-in after 10 failures for one account, even from many addresses', async () => {
        const body = buildSignUp()
        await createTestClient(app).post('/api/auth/signup', body)
        for (let attempt = 0; attempt < 10; attempt++) {
          const response = await createTestClient(app, `10.1.0.${attempt}`).post(
            '/api/auth/login',
            { email: body.email, password: 'wrong-password!' },
          )
          expect(response.status).toBe(401)
        }
        // Even the right password is refused now: the limit holds before the password is checked.
        const blocked = await createTestClient(app, '10.1.1.1').post('/api/auth/login', {
          email: body.email,
          password: body.password,
        })
        expect(blocked.status).toBe(429)
        expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' })
      })

      it('rate limits sign-in after 10 failures from one address, across accounts', async () => {
        for (let attempt = 0; attempt < 10; attempt++) {
          const response = await createTestClient(app, '10.2.0.1').post('/api/auth/login', {
            email: `nobody${attempt}@example.com`,
            password: 'wrong-password!',
          })
          expect(response.status).toBe(401)
        }
        const blocked = await createTestClient(app, '10.2.0.1').post('/api/auth/login', {
          email: 'someone@example.com',
          password: 'whatever-123',
        })
        expect(blocked.status).toBe(429)
        const elsewhere = await createTestClient(app, '10.2.0.2').post('/api/auth/login', {
          email: 'someone@example.com',
          password: 'whatever-123',
        })
        expect(elsewhere.status).toBe(401)
      })

      it('signs out: the session ends and the browser goes to /', async () => {
        const client = createTestClient(app)
        await client.post('/api/auth/signup', buildSignUp())
        const sid = client.cookies.get('sabi_sid')
        const logout = await client.get('/api/logout')
        expect(logout.status).toBe(302)
        expect(logout.headers.location).toBe('/')
        expect((await client.get('/api/auth/user')).status).toBe(401)
        // The old cookie is dead on the server too, not only forgotten by this browser.
        const replay = await createTestClient(app).get('/api/auth/user', {
          cookie: `sabi_sid=${sid}`,
        })
        expect(replay.status).toBe(401)
      })

      it('answers signed-out calls with 401 {"message":"Unauthorized"} and a forged cookie the same', async () => {
        const client = createTestClient(app)
        for (const path of ['/api/auth/user', '/api/wallets']) {
          const response = await client.get(path)
          expect(response.status).toBe(401)
          expect(response.body).toMatchObject({ message: 'Unauthorized' })
        }
        const forged = await client.get('/api/auth/user', { cookie: 'sabi_sid=abc.def' })
        expect(forged.status).toBe(401)
      })

      it('sends /api/login to the sign-in page, keeping a same-site returnTo only', async () => {
        const client = createTestClient(app)
        expect((await client.get('/api/login')).headers.location).toBe('/sign-in')
        expect((await client.get('/api/login?returnTo=%2Ftransactions')).headers.location).toBe(
          '/sign-in?returnTo=%2Ftransactions',
        )
        expect((await client.get('/api/login?mode=signup')).headers.location).toBe('/sign-up')
        expect((await client.get('/api/login?returnTo=%2F%2Fevil.example')).headers.location).toBe(
          '/sign-in',
        )
        expect(
          (await client.get('/api/login?returnTo=https%3A%2F%2Fevil.example')).headers.location,
        ).toBe('/sign-in')
        const viaReferer = await client.get('/api/login', {
          referer: 'http://localhost:5000/exchange',
          host: 'localhost:5000',
        })
        expect(viaReferer.headers.location).toBe('/sign-in?returnTo=%2Fexchange')
      })

      it('limits sign-ups from one address to 20 per 15 minutes with a 429', async () => {
        const statuses: number[] = []
        for (let attempt = 0; attempt < 20; attempt++) {
          statuses.push(
            (await createTestClient(app, '10.9.9.9').post('/api/auth/signup', buildSignUp()))
              .status,
          )
        }
        expect(statuses).toEqual(Array(20).fill(201))
        const limited = await createTestClient(app, '10.9.9.9').post(
          '/api/auth/signup',
          buildSignUp(),
        )
        expect(limited.status).toBe(429)
        expect(limited.body).toMatchObject({
          code: 'RATE_LIMITED',
          message: expect.stringContaining('Too many requests'),
        })
        expect(
          (await createTestClient(app, '10.9.9.10').post('/api/auth/signup', buildSignUp())).status,
        ).toBe(201)
      })

      it('refuses a cross-site sign-in POST', async () => {
        const body = buildSignUp()
        const response = await createTestClient(app).post('/api/auth/signup', body, {
          origin: 'https://evil.example',
        })
        expect(response.status).toBe(403)
      })
    },
  )
}
