import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { walletSchema } from '#shared/schemas/reference.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts'
import { createHttpClient } from '../setup/server-process.ts'
import { startBuiltApp } from './built-app.ts'

/**
 * `npm run bench:lighthouse` (docs/performance.md "Lighthouse"): Lighthouse's default mobile run
 * (a mid-range phone on simulated slow 4G) on the visitor's landing page, the signed-in dashboard
 * and `/transactions` of a fresh production build, printing the category scores, the timings
 * behind the performance score and what each page transferred. It asserts nothing: the machine is
 * shared, and the scores are reported in the issue notes. `--no-build` reuses dist/.
 */
const { base: BASE, stop } = await startBuiltApp(process.env.BENCH_PORT ?? '5477')
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1)
const DEBUG_PORT = 9333

type Cookie = { name: string; value: string }

/** A signed-in user with a few weeks' worth of history, as the dashboard would show. */
async function signedInCookie(): Promise<string> {
  const client = createHttpClient(BASE)
  const suffix = randomBytes(4).toString('hex')
  const password = 'bench-password-123'
  const signUp = await client.request('POST', '/api/auth/signup', {
    email: `bench_${suffix}@example.com`,
    password,
    firstName: 'Ngozi',
    lastName: 'Okeke',
    username: `ngozi_${suffix}`,
  })
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`)
  const wallets = walletSchema.array().parse((await client.request('GET', '/api/wallets')).body)
  for (const wallet of wallets) {
    for (let index = 0; index < 4; index++) {
      const added = await client.request(
        'POST',
        '/api/add-funds',
        { walletId: wallet.id, amount: `${25 + index * 10}.00`, method: 'card' },
        { 'Idempotency-Key': randomUUID() },
      )
      if (added.status !== 201) throw new Error(`add funds answered ${added.status}`)
    }
  }
  return client.cookie()
}

type Row = {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  transferKb: number
  requests: number
  /** The audits that lost points, weighed in any category: what to look at next. */
  failing: string[]
}

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100)
}

async function audit(page: string, url: string, session?: Cookie): Promise<Row> {
  // The session is a cookie of the browser itself (an extra request header would not reach
  // every request the app makes), so storage is not reset between runs; a visitor gets a browser
  // of their own.
  const browser = await chromium.launchPersistentContext(mkdtempSync(`${tmpdir()}/lighthouse-`), {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  })
  if (session) await browser.addCookies([{ ...session, url: BASE }])
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: session !== undefined,
  }).finally(() => browser.close())
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  // LIGHTHOUSE_REPORTS=<folder> keeps each full report, to read what a score is made of.
  const folder = process.env.LIGHTHOUSE_REPORTS
  if (folder) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(`${folder}/${page.replace(/\W+/g, '-')}.json`, JSON.stringify(result.lhr))
  }
  const { categories, audits } = result.lhr
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN
  const requests = audits['network-requests']?.details
  return {
    page,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferKb: numeric('total-byte-weight') / 1024,
    requests: requests && 'items' in requests ? requests.items.length : 0,
    failing: Object.values(categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
  }
}

try {
  const [name = '', value = ''] = (await signedInCookie()).split('=')
  const session = { name, value }
  const pages: [string, string, Cookie | undefined][] = [
    ['landing /', `${BASE}/`, undefined],
    ['dashboard /', `${BASE}/`, session],
    ['/transactions', `${BASE}/transactions`, session],
  ]
  const rows: Row[] = []
  for (let run = 0; run < RUNS; run++) {
    for (const [page, url, cookie] of pages) rows.push(await audit(page, url, cookie))
  }
  console.log('\nLighthouse, mobile, simulated slow 4G (default settings):')
  console.log(
    'page            perf  a11y  best   FCP ms   LCP ms   TBT ms    CLS  transfer KB  requests',
  )
  for (const row of rows) {
    console.log(
      [
        row.page.padEnd(14),
        String(row.performance).padStart(5),
        String(row.accessibility).padStart(5),
        String(row.bestPractices).padStart(5),
        row.fcp.toFixed(0).padStart(8),
        row.lcp.toFixed(0).padStart(8),
        row.tbt.toFixed(0).padStart(8),
        row.cls.toFixed(3).padStart(6),
        row.transferKb.toFixed(1).padStart(12),
        String(row.requests).padStart(9),
      ].join(' '),
    )
  }
  console.log('\nAudits that lost points:')
  for (const row of rows) console.log(`${row.page}: ${row.failing.join(', ') || 'none'}`)
} finally {
  stop()
}
