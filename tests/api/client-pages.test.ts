import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSignUp } from '../factories/users.ts'
import { createTestApp, createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../setup/test-database.ts'

// Stand-ins for the built pages: which one a response carries is all these tests look at.
const APP_HTML = '<!doctype html><title>app</title><div id="root"></div>'
const LANDING_HTML = '<!doctype html><title>landing</title><h1>Smarter Money. Bigger Impact.</h1>'
// Large enough to be worth compressing, like the real stylesheet.
const STYLESHEET = `body{margin:0}${'.card{padding:1rem;border-radius:1rem}'.repeat(200)}`
const SCRIPT = 'export const answer = 42\n'

function landingIn(language: string): string {
  return `<!doctype html><html lang="${language}"><title>landing ${language}</title>`
}

async function makeClientRoot(pages: { landing: boolean }): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sabi-client-'))
  await writeFile(join(root, 'index.html'), APP_HTML)
  await writeFile(join(root, 'styles.css'), STYLESHEET)
  await mkdir(join(root, 'assets'))
  await writeFile(join(root, 'assets/app-1.js'), SCRIPT)
  if (pages.landing) {
    await writeFile(join(root, 'landing.html'), LANDING_HTML)
    for (const language of ['fr', 'es', 'ha']) {
      await writeFile(join(root, `landing.${language}.html`), landingIn(language))
    }
  }
  return root
}

async function signedInClient(app: Awaited<ReturnType<typeof createTestApp>>) {
  const client = createTestClient(app)
  expect((await client.post('/api/auth/signup', buildSignUp())).status).toBe(201)
  return client
}

async function expectPage(client: TestClient, path: string, html: string) {
  const response = await client.get(path)
  expect(response.status, path).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/html/)
  expect(response.headers['cache-control']).toBe('no-cache')
  expect(response.text).toBe(html)
}

for (const { kind, skip } of testDatabaseKinds()) {
  describe.skipIf(skip !== undefined)(
    `the client's pages on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
    () => {
      let database: TestDatabase
      let app: Awaited<ReturnType<typeof createTestApp>>
      let appWithoutLanding: Awaited<ReturnType<typeof createTestApp>>
      const roots: string[] = []

      beforeAll(async () => {
        database = await createTestDatabase(kind)
        roots.push(
          await makeClientRoot({ landing: true }),
          await makeClientRoot({ landing: false }),
        )
        app = await createTestApp(database, {}, { clientRoot: roots[0] })
        appWithoutLanding = await createTestApp(database, {}, { clientRoot: roots[1] })
      })
      afterAll(async () => {
        await app?.close()
        await appWithoutLanding?.close()
        await database?.destroy()
        for (const root of roots) await rm(root, { recursive: true, force: true })
      })

      it('sends files compressed to browsers that accept it', async () => {
        const client = createTestClient(app)
        const compressed = await client.get('/styles.css', { 'accept-encoding': 'gzip' })
        expect(compressed.status).toBe(200)
        expect(compressed.headers['content-encoding']).toBe('gzip')
        const plain = await client.get('/styles.css', { 'accept-encoding': 'identity' })
        expect(plain.headers['content-encoding']).toBeUndefined()
        expect(plain.text).toBe(STYLESHEET)
      })

      it('sends a hashed asset with its security headers and without those only a page needs', async () => {
        const client = createTestClient(app)
        const asset = await client.get('/assets/app-1.js')
        expect(asset.status).toBe(200)
        expect(asset.text).toBe(SCRIPT)
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(asset.headers['x-content-type-options']).toBe('nosniff')
        expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin')
        for (const header of ['content-security-policy', 'x-frame-options', 'etag']) {
          expect(asset.headers[header], header).toBeUndefined()
        }
        // A page keeps every one of them.
        const page = await client.get('/transactions')
        expect(page.headers['content-security-policy']).toContain("script-src 'self'")
        expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
      })

      it('gives an API answer the same security headers as a page, set once for every request', async () => {
        const client = await signedInClient(app)
        const page = await client.get('/transactions')
        const answer = await client.get('/api/wallets')
        expect(answer.status).toBe(200)
        for (const header of [
          'content-security-policy',
          'strict-transport-security',
          'x-frame-options',
          'x-content-type-options',
          'referrer-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
        ]) {
          expect(page.headers[header], header).toBeTruthy()
          expect(answer.headers[header], header).toBe(page.headers[header])
        }
        expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'")
        expect(answer.headers['x-powered-by']).toBeUndefined()
      })

      it("serves the landing page in the visitor's language: ?lang=, then the cookie, then Accept-Language", async () => {
        const visitor = createTestClient(app)
        const french = await visitor.get('/', { 'accept-language': 'fr-SN,fr;q=0.9,en;q=0.5' })
        expect(french.text).toBe(landingIn('fr'))
        expect(String(french.headers.vary)).toMatch(/Accept-Language/i)
        const hausa = await visitor.get('/', { 'accept-language': 'de;q=1, ha;q=0.8, fr;q=0.3' })
        expect(hausa.text).toBe(landingIn('ha'))
        const unknown = await visitor.get('/', { 'accept-language': 'de-DE' })
        expect(unknown.text).toBe(LANDING_HTML)

        // The page's own selector: ?lang= answers in that language and remembers it.
        const chosen = await visitor.get('/?lang=es', { 'accept-language': 'fr' })
        expect(chosen.text).toBe(landingIn('es'))
        expect(String(chosen.headers['set-cookie'])).toMatch(/sabi_lang=es/)
        const remembered = await visitor.get('/', {
          'accept-language': 'fr',
          cookie: 'sabi_lang=es',
        })
        expect(remembered.text).toBe(landingIn('es'))
        // Nonsense is ignored, never echoed into a file name.
        const odd = await visitor.get('/?lang=../index', { cookie: 'sabi_lang=xx' })
        expect(odd.text).toBe(LANDING_HTML)
      })

      it('serves the static landing page at / to a visitor, and the app when signed in', async () => {
        const visitor = createTestClient(app)
        await expectPage(visitor, '/', LANDING_HTML)
        const response = await visitor.get('/')
        expect(String(response.headers.vary)).toMatch(/Cookie/i)

        const user = await signedInClient(app)
        await expectPage(user, '/', APP_HTML)
      })

      it('answers HEAD / the same way', async () => {
        const visitor = createTestClient(app)
        const head = await visitor.request({ method: 'HEAD', url: '/' })
        expect(head.status).toBe(200)
        expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(LANDING_HTML))

        const user = await signedInClient(app)
        const signedInHead = await user.request({ method: 'HEAD', url: '/' })
        expect(Number(signedInHead.headers['content-length'])).toBe(Buffer.byteLength(APP_HTML))
      })

      it('treats a forged or unknown session cookie as a visitor', async () => {
        const forged = createTestClient(app)
        forged.cookies.set('sabi_sid', 'not-a-signed-session-id')
        await expectPage(forged, '/', LANDING_HTML)
      })

      it('serves the app at every other client route, signed in or not', async () => {
        const visitor = createTestClient(app)
        const user = await signedInClient(app)
        for (const path of [
          '/transactions',
          '/transactions/abc',
          '/sign-in',
          '/card',
          '/pay',
          // The operations console's pages: the same entry loads the console under /ops.
          '/ops',
          '/ops/enrol',
          '/ops/disputes/abc',
        ]) {
          await expectPage(visitor, path, APP_HTML)
          await expectPage(user, path, APP_HTML)
        }
      })

      it('answers a path that is no page with the app under a 404, so it can show its not-found page', async () => {
        const user = await signedInClient(app)
        for (const path of [
          '/no-such-page/anywhere',
          '/healthz',
          '/metrics/extra',
          '/card/x',
          '/ops/no-such-page',
        ]) {
          const response = await user.get(path)
          expect(response.status, path).toBe(404)
          expect(response.headers['content-type']).toMatch(/^text\/html/)
          expect(response.text).toBe(APP_HTML)
        }
      })

      it('still answers unknown API paths with a JSON 404, whatever the method, and a known one with a 405', async () => {
        const client = createTestClient(app)
        for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
          for (const url of ['/api/no-such-thing', '/api', '/no-such-page/deeper']) {
            if (method === 'GET' && !url.startsWith('/api')) continue
            const response = await client.request({ method, url })
            expect(response.status, `${method} ${url}`).toBe(404)
            expect(response.body).toEqual({
              message: 'Not found',
              code: 'NOT_FOUND',
              key: 'notFound',
              params: {},
            })
          }
        }
        const wrongMethod = await client.request({ method: 'PUT', url: '/api/wallets' })
        expect(wrongMethod.status).toBe(405)
        expect(wrongMethod.headers.allow).toBe('GET, HEAD, POST')
        expect(wrongMethod.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
        const byId = await client.request({
          method: 'PATCH',
          url: '/api/pos/sales/0b6f1a52-6d0e-4c53-9b1d-2f8b4f6f0a11',
        })
        expect(byId.status).toBe(405)
        expect(byId.headers.allow).toBe('GET, HEAD')
      })

      it('serves the app to a visitor at / when the build has no landing page', async () => {
        await expectPage(createTestClient(appWithoutLanding), '/', APP_HTML)
      })
    },
  )
}
