import type { Page } from '@playwright/test'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  enterPin,
  expect,
  expectNoHorizontalOverflow,
  newDocumentDigits,
  newIdentityNumber,
  test,
  walletBalance,
} from './fixtures.ts'
import { requestPaymentByApi, signUpElsewhere } from './payment-helpers.ts'

async function startTransfer(
  page: Page,
  user: { firstName: string; lastName: string },
  amount: string,
) {
  await page.goto('/sabi-transfer')
  await page.getByLabel('Find a Sabi user').fill(user.lastName.slice(-7))
  await page.getByRole('button', { name: new RegExp(`${user.firstName} ${user.lastName}`) }).click()
  await page.getByRole('combobox', { name: 'From wallet' }).click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Amount').fill(amount)
  await page.getByRole('button', { name: 'Send Money' }).click()
  return page.getByTestId('review-sheet')
}

test('a tier-1 user sees their limits, is warned at review, goes up to tier 2 and sends more', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Halima', lastName: 'Bello' }, { tier: 1 })
  await addFundsByApi(page, 'NGN', '120000.00')
  const friend = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Emeka',
    lastName: `Nwosu${Date.now().toString().slice(-5)}`,
  })

  await page.goto('/limits')
  await expect(page).toHaveTitle('Limits · Sabi')
  await expect(page.getByTestId('limits-tier')).toHaveText('Tier 1 · Starter')
  await expect(page.getByTestId('limits-daily-used')).toHaveText('₦0.00 of ₦50,000.00')
  await expect(page.getByTestId('limits-balance')).toHaveText('₦120,000.00 of ₦300,000.00')
  await expect(page.getByTestId('limits-single')).toHaveText('₦50,000.00')
  await expect(page.getByRole('progressbar', { name: 'Balance held' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  )
  await expect(page.getByTestId('tier-1')).toHaveAttribute('aria-current', 'step')
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: test.info().outputPath('limits-tier-1.png'), fullPage: true })

  // Over the single-payment limit: the review says so before the PIN, and Confirm is off.
  let review = await startTransfer(page, friend.user, '55000')
  const warning = review.getByTestId('limit-warning')
  await expect(warning).toContainText(
    'The most you can send in one payment on your current tier is ₦50,000.00',
  )
  await expect(review.getByRole('button', { name: 'Confirm and enter PIN' })).toBeDisabled()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: test.info().outputPath('limits-warning.png') })
  await warning.getByRole('link', { name: 'See your limits and how to raise them' }).click()
  await expect(page).toHaveURL('/limits')

  // Up to tier 2 with a BVN, from the limits page.
  await page.getByRole('button', { name: 'Verify your BVN or NIN' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complete verification' })
  await dialog.getByLabel('Your 11-digit BVN').fill(newIdentityNumber())
  await expect(dialog.getByLabel('Legal first name')).toHaveValue('Halima')
  await expect(dialog.getByLabel('Legal last name')).toHaveValue('Bello')
  await dialog.getByLabel('Date of birth').fill('1988-11-02')
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('limits-tier')).toHaveText('Tier 2 · Verified')
  await expect(page.getByTestId('limits-daily-used')).toHaveText('₦0.00 of ₦200,000.00')
  await expect(page.getByRole('button', { name: 'Verify a document and address' })).toBeVisible()

  // The same payment now goes through.
  review = await startTransfer(page, friend.user, '55000')
  await expect(review.getByTestId('review-recipient')).toContainText('Emeka')
  await expect(review.getByRole('button', { name: 'Confirm and enter PIN' })).toBeEnabled()
  await expect(review.getByTestId('limit-warning')).toHaveCount(0)
  await review.getByRole('button', { name: 'Confirm and enter PIN' }).click()
  await enterPin(page)
  await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()
  await closeReceipt(page)
  expect(await walletBalance(page, 'NGN')).toBe('65000.00')

  await page.goto('/limits')
  await expect(page.getByTestId('limits-daily-used')).toHaveText('₦55,000.00 of ₦200,000.00')
  await expect(page.getByTestId('limits-daily-remaining')).toContainText('₦145,000.00 left today')
  await friend.close()
})

test('tier 3 with a document and address: a wrong number is explained, a good one lifts the cap', async ({
  page,
  signUp,
}) => {
  await signUp({}, { tier: 2 })
  await page.goto('/profile')
  await expect(page.getByTestId('tier-badge')).toHaveText('Tier 2')
  await expect(page.getByTestId('status-tier')).toContainText('Tier 2')
  await page.getByRole('link', { name: 'See your limits' }).click()
  await expect(page).toHaveURL('/limits')

  await page.getByRole('button', { name: 'Verify a document and address' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verify for tier 3' })
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(dialog.getByText('Street address is required')).toBeVisible()
  await dialog.getByRole('radio', { name: /Driver's licence/ }).check()
  await dialog.getByLabel('Document number').fill('LAG-12340000')
  await dialog.getByLabel('Street address').fill('4 Adeola Odeku Street')
  await dialog.getByLabel('City').fill('Lagos')
  await dialog.getByLabel('State').fill('Lagos')
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: test.info().outputPath('tier-3-form.png') })
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    "driver's licence number could not be found",
  )
  // A document backs one account only: a number no other test uses.
  await dialog.getByLabel('Document number').fill(`LAG-${newDocumentDigits()}`)
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('You are on tier 3', { exact: true })).toBeVisible()
  await expect(page.getByTestId('limits-tier')).toHaveText('Tier 3 · Fully verified')
  await expect(page.getByText('No limit on what you hold')).toBeVisible()
  await expect(page.getByText('You have the highest limits Sabi offers.')).toBeVisible()
})

test('paying a request that would take the requester over their cap says so plainly on /pay', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Bisi' }, { tier: 1 })
  await addFundsByApi(page, 'NGN', '298000.00')
  const made = await requestPaymentByApi(page, 'NGN', '5000.00', 'Ankara fabric')
  const payer = await signUpElsewhere(browser, page, baseURL, { firstName: 'Tobi' })
  await addFundsByApi(payer.page, 'NGN', '10000.00')

  await payer.page.goto(made.link)
  await payer.page.getByRole('button', { name: 'Pay ₦5,000.00' }).click()
  await confirmWithPin(payer.page)
  await expect(payer.page.getByTestId('pay-refused')).toHaveText(
    'The recipient cannot receive this amount: it would take their account over its limit',
  )
  await expect(payer.page.getByTestId('pay-refused')).not.toContainText('298,000')
  expect(await walletBalance(payer.page, 'NGN')).toBe('10000.00')
  expect(await walletBalance(page, 'NGN')).toBe('298000.00')
  await payer.page.screenshot({ path: test.info().outputPath('pay-refused.png') })
  await payer.close()
})

test.describe('at 360x740', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the limits page shows every figure without spilling sideways', async ({ page, signUp }) => {
    await signUp({}, { tier: 1 })
    await addFundsByApi(page, 'NGN', '299999.99')
    await page.goto('/limits')
    await expect(page.getByTestId('limits-balance')).toHaveText('₦299,999.99 of ₦300,000.00')
    await expect(page.getByText('You can receive ₦0.01 more')).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await page.screenshot({ path: test.info().outputPath('limits-360.png'), fullPage: true })

    // The verification dialog, its messages showing, fits the screen too.
    await page.getByRole('button', { name: 'Verify your BVN or NIN' }).click()
    const dialog = page.getByRole('dialog', { name: 'Complete verification' })
    await dialog.getByLabel('Legal first name').fill('')
    await dialog.getByRole('button', { name: 'Verify identity' }).click()
    await expect(dialog.getByText('Enter your date of birth')).toBeVisible()
    const box = await dialog.boundingBox()
    expect(box?.x).toBeGreaterThanOrEqual(0)
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(360)
    expect(
      await dialog.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0)
    await expectNoHorizontalOverflow(page)
    await page.screenshot({ path: test.info().outputPath('verification-360.png') })
  })
})

test('in French, the review words the limit in French with naira written the French way, and its buttons fit', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Awa', lastName: 'Diop' }, { tier: 1 })
  await addFundsByApi(page, 'NGN', '120000.00')
  const friend = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Emeka',
    lastName: `Nwosu${Date.now().toString().slice(-5)}`,
  })
  await page.goto('/sabi-transfer')
  await page.getByRole('button', { name: 'Language: English' }).click()
  await page.getByRole('menuitemradio', { name: /Français/ }).click()
  await page.getByLabel('Trouver un utilisateur Sabi').fill(friend.user.lastName.slice(-7))
  await page.getByRole('button', { name: new RegExp(`Emeka ${friend.user.lastName}`) }).click()
  await page.getByRole('combobox', { name: 'Depuis le portefeuille' }).click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Montant').fill('55000')
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click()
  const review = page.getByTestId('review-sheet')
  const warning = review.getByTestId('limit-warning')
  await expect(warning).toContainText(/vous pouvez envoyer au maximum 50\s000,00\s₦/)
  await expect(warning).not.toContainText('current tier')
  const confirm = review.getByRole('button', { name: 'Confirmer et saisir le PIN' })
  await expect(confirm).toBeDisabled()
  // The longer French label is not cut off by its button.
  expect(await confirm.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true)
  await expectNoHorizontalOverflow(page)
})
