import type { BrowserContext, Page } from '@playwright/test'
import { addFundsByApi, expect, newUserDetails, test } from './fixtures.ts'

// Offline reading and acting (docs/offline.md). These tests are about the service worker, which
// the rest of the suite blocks (playwright.config.ts).
test.use({
  serviceWorkers: 'allow',
  // Offline, every read the app tries fails, and Chromium logs each one.
  // Those the service worker cannot answer either show as net::ERR_FAILED.
  allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/],
})

/** What the app keeps in IndexedDB for offline reading: whose, and which reads. */
async function storedCopy(page: Page): Promise<{ owner: string | null; keys: string[] }> {
  return page.evaluate(async () => {
    const owner = localStorage.getItem('sabi.offlineOwner')
    const databases = await indexedDB.databases()
    if (!databases.some((database) => database.name === 'sabi-offline')) return { owner, keys: [] }
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sabi-offline')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!database.objectStoreNames.contains('answers')) return { owner, keys: [] }
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const request = database.transaction('answers').objectStore('answers').getAll()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const keys: string[] = []
      for (const record of records) {
        const text = JSON.stringify(record)
        // Each read by its whole key: ["/api/transactions",50] is the history page.
        for (const match of text.matchAll(/"queryHash":"((?:[^"\\]|\\.)*)"/g)) {
          keys.push(JSON.parse(`"${match[1] ?? ''}"`))
        }
        const userId = /"userId":"([^"]+)"/.exec(text)?.[1]
        keys.push(`user:${userId}`)
      }
      return { owner, keys }
    } finally {
      database.close()
    }
  })
}

/** Waits until the stored copy holds a read under each of these keys (or key beginnings). */
async function expectStored(page: Page, keys: string[]) {
  await expect
    .poll(async () => {
      const stored = (await storedCopy(page)).keys
      return keys.filter((key) => !stored.some((storedKey) => storedKey.startsWith(key)))
    })
    .toEqual([])
}

/** Whether any of the worker's caches holds a file whose URL matches. */
async function isCached(page: Page, url: RegExp): Promise<boolean> {
  const urls = await page.evaluate(async () => {
    const found: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) found.push(request.url)
    }
    return found
  })
  return urls.some((cached) => url.test(cached))
}

/** Waits until the worker controls the page and holds the app's own script. */
async function waitForOfflineShell(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src
        return entry ? (await caches.match(entry)) !== undefined : false
      }),
    )
    .toBe(true)
}

function countApiWrites(context: BrowserContext): () => number {
  let writes = 0
  context.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/')) writes++
  })
  return () => writes
}

test('signed in once, the app opens offline with their own data and the notice', async ({
  page,
  context,
  signUp,
}) => {
  const user = await signUp({ firstName: 'Halima', lastName: 'Bello' })
  await addFundsByApi(page, 'USD', '123.45')
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Halima' })).toBeVisible()
  await waitForOfflineShell(page)
  await page.goto('/transactions')
  await expect(page.getByText('Added funds by card').first()).toBeVisible()
  await expectStored(page, ['["/api/transactions",50]'])
  await page.goto('/card')
  await expect(page.getByTestId('virtual-card')).toContainText('HALIMA BELLO')
  await expectStored(page, ['["/api/wallets"]', '["/api/transactions",50]', '["/api/card"]'])
  expect((await storedCopy(page)).owner).toBe(user.id)

  await context.setOffline(true)
  const notice = page.getByRole('status').filter({ hasText: "You're offline" })

  await page.reload()
  await expect(page.getByTestId('virtual-card')).toContainText('HALIMA BELLO')
  await expect(page.getByText('Sample card', { exact: true })).toHaveCount(0)
  await expect(notice).toBeVisible()

  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Halima' })).toBeVisible()
  await expect(page.getByTestId('balance-amount')).toContainText('123.45')
  await expect(page.getByText('$2,480.50')).toHaveCount(0)
  await expect(page.getByTestId('offline-notice-title')).toHaveText(
    /^You're offline · updated \d{1,2}:\d{2}/,
  )

  await page.goto('/transactions')
  await expect(page.getByText('Added funds by card').first()).toBeVisible()
  await expect(notice).toBeVisible()

  // A page never opened on this device: the app's own offline screen, not the browser's.
  await page.goto('/limits')
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
  // It opens by itself once the network is back.
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeHidden()
  await expect(notice).toBeHidden()
})

test('offline, every money submit is off, nothing is sent, and the data refreshes once when back', async ({
  page,
  context,
  signUp,
}) => {
  await signUp({ firstName: 'Musa' })
  await addFundsByApi(page, 'NGN', '5000.00')
  const pages = ['/bank-transfer', '/exchange', '/bill-pay', '/pos-terminal']
  // What each page itself reads, stored before the network goes. The terminal's New Sale reads
  // the wallets only; a `/api/pos` read stored by then came from the dashboard's business tools
  // and only if they had finished loading before the test moved on.
  const reads = ['["/api/banks"]', '["/api/currencies"]', '["/api/wallets"]', '["/api/wallets"]']
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Musa' })).toBeVisible()
  await waitForOfflineShell(page)
  for (const [index, path] of pages.entries()) {
    await page.goto(path)
    await expect(page.locator('button[type="submit"]').first()).toBeEnabled()
    await expectStored(page, [reads[index] ?? ''])
  }
  const writes = countApiWrites(context)

  await context.setOffline(true)
  for (const path of pages) {
    await page.goto(path)
    const submits = page.locator('button[type="submit"]')
    await expect(submits.first()).toBeVisible()
    for (const submit of await submits.all()) {
      await expect(submit).toBeDisabled()
      await expect(submit).toHaveAttribute('aria-describedby', 'offline-notice')
    }
    await expect(
      page.getByText("Payments and changes are off until you're back online."),
    ).toBeVisible()
  }

  // Going offline on an open page turns its submit off there and then.
  await context.setOffline(false)
  await page.goto('/exchange')
  const send = page.locator('button[type="submit"]').first()
  await expect(send).toBeEnabled()
  await context.setOffline(true)
  await expect(send).toBeDisabled()

  let walletReads = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/wallets') walletReads++
  })
  await context.setOffline(false)
  await expect(send).toBeEnabled()
  await expect.poll(() => walletReads).toBe(1)
  expect(writes()).toBe(0)
})

test('after sign-out, offline shows nothing of the previous user', async ({
  page,
  context,
  signUp,
}) => {
  await signUp({ firstName: 'Ifeoma', lastName: 'Nwosu' })
  await addFundsByApi(page, 'USD', '77.00')
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Ifeoma' })).toBeVisible()
  await waitForOfflineShell(page)
  await page.goto('/transactions')
  await expect(page.getByText('Added funds by card').first()).toBeVisible()
  await expectStored(page, ['["/api/transactions",50]'])

  await page.getByRole('button', { name: /^Account menu for/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter Money. Bigger Impact.')
  expect(await storedCopy(page)).toEqual({ owner: null, keys: [] })

  await context.setOffline(true)
  for (const path of ['/', '/transactions', '/card']) {
    await page.goto(path)
    await expect(page.locator('body')).not.toContainText('Ifeoma')
    await expect(page.locator('body')).not.toContainText('77.00')
  }
  await page.goto('/transactions')
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible()
})

test('signing out offline forgets the user at once and ends the session once back online', async ({
  page,
  context,
  signUp,
}) => {
  await signUp({ firstName: 'Kelechi', lastName: 'Obi' })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Kelechi' })).toBeVisible()
  await waitForOfflineShell(page)
  // The account menu's code loads after the first paint (components/deferred-menu.tsx); once it
  // has, the worker holds it, so the menu opens offline too.
  await expect.poll(() => isCached(page, /\/assets\/user-menu-[\w-]+\.js$/)).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome, Kelechi' })).toBeVisible()
  await page.getByRole('button', { name: /^Account menu for/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.locator('body')).not.toContainText('Kelechi')
  expect(await storedCopy(page)).toEqual({ owner: null, keys: [] })

  // Back online, the app tells the server by itself, and the session is over.
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter Money. Bigger Impact.')
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401)
})

test('another user signing in on the device replaces the stored copy', async ({ page, signUp }) => {
  const first = await signUp({ firstName: 'Bola' })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Bola' })).toBeVisible()
  await expect.poll(async () => (await storedCopy(page)).owner).toBe(first.id)

  // A second account signs in in the same browser (its session replaces the first's).
  const second = newUserDetails({ firstName: 'Chinedu' })
  const response = await page.request.post('/api/auth/signup', { data: second })
  expect(response.status()).toBe(201)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Chinedu' })).toBeVisible()
  await expect.poll(async () => (await storedCopy(page)).owner).not.toBe(first.id)
  const copy = await storedCopy(page)
  expect(copy.keys).not.toContain(`user:${first.id}`)
})

test('a page whose code fails to arrive once, while the server answers, opens all the same', async ({
  page,
  context,
  signUp,
}) => {
  await signUp({ firstName: 'Zainab' })
  // The network drops the profile page's file until the app next reaches the server (the moment a
  // phone's signal comes back, say); the app asks the server whether it is there, then fetches the
  // file again instead of showing "This page couldn't load".
  let networkBack = false
  let dropped = 0
  await context.route(/\/assets\/profile-page-[\w-]+\.js$/, async (route) => {
    if (networkBack) return route.continue()
    dropped += 1
    return route.abort('internetdisconnected')
  })
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/health') networkBack = true
  })
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: "This page couldn't load" })).toHaveCount(0)
  expect(dropped).toBeGreaterThan(0)
})
