import { randomBytes, randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  addFundsByApi,
  expect,
  newUserDetails,
  setPinByApi,
  test,
  walletBalance,
} from './fixtures.ts'
import { signUpElsewhere } from './payment-helpers.ts'

// A Nigerian on a cheap phone (issue "Sabi in its users' own currency"): the money they hold is
// what the app opens on, and a payment the wallet cannot cover stops before the PIN.
test.use({ viewport: { width: 360, height: 740 } })

/** A Nigerian mobile number nobody else in the run has, written as people write it. */
function nigerianNumber(): string {
  return `+234 803 ${String(randomInt(100, 1000))} ${String(randomInt(1000, 10_000))}`
}

async function signUpOnScreen(page: Page, fill: (page: Page) => Promise<void>) {
  const details = newUserDetails()
  await page.goto('/sign-up')
  await page.getByLabel('First name').fill(details.firstName)
  await page.getByLabel('Last name').fill(details.lastName)
  await page.getByLabel('Username').fill(details.username)
  await fill(page)
  await page.getByLabel('Password', { exact: true }).fill(details.password)
  return details
}

test('a Nigerian number signs up in naira: headline, forms, Exchange and Settings', async ({
  page,
}) => {
  const details = await signUpOnScreen(page, async (form) => {
    await form.getByLabel('Phone number').fill(nigerianNumber())
  })
  const country = page.getByLabel('Country')
  await expect(country).toHaveValue('NG')
  await expect(page.getByText('Your main wallet and your balance will be in NGN.')).toBeVisible()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.getByRole('button', { name: 'Verify later' }).click()
  await expect(page.getByTestId('balance-currency')).toHaveText('NGN')
  await setPinByApi(page, '2580', details.password)
  await addFundsByApi(page, 'NGN', '50000.00')
  await page.reload()
  await expect(page.getByTestId('balance-amount')).toHaveText('₦50,000.00')

  for (const [path, label] of [
    ['/bank-transfer', 'From wallet'],
    ['/receive-money', 'Receive into'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('combobox', { name: label })).toContainText('NGN')
  }
  await page.goto('/exchange')
  await expect(page.getByRole('button', { name: /^Exchange NGN to USD/ })).toBeVisible()
  await page.goto('/settings')
  await expect(page.getByRole('combobox', { name: 'Currency display' })).toContainText('NGN')
})

test('the country chosen wins over the browser, and elsewhere opens dollars', async ({ page }) => {
  await signUpOnScreen(page, async (form) => {
    await form.getByLabel('Email').fill(`e2e_${randomBytes(4).toString('hex')}@example.com`)
  })
  // The browser says en-US: "elsewhere", with dollars.
  const country = page.getByLabel('Country')
  await expect(country).toHaveValue('elsewhere')
  await expect(page.getByText('Your main wallet and your balance will be in USD.')).toBeVisible()
  await country.selectOption('KE')
  await expect(page.getByText('Your main wallet and your balance will be in KES.')).toBeVisible()
  const signedUp = page.waitForResponse('**/api/auth/signup')
  await page.getByRole('button', { name: 'Create Account' }).click()
  expect((await signedUp).status()).toBe(201)
  await expect(page.getByTestId('balance-currency')).toHaveText('KES')
})

test.describe('a payment the wallet cannot cover stops before the PIN', () => {
  test('Sabi transfer: the shortfall under the amount, and Send disabled', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp({ country: 'NG' })
    const other = await signUpElsewhere(browser, page, baseURL, {
      lastName: `Short${randomBytes(3).toString('hex')}`,
    })
    await addFundsByApi(page, 'NGN', '1000.00')
    await page.goto('/sabi-transfer')
    await page.getByLabel('Find a Sabi user').fill(other.user.lastName)
    await page.getByRole('button', { name: new RegExp(other.user.lastName) }).click()
    // The naira wallet, the one with the money, is chosen already.
    await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('NGN')
    await page.getByLabel('Amount').fill('3963.41')
    await expect(page.getByText('This is more than your balance of ₦1,000.00.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send Money' })).toBeDisabled()
    await page.getByLabel('Amount').fill('1000')
    await expect(page.getByRole('button', { name: 'Send Money' })).toBeEnabled()
    expect(await walletBalance(page, 'NGN')).toBe('1000.00')
    await other.close()
  })

  test('Buy crypto from a wallet: the review names the shortfall and Confirm is disabled', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await addFundsByApi(page, 'USD', '10.00')
    await page.goto('/crypto-purchase')
    await page.getByTestId('crypto-option-BTC').click()
    await page.getByLabel('Amount (USD)').fill('50')
    await page.getByRole('button', { name: 'Buy BTC' }).click()
    const review = page.getByTestId('review-sheet')
    await expect(review.getByTestId('shortfall-warning')).toContainText(
      'This payment takes $50.00 and your wallet holds $10.00: you need $40.00 more.',
    )
    await expect(review.getByRole('button', { name: 'Confirm and enter PIN' })).toBeDisabled()
    await expect(page.getByTestId('pin-step')).toHaveCount(0)
    expect(await walletBalance(page, 'USD')).toBe('10.00')
  })
})
