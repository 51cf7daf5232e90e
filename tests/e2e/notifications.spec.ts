import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import type { Browser, Page, TestInfo } from '@playwright/test'
import { paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  raiseTierByApi,
  setPinByApi,
  test,
  walletIn,
} from './fixtures.ts'

/** Screenshots of the screens this feature adds, at the project's size and at 360x740. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const folder = `${testInfo.project.outputDir}/../screens`
  mkdirSync(folder, { recursive: true })
  const size = page.viewportSize()
  await page.screenshot({ path: `${folder}/${name}-${size?.width}x${size?.height}.png` })
  if (testInfo.project.name === 'phone') {
    await page.setViewportSize({ width: 360, height: 740 })
    await expectNoHorizontalOverflow(page)
    await page.screenshot({ path: `${folder}/${name}-360x740.png` })
    if (size) await page.setViewportSize(size)
  }
}

/** Ada Obi, signed up in a browser of her own, with a PIN and ₦5,000 to pay with. */
async function adaObiWithNaira(browser: Browser) {
  const other = await browser.newContext()
  const ada = await other.newPage()
  const details = newUserDetails({ firstName: 'Ada', lastName: 'Obi' })
  expect((await ada.request.post('/api/auth/signup', { data: details })).status()).toBe(201)
  await setPinByApi(ada, E2E_PIN, details.password)
  await raiseTierByApi(ada, 3)
  await addFundsByApi(ada, 'NGN', '5000.00')
  return { other, ada, adaNgn: await walletIn(ada, 'NGN') }
}

test('a forgotten password is reset from the link in the sandbox outbox', async ({
  page,
  signUp,
}, testInfo) => {
  const user = await signUp()
  // A reset link goes only to an address its owner has verified (issue 32): with the link the
  // sign-up sent.
  let verifyToken = ''
  await expect
    .poll(async () => {
      const outbox = await page.request.get(
        `/api/sandbox/outbox?to=${encodeURIComponent(user.email)}`,
      )
      const text = JSON.stringify(await outbox.json())
      verifyToken = /\/verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? ''
      return verifyToken
    })
    .not.toBe('')
  const verified = await page.request.post('/api/auth/verify-email', {
    data: { token: verifyToken },
  })
  expect(verified.status(), await verified.text()).toBe(204)
  await page.context().clearCookies()
  await page.goto('/sign-in')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await shoot(page, testInfo, 'reset-request')
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Check your e-mail')).toBeVisible()

  await page.goto(`/sandbox/outbox?to=${encodeURIComponent(user.email)}`)
  const link = page.getByRole('link', { name: /\/reset-password\?token=/ })
  await expect(link).toBeVisible()
  await shoot(page, testInfo, 'sandbox-outbox')
  await link.click()
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await shoot(page, testInfo, 'reset-new-password')
  await page.getByLabel('New password').fill('a-fresh-password-456')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByText(/Your password has been changed/)).toBeVisible()
  await page.getByRole('link', { name: 'Sign in' }).first().click()

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill('a-fresh-password-456')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/$/)
  // The user is told of the new password, and of this sign-in from a browser without the
  // device cookie (cleared above).
  await expect(page.getByTestId('notification-count')).toHaveText('2')
  await page.getByTestId('notification-bell').click()
  await expect(page.getByTestId('notification-list').getByText('Password changed')).toBeVisible()
  await expect(page.getByTestId('notification-list').getByText('New sign-in')).toBeVisible()
})

test('a payment arrives live: toast, bell and balance without a reload', async ({
  page,
  browser,
  signUp,
}, testInfo) => {
  await signUp()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('₦0.00', { exact: true })).toBeVisible()
  const ngn = await walletIn(page, 'NGN')
  const asked = await page.request.post('/api/payment-requests', {
    data: { walletId: ngn.id, amount: '1234.00' },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  const request = paymentRequestSchema.parse(await asked.json())

  // Ada pays it from her own browser.
  const { other, ada, adaNgn } = await adaObiWithNaira(browser)
  const paid = await ada.request.post(`/api/payment-requests/${request.id}/pay`, {
    data: { fromWalletId: adaNgn.id, pin: E2E_PIN },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(paid.status(), await paid.text()).toBe(201)
  await other.close()

  await expect(
    page.getByText('Ada Obi paid your payment request of ₦1,234.00', { exact: true }),
  ).toBeVisible()
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await page.getByTestId('notification-bell').click()
  const list = page.getByTestId('notification-list')
  await expect(list.getByText('Payment request paid')).toBeVisible()
  await shoot(page, testInfo, 'notification-bell')
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByTestId('notification-count')).toBeHidden()
  await page.keyboard.press('Escape')
  // The naira wallet on the dashboard shows the money without a reload (it was empty before).
  await expect(page.getByText('₦1,234.00', { exact: true })).toBeVisible()
})

test('the profile tells whether the e-mail address is verified', async ({
  page,
  signUp,
}, testInfo) => {
  await signUp()
  await page.goto('/profile')
  await expect(page.getByTestId('status-email')).toContainText('Not verified')
  await page.getByTestId('status-email').scrollIntoViewIfNeeded()
  await shoot(page, testInfo, 'profile-email')
  await page.getByRole('button', { name: 'Send verification link' }).click()
  await expect(page.getByText('We have sent you a new link.', { exact: true })).toBeVisible()
})

test('money sent by another Sabi user arrives live, and older notifications page in', async ({
  page,
  browser,
  signUp,
}, testInfo) => {
  const trader = await signUp()
  const { other, ada, adaNgn } = await adaObiWithNaira(browser)
  const send = async (amount: string) => {
    const sent = await ada.request.post('/api/send-money/sabi-user', {
      data: { fromWalletId: adaNgn.id, recipientUserId: trader.id, amount, pin: E2E_PIN },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(sent.status(), await sent.text()).toBe(201)
  }
  for (let i = 0; i < 20; i += 1) await send('1.00')

  await page.goto('/')
  // The total counts up to its figure: the figure it settles on is the one to wait for.
  await expect(page.getByTestId('balance-amount')).toHaveText('₦20.00')
  await send('1234.00')
  await expect(page.getByText('You received ₦1,234.00 from Ada Obi', { exact: true })).toBeVisible()
  await expect(page.getByTestId('balance-amount')).toHaveText('₦1,254.00')
  await other.close()

  await expect(page.getByTestId('notification-count')).toHaveText('21')
  await page.getByTestId('notification-bell').click()
  const list = page.getByTestId('notification-list')
  const received = list.getByRole('menuitem').filter({ hasText: 'Money received' })
  await expect(received).toHaveCount(20)
  await expect(received.first()).toContainText('You received ₦1,234.00 from Ada Obi')
  await list.getByRole('menuitem', { name: 'Show older' }).scrollIntoViewIfNeeded()
  await shoot(page, testInfo, 'notification-show-older')
  await list.getByRole('menuitem', { name: 'Show older' }).click()
  await expect(received).toHaveCount(21)
  await expect(list.getByRole('menuitem', { name: 'Show older' })).toBeHidden()
  await expect(received.last()).toContainText('You received ₦1.00 from Ada Obi')
})
