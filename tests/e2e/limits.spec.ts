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
  newSouthAfricanIdNumber,
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

test('a South African verifies with their 13-digit ID number, which the limits page names', async ({
  page,
  signUp,
}) => {
  await signUp({ firstName: 'Thandiwe', lastName: 'Nkosi', country: 'ZA' }, { tier: 1 })
  await page.goto('/limits')
  await expect(page.getByTestId('tier-2')).toContainText(
    'South African ID number (13 digits) verified',
  )
  await page.getByRole('button', { name: 'Verify your South African ID number' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complete verification' })
  await expect(dialog).toContainText('Confirm your identity with your 13-digit South African ID')
  // No BVN or NIN to choose: the country takes its own ID.
  await expect(dialog.getByRole('radio')).toHaveCount(0)
  const number = dialog.getByLabel('Your 13-digit South African ID number')
  const idNumber = newSouthAfricanIdNumber()
  // One digit off fails the ID number's check digit, before the registry is asked.
  await number.fill(`${idNumber.slice(0, 12)}${(Number(idNumber.slice(-1)) + 1) % 10}`)
  await dialog.getByLabel('Date of birth').fill('1990-07-21')
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(
    dialog.getByText('Check your South African ID number: it has 13 digits, as printed on your ID'),
  ).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await number.fill(idNumber)
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('limits-tier')).toHaveText('Tier 2 · Verified')
})

test('a Kenyan is asked for their national ID number', async ({ page, signUp }) => {
  await signUp({ country: 'KE' }, { tier: 1 })
  await page.goto('/limits')
  await expect(page.getByTestId('tier-2')).toContainText('Kenyan national ID number verified')
  await page.getByRole('button', { name: 'Verify your Kenyan national ID' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complete verification' })
  await expect(dialog.getByLabel('Your Kenyan national ID number')).toHaveAttribute(
    'maxlength',
    '9',
  )
})

test('a tier-3 document the registry cannot check shows as in review, not as tier 3', async ({
  page,
  signUp,
}) => {
  await signUp({}, { tier: 2 })
  await page.goto('/limits')
  // The sandbox checks documents at once; a server whose registry cannot (Smile ID) answers
  // in_review (tests/api/smile-id.test.ts), which is what this answer stands for.
  let inReview = false
  await page.route('**/api/kyc/tier-3', async (route) => {
    const limits = await (await page.request.get('/api/limits')).json()
    const documentReview = { documentType: 'passport', submittedAt: new Date().toISOString() }
    inReview = true
    await route.fulfill({
      json: { status: 'in_review', failureReason: null, limits: { ...limits, documentReview } },
    })
  })
  await page.route('**/api/limits', async (route) => {
    const response = await route.fetch()
    const limits = await response.json()
    const documentReview = inReview
      ? { documentType: 'passport', submittedAt: new Date().toISOString() }
      : null
    await route.fulfill({ response, json: { ...limits, documentReview } })
  })
  await page.getByRole('button', { name: 'Verify a document and address' }).click()
  const dialog = page.getByRole('dialog', { name: 'Verify for tier 3' })
  await dialog.getByLabel('Document number').fill(`A${newDocumentDigits()}`)
  await dialog.getByLabel('Street address').fill('4 Adeola Odeku Street')
  await dialog.getByLabel('City').fill('Lagos')
  await dialog.getByLabel('State').fill('Lagos')
  await dialog.getByRole('button', { name: 'Verify' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Document sent for review', { exact: true })).toBeVisible()
  await expect(page.getByTestId('tier3-in-review')).toHaveText(
    'Your document is with our compliance team for review. You move up to tier 3 once it is approved.',
  )
  await expect(page.getByTestId('limits-tier')).toHaveText('Tier 2 · Verified')
  await expect(page.getByRole('button', { name: 'Verify a document and address' })).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('tier3-in-review')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: test.info().outputPath('tier-3-in-review.png') })
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
