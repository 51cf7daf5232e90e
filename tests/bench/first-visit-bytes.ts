import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts'
import { startBuiltApp } from './built-app.ts'

/**
 * `npm run bench:first-visit` (docs/performance.md "Page weight"): the bytes a first visit really
 * downloads, headers and compressed bodies, counting what the service worker fetches during that
 * visit (its precache): once for a visitor at the landing page (budget 60 KB) and once for a new
 * user's first signed-in dashboard (budget 250 KB). It prints each file and asserts nothing.
 * `--no-build` reuses dist/.
 */
const { base: BASE, stop } = await startBuiltApp(process.env.BENCH_PORT ?? '5478')

type Download = { url: string; bytes: number; byWorker: boolean }

/** Records every finished request of the context, the service worker's included. */
function recordDownloads(context: BrowserContext): Download[] {
  const downloads: Download[] = []
  context.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      downloads.push({
        url: request.url().replace(BASE, ''),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        byWorker: request.serviceWorker() !== null,
      })
    })
  })
  return downloads
}

/** Waits until the page's service worker is active: its precache is then complete. */
async function waitForActiveWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    const worker = registration.active
    if (!worker || worker.state === 'activated') return
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve()
      })
    })
  })
  await page.waitForLoadState('networkidle')
}

/**
 * The worker's own script is fetched by the browser outside any page, where Playwright does not
 * see its body: it is counted as the server sends it, compressed, with its headers.
 */
async function withWorkerScript(downloads: Download[]): Promise<Download[]> {
  // fetch() undoes the compression, so the body is compressed again as the server would send it.
  const response = await fetch(`${BASE}/sw.js`, { headers: { 'Accept-Encoding': 'gzip' } })
  const body = gzipSync(Buffer.from(await response.arrayBuffer()))
  const headers = [...response.headers].reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  )
  const script = {
    url: '/sw.js (the worker script)',
    bytes: body.byteLength + headers,
    byWorker: true,
  }
  return [...downloads.filter((download) => download.url !== '/sw.js'), script]
}

function report(title: string, downloads: Download[], budgetKb: number) {
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0)
  const byWorker = downloads.filter((download) => download.byWorker)
  console.log(`\n${title}`)
  for (const download of [...downloads].sort((a, b) => b.bytes - a.bytes)) {
    const who = download.byWorker ? 'worker' : 'page  '
    console.log(`${(download.bytes / 1024).toFixed(1).padStart(8)} KB  ${who}  ${download.url}`)
  }
  const workerBytes = byWorker.reduce((sum, download) => sum + download.bytes, 0)
  console.log(
    `${(total / 1024).toFixed(1).padStart(8)} KB  in ${downloads.length} requests, ` +
      `${(workerBytes / 1024).toFixed(1)} KB of them by the service worker (${byWorker.length} files); ` +
      `budget ${budgetKb} KB`,
  )
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

  const visitor = await browser.newContext({ ...phone, serviceWorkers: 'allow' })
  const visitorDownloads = recordDownloads(visitor)
  const landing = await visitor.newPage()
  await landing.goto(BASE)
  await waitForActiveWorker(landing)
  report(
    'First visit to the landing page, as a visitor:',
    await withWorkerScript(visitorDownloads),
    60,
  )
  await visitor.close()

  // The account is made through the API so that only the dashboard's own load is counted.
  const user = await browser.newContext({ ...phone, serviceWorkers: 'allow' })
  const suffix = randomBytes(4).toString('hex')
  const signUp = await user.request.post(`${BASE}/api/auth/signup`, {
    data: {
      email: `bench_${suffix}@example.com`,
      password: 'bench-password-123',
      firstName: 'Ngozi',
      lastName: 'Okeke',
      username: `ngozi_${suffix}`,
    },
  })
  if (signUp.status() !== 201) throw new Error(`sign-up answered ${signUp.status()}`)
  const userDownloads = recordDownloads(user)
  const dashboard = await user.newPage()
  await dashboard.goto(BASE)
  await dashboard.getByRole('heading', { name: /Ngozi/ }).first().waitFor()
  await waitForActiveWorker(dashboard)
  report('First signed-in dashboard load, new device:', await withWorkerScript(userDownloads), 250)
  await user.close()
} finally {
  await browser.close()
  stop()
}
