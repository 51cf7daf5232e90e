import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// Issue 16, "fast on a cheap phone": a signed-in page's head names the reads the page makes, so
// they download beside the code (src/server/http/app-page.ts). A read named there under another
// URL than the page asks for is downloaded twice; one the page never asks for is wasted.

function pathOf(url: string, base: string): string {
  const parsed = new URL(url, base)
  return parsed.pathname + parsed.search
}

/** The URLs the app's own code fetches, as it asks for them. */
async function recordAppReads(page: Page, base: string): Promise<string[]> {
  const reads: string[] = []
  await page.exposeFunction('__recordAppRead', (url: string) => reads.push(pathOf(url, base)))
  await page.addInitScript(() => {
    const original = window.fetch.bind(window)
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      Reflect.apply(Reflect.get(window, '__recordAppRead'), window, [url])
      return original(input, init)
    }
  })
  return reads
}

/** How many times each API read went over the network. */
function countNetworkReads(page: Page, base: string): Map<string, number> {
  const counts = new Map<string, number>()
  page.on('request', (request) => {
    const path = pathOf(request.url(), base)
    if (request.method() === 'GET' && path.startsWith('/api/')) {
      counts.set(path, (counts.get(path) ?? 0) + 1)
    }
  })
  return counts
}

for (const path of ['/', '/transactions']) {
  test(`${path}: every read its head names is one the page makes, downloaded once`, async ({
    page,
    baseURL,
    signUp,
  }) => {
    await signUp()
    const base = baseURL ?? ''
    const appReads = await recordAppReads(page, base)
    const network = countNetworkReads(page, base)
    await page.goto(path)
    const named = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(named).toEqual(expect.arrayContaining(['/api/auth/user', '/api/settings']))
    expect(named.length).toBeGreaterThan(3)
    await expect.poll(() => appReads).toEqual(expect.arrayContaining(named))
    for (const read of named) expect(network.get(read), read).toBe(1)
  })
}

// The pages' Content-Security-Policy (src/server/http/app.ts) is strict: no eval, no inline
// script. A library that tries either is refused and reported, and loses the page its "best
// practices" (zod's compile check did, until lib/zod-without-eval.ts).
test('the signed-in pages keep to their Content-Security-Policy', async ({ page, signUp }) => {
  const violations: string[] = []
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const text = `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`
      Reflect.apply(Reflect.get(window, '__reportViolation'), window, [text])
    })
  })
  await signUp({ firstName: 'Amaka' })
  const pages: [string, RegExp][] = [
    ['/', /Welcome, Amaka/],
    ['/transactions', /Transaction History/],
    ['/send-money', /Send Money/],
    ['/exchange', /Exchange/],
    ['/settings', /Settings/],
  ]
  for (const [path, heading] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // An answer parsed and drawn means every schema on the page has run.
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0)
  }
  expect(violations).toEqual([])
})
