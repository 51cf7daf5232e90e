import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { cryptocurrencySchema, walletTotalSchema } from '#shared/schemas/reference.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletIn,
} from './fixtures.ts'

// Issue 16, "Sabi on a cheap phone and a bad network": the hide-balances eye and data saver.

const MASK = '••••••'
const AVATAR_PATH = '/e2e-avatar.png'
// A 1×1 PNG: the profile picture the API cannot set yet, served by the test.
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
// What the details screen polls at while a transaction is pending (use-transaction-details.ts).
const PENDING_REFRESH_MS = 2_000

async function boxHeight(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not on screen')
  return box.height
}

/**
 * The signed-in user as the API returns them, with a profile picture (no endpoint sets one):
 * returns how many times the picture was downloaded.
 */
async function serveProfilePicture(page: Page): Promise<{ downloads: () => number }> {
  let downloads = 0
  await page.route('**/api/auth/user', async (route) => {
    const response = await route.fetch()
    const body: unknown = await response.json()
    const user = typeof body === 'object' && body !== null ? body : {}
    await route.fulfill({ response, json: { ...user, profileImageUrl: AVATAR_PATH } })
  })
  await page.route(`**${AVATAR_PATH}`, async (route) => {
    downloads += 1
    await route.fulfill({ contentType: 'image/png', body: AVATAR_PNG })
  })
  return { downloads: () => downloads }
}

test('the eye hides every balance on the dashboard, and the choice outlives a reload', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'USD', '600.00')
  await addFundsByApi(page, 'NGN', '12500.00')
  // Some bitcoin, so the dashboard also shows holdings the eye must hide.
  const coins = cryptocurrencySchema
    .array()
    .parse(await (await page.request.get('/api/cryptocurrencies')).json())
  const bought = await page.request.post('/api/crypto/purchase', {
    data: {
      cryptoCurrencyId: coins.find((coin) => coin.code === 'BTC')?.id ?? 0,
      fiatCurrencyId: (await walletIn(page, 'USD')).currencyId,
      amount: '100.00',
      paymentMethod: 'wallet',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(bought.status(), await bought.text()).toBe(201)
  // Two currencies, so the headline is the server's estimate in dollars: read it as the app does.
  // Under $1,000, it is written as the server sends it, with no thousands separator.
  const currentTotal = async () => {
    const total = walletTotalSchema.parse(
      await (await page.request.get('/api/wallets/total?currency=USD')).json(),
    )
    expect(total.total).toMatch(/^\d{3}\.\d{2}$/)
    return `$${total.total}`
  }
  const headline = page.getByTestId('balance-amount')
  // The market feed moves the naira's rate once a minute, so the app's figure is the total as it
  // was when the app read it: the one read before the page loaded, or the one since a move.
  // Waiting for either also waits out the count-up.
  const expectHeadlineTotal = async (before: string) => {
    await expect
      .poll(async () => {
        const shown = await headline.textContent()
        return shown === before || shown === (await currentTotal())
      })
      .toBe(true)
    return (await headline.textContent()) ?? ''
  }
  let totalBefore = await currentTotal()
  await page.goto('/')
  const banner = page.getByRole('region', { name: /^Welcome,/ })
  const wallets = page.getByRole('region', { name: 'Other wallets' })
  const naira = page.getByTestId('wallet-balance-NGN')
  const crypto = page.getByRole('region', { name: 'Crypto holdings' })
  // Bought for $100.00, and valued at the market's price, which moves once a minute like the
  // naira's: a few cents either way once it has moved.
  await expect(crypto.getByTestId('dashboard-crypto-total')).toHaveText(/^\$\d{2,3}\.\d{2}$/)
  await expectHeadlineTotal(totalBefore)
  await expect(naira).toHaveText('₦12,500.00')
  const bannerHeight = await boxHeight(banner)
  const walletsHeight = await boxHeight(wallets)

  const hide = banner.getByRole('button', { name: 'Hide balances' })
  await expect(hide).toHaveAttribute('aria-pressed', 'false')
  await hide.click()
  const show = banner.getByRole('button', { name: 'Show balances' })
  await expect(show).toHaveAttribute('aria-pressed', 'true')
  await expect(headline).toHaveText(MASK)
  await expect(naira).toHaveText(MASK)
  // Not one digit is left, neither on screen nor in the text for screen readers.
  await expect(banner).not.toContainText(/\d/)
  await expect(wallets).not.toContainText(/\d/)
  await expect(crypto).not.toContainText(/\d/)
  await expect(banner.getByText('Hidden', { exact: true })).toBeAttached()
  // The mask takes the figures' place without moving anything.
  expect(await boxHeight(banner)).toBeCloseTo(bannerHeight, 0)
  expect(await boxHeight(wallets)).toBeCloseTo(walletsHeight, 0)
  await expectNoHorizontalOverflow(page)

  // Remembered on this device.
  expect(await page.evaluate(() => localStorage.getItem('sabi.hideBalances'))).toBe('1')
  totalBefore = await currentTotal()
  await page.reload()
  await expect(show).toHaveAttribute('aria-pressed', 'true')
  await expect(headline).toHaveText(MASK)
  await expect(naira).toHaveText(MASK)
  await expect(banner).not.toContainText(/\d/)

  await show.click()
  await expect(hide).toHaveAttribute('aria-pressed', 'false')
  const shown = await expectHeadlineTotal(totalBefore)
  await expect(naira).toHaveText('₦12,500.00')
  // Screen readers get the figure again, once (the count-up itself is hidden from them).
  await expect(banner.locator('.sr-only', { hasText: shown })).toBeAttached()
  totalBefore = await currentTotal()
  await page.reload()
  await expectHeadlineTotal(totalBefore)
})

test('data saver in Settings stops profile pictures at once, and is kept on this device', async ({
  page,
  signUp,
}) => {
  await signUp()
  const picture = await serveProfilePicture(page)
  const avatar = page.locator(`img[src="${AVATAR_PATH}"]`)
  const menu = page.getByRole('button', { name: /^Account menu for/ })

  // Without data saver the picture shows: the test can see it, so it can see it go.
  await page.goto('/settings')
  await expect(menu.locator('img')).toHaveAttribute('src', AVATAR_PATH)
  await expect.poll(picture.downloads).toBeGreaterThan(0)

  const dataSaver = page.getByRole('switch', { name: 'Data saver' })
  await expect(dataSaver).toHaveAttribute('aria-checked', 'false')
  await expect(dataSaver).toHaveAccessibleDescription(
    'Uses less mobile data: no background refreshes and no profile pictures.',
  )
  await dataSaver.click()
  await expect(dataSaver).toHaveAttribute('aria-checked', 'true')
  await expect(avatar).toHaveCount(0)
  await expect(menu).toContainText('TB')
  expect(await page.evaluate(() => localStorage.getItem('sabi.dataSaver'))).toBe('1')

  // A new visit downloads no picture at all, on any screen that shows one.
  const before = picture.downloads()
  await page.reload()
  await expect(dataSaver).toHaveAttribute('aria-checked', 'true')
  await expect(menu).toContainText('TB')
  await page.goto('/profile')
  await expect(page.getByTestId('profile-name')).toHaveText('Tunde Bakare')
  await expect(avatar).toHaveCount(0)
  expect(picture.downloads()).toBe(before)

  // Off again, the picture is back.
  await page.goto('/settings')
  await dataSaver.click()
  await expect(dataSaver).toHaveAttribute('aria-checked', 'false')
  await expect(menu.locator('img')).toHaveAttribute('src', AVATAR_PATH)
  expect(await page.evaluate(() => localStorage.getItem('sabi.dataSaver'))).toBe('0')
})

test('with data saver on, a pending transaction is not polled: a Refresh button asks once', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'USD', '25.00')
  const list = await page.request.get('/api/transactions?limit=5')
  const id = transactionPageSchema.parse(await list.json()).items[0]?.id
  if (!id) throw new Error('no transaction')

  // The top-up settles at once; the test keeps it pending until it says otherwise.
  let pending = true
  let requests = 0
  await page.route(`**/api/transactions/${id}`, async (route) => {
    requests += 1
    const response = await route.fetch()
    const body: unknown = await response.json()
    const details = typeof body === 'object' && body !== null ? body : {}
    await route.fulfill({ response, json: pending ? { ...details, status: 'pending' } : details })
  })
  const status = page.getByTestId('details-amount').locator('..').getByTestId('transaction-status')
  const refresh = page.getByRole('button', { name: 'Refresh' })

  // Without data saver the screen polls, and offers no button.
  await page.goto(`/transactions/${id}`)
  await expect(status).toHaveText('Pending')
  await expect.poll(() => requests, { timeout: PENDING_REFRESH_MS * 3 }).toBeGreaterThan(1)
  await expect(refresh).toHaveCount(0)

  await page.evaluate(() => localStorage.setItem('sabi.dataSaver', '1'))
  await page.reload()
  await expect(status).toHaveText('Pending')
  const afterLoad = requests
  await page.waitForTimeout(PENDING_REFRESH_MS * 2 + 500)
  expect(requests, 'the details were polled with data saver on').toBe(afterLoad)
  await expect(refresh).toBeVisible()
  await expectNoHorizontalOverflow(page)

  pending = false
  await refresh.click()
  await expect(status).toHaveText('Completed')
  expect(requests).toBe(afterLoad + 1)
  await expect(refresh).toHaveCount(0)
})
