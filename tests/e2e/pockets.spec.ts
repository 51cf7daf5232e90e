import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import { pocketListSchema, pocketSchema } from '#shared/schemas/pockets.ts'
import { catalog } from './catalogs.ts'
import {
  addFundsByApi,
  confirmWithPin,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
  walletIn,
} from './fixtures.ts'
import { signUpElsewhere } from './payment-helpers.ts'

/**
 * Savings pockets as a person uses them (docs/pockets.md): one opened from the dashboard's
 * "Saved", with a target, a lock and round-ups; money saved into it without a PIN; taking it out
 * refused while locked; a payment rounded up into it; an auto-save set up with the PIN; and the
 * same screens in Hausa on a 360 px phone with long amounts.
 */

const SHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

async function pocketsByApi(page: Page) {
  const response = await page.request.get('/api/pockets')
  expect(response.status()).toBe(200)
  return pocketListSchema.parse(await response.json())
}

test('a locked pocket with round-ups is opened from the dashboard, filled, rounded up and auto-saved into', async ({
  page,
  browser,
  baseURL,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '50000.00')
  const friend = await signUpElsewhere(browser, page, baseURL, { firstName: 'Kemi' })
  const lockDay = addDays(lagosDay(new Date()), 30)

  await page.goto('/')
  const saved = page.getByTestId('saved-card')
  await expect(saved).toContainText('Saved')
  await saved.getByRole('link', { name: 'Start saving' }).click()
  await expect(page.getByTestId('pockets-empty')).toBeVisible()

  await page.getByRole('button', { name: 'New pocket' }).click()
  const form = page.getByRole('dialog', { name: 'New savings pocket' })
  // A name is needed.
  await form.getByRole('button', { name: 'Create pocket' }).click()
  await expect(form.getByText('Give the pocket a name')).toBeVisible()
  await form.getByLabel('Name').fill('School fees')
  await form.getByLabel('Target amount (optional)').fill('100000')
  await form.getByLabel('Lock until (optional)').fill(lockDay)
  await form.getByRole('switch', { name: 'Round up my payments' }).click()
  await expectNoHorizontalOverflow(page)
  await shoot(page, `pocket-new-${page.viewportSize()?.width}`)
  await form.getByRole('button', { name: 'Create pocket' }).click()

  const pocket = page.getByTestId('pocket')
  await expect(pocket).toHaveCount(1)
  await expect(pocket.getByTestId('pocket-balance')).toHaveText('₦0.00')
  await expect(pocket.getByTestId('pocket-lock')).toContainText('Locked until')
  await expect(pocket.getByTestId('pocket-progress')).toHaveText('0% of ₦100,000.00')
  await expect(pocket.getByRole('switch', { name: 'Round up my payments' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expect(pocket.getByRole('button', { name: 'Take out' })).toBeDisabled()

  // Saving needs no PIN: the money stays the user's.
  await pocket.getByRole('button', { name: 'Add money' }).click()
  const add = page.getByRole('dialog', { name: 'Add money to School fees' })
  await add.getByLabel('Amount').fill('25000.50')
  await add.getByRole('button', { name: 'Review' }).click()
  const review = page.getByTestId('review-sheet')
  await expect(review.getByRole('heading', { name: 'Add to School fees' })).toBeVisible()
  await expect(review).toContainText('Free')
  await review.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(pocket.getByTestId('pocket-balance')).toHaveText('₦25,000.50')
  await expect(pocket.getByTestId('pocket-progress')).toHaveText('25% of ₦100,000.00')
  expect(await walletBalance(page, 'NGN')).toBe('24999.50')

  // A payment of ₦2,340.00 rounds up by ₦60.00 into the pocket, once.
  const ngn = await walletIn(page, 'NGN')
  const paid = await page.request.post('/api/send-money/sabi-user', {
    data: {
      fromWalletId: ngn.id,
      recipientUserId: friend.user.id,
      amount: '2340.00',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(paid.status()).toBe(201)
  await expect
    .poll(async () => (await pocketsByApi(page)).items[0]?.balance, { timeout: 30_000 })
    .toBe('25060.50')
  await page.reload()
  await expect(page.getByTestId('pocket-balance')).toHaveText('₦25,060.50')
  await expectNoHorizontalOverflow(page)
  await shoot(page, `pocket-list-${page.viewportSize()?.width}`)

  // Taking money out before the lock's day is refused by the server too.
  const pocketId = (await pocketsByApi(page)).items[0]?.id ?? ''
  const early = await page.request.post(`/api/pockets/${pocketId}/withdraw`, {
    data: { amount: '1.00' },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(early.status()).toBe(409)
  expect(await early.json()).toMatchObject({ code: 'POCKET_LOCKED', lockedUntil: lockDay })

  // Auto-save on a schedule, confirmed with the PIN.
  await page.getByRole('button', { name: 'Auto-save' }).click()
  const autoSave = page.getByRole('dialog', { name: 'Auto-save into School fees' })
  await autoSave.getByLabel('Amount').fill('1000')
  await autoSave.getByLabel('First transfer on').fill(addDays(lagosDay(new Date()), 1))
  await autoSave.getByRole('button', { name: 'Review schedule' }).click()
  await confirmWithPin(page)
  await expect(page).toHaveURL(/\/scheduled-transfers\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('schedule-details').getByTestId('schedule-payee')).toHaveText(
    'School fees',
  )

  await page.goto('/')
  await expect(page.getByTestId('saved-totals')).toHaveText('₦25,060.50')
  await shoot(page, `pocket-dashboard-${page.viewportSize()?.width}`)
  await friend.close()
})

test.describe('in Hausa on a 360 px phone', () => {
  test.use({ locale: 'ha-NG', viewport: { width: 360, height: 740 } })

  test('a pocket with a long target reads whole on the pockets page and the dashboard', async ({
    page,
    signUp,
  }) => {
    const texts = await catalog('ha', 'pockets')
    await signUp()
    await addFundsByApi(page, 'NGN', '999999.99')
    const made = await page.request.post('/api/pockets', {
      data: {
        name: 'Kuɗin makarantar yara duka',
        currency: 'NGN',
        targetAmount: '987654321.99',
        lockedUntil: addDays(lagosDay(new Date()), 400),
      },
    })
    expect(made.status()).toBe(201)
    const pocket = pocketSchema.parse(await made.json())
    const moved = await page.request.post(`/api/pockets/${pocket.id}/deposit`, {
      data: { amount: '999999.99' },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(moved.status()).toBe(201)

    await page.goto('/pockets')
    await expect(page.getByRole('heading', { name: texts.pageTitle, level: 1 })).toBeVisible()
    await expect(page.getByTestId('pocket-balance')).toHaveText('₦999,999.99')
    await expect(page.getByRole('button', { name: texts.addMoney })).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'pocket-list-ha-360')
    await page.goto('/')
    await expect(page.getByTestId('saved-totals')).toHaveText('₦999,999.99')
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'pocket-dashboard-ha-360')
  })
})
