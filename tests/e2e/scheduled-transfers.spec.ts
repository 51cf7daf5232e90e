import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { addDays, lagosDay, lagosMoment } from '#shared/lagos-time.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
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
 * Scheduled transfers as a person sets them up and sees them run (docs/scheduled-transfers.md):
 * a monthly transfer from the Sabi transfer form, confirmed with the PIN, run by moving the
 * scheduler's clock (the sandbox's run-as-of call, never by waiting), then paused, resumed and
 * deleted; and "Repeat this" from a completed transfer's details.
 */

const SHOTS = process.env.E2E_SCREENSHOTS

/** Runs the signed-in user's due schedules as if it were `at` (sandbox mode only). */
async function runSchedulesAt(page: Page, at: Date) {
  const response = await page.request.post('/api/sandbox/scheduled-transfers/run', {
    data: { at: at.toISOString() },
  })
  expect(response.status(), await response.text()).toBe(200)
  return response.json()
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

test('a monthly transfer is set up with the PIN, runs on its day, and can be paused, resumed and deleted', async ({
  page,
  browser,
  baseURL,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '1000000.00')
  const friend = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Ngozi',
    lastName: 'Adeyemi-Okonkwo',
  })
  const start = lagosDay(new Date())

  await page.goto(`/sabi-transfer?to=${friend.user.id}&schedule=1`)
  await expect(page.getByTestId('selected-recipient-name')).toHaveText('Ngozi Adeyemi-Okonkwo')
  await page.getByLabel('Amount').fill('250000.50')
  const schedule = page.getByTestId('schedule-fields')
  await expect(schedule.getByRole('radio', { name: /Schedule or repeat/ })).toBeChecked()
  await expect(schedule.getByRole('combobox', { name: 'How often' })).toContainText('Every month')
  await schedule.getByLabel('First transfer on').fill(start)
  await expect(page.getByTestId('schedule-summary')).toContainText(
    `Every month on day ${Number(start.slice(8, 10))}`,
  )
  await expect(page.getByTestId('schedule-summary')).toContainText('08:00 Lagos time')
  await expectNoHorizontalOverflow(page)
  await shoot(page, `schedule-form-${page.viewportSize()?.width}`)
  await page.getByRole('button', { name: 'Review schedule' }).click()

  const review = page.getByTestId('review-sheet')
  await expect(review.getByRole('heading', { name: 'Review scheduled transfer' })).toBeVisible()
  await expect(review).toContainText('How often')
  await expect(review).toContainText('Until you stop it')
  await expect(review).toContainText('authorises Sabi to make this transfer on each date')
  await shoot(page, `schedule-review-${page.viewportSize()?.width}`)
  await confirmWithPin(page)

  // Nothing has moved yet: the schedule's own page opens.
  await expect(page).toHaveURL(/\/scheduled-transfers\/[0-9a-f-]{36}$/)
  const details = page.getByTestId('schedule-details')
  await expect(details.getByTestId('schedule-status')).toHaveText('Active')
  await expect(details.getByTestId('schedule-payee')).toHaveText('Ngozi Adeyemi-Okonkwo')
  await expect(page.getByTestId('schedule-authorisation')).toContainText(
    'You authorised this with your PIN',
  )
  await expect(page.getByText('Nothing has run yet.')).toBeVisible()
  expect(await walletBalance(page, 'NGN')).toBe('1000000.00')

  // 08:01 on its day, by the scheduler's clock.
  expect(
    await runSchedulesAt(page, new Date(lagosMoment(start, 8).getTime() + 60_000)),
  ).toMatchObject({ completed: 1 })
  await page.reload()
  const run = page.getByTestId('schedule-run')
  await expect(run).toHaveCount(1)
  await expect(run).toContainText('Sent')
  await expect(page.getByTestId('schedule-next-transfer')).not.toContainText(
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${start}T00:00:00Z`)),
  )
  expect(await walletBalance(page, 'NGN')).toBe('749999.50')
  expect(await walletBalance(friend.page, 'NGN')).toBe('250000.50')
  await expectNoHorizontalOverflow(page)
  await shoot(page, `schedule-details-${page.viewportSize()?.width}`)

  // The transfer it made says which schedule it belongs to.
  await run.getByRole('link', { name: 'See transfer' }).click()
  await expect(page.getByTestId('details-amount')).toContainText('250,000.50')
  await page.getByRole('link', { name: 'Part of a scheduled transfer' }).click()
  await expect(page.getByTestId('schedule-details')).toBeVisible()

  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByTestId('schedule-details').getByTestId('schedule-status')).toHaveText(
    'Paused',
  )
  // Paused, its next day passes with nothing sent.
  await runSchedulesAt(page, lagosMoment(addDays(start, 40), 9))
  expect(await walletBalance(friend.page, 'NGN')).toBe('250000.50')
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(page.getByTestId('schedule-details').getByTestId('schedule-status')).toHaveText(
    'Active',
  )

  await page.goto('/scheduled-transfers')
  await expect(page.getByTestId('schedule-item')).toHaveCount(1)
  await expect(page.getByTestId('schedule-amount')).toHaveText('₦250,000.50')
  await expectNoHorizontalOverflow(page)
  await shoot(page, `schedule-list-${page.viewportSize()?.width}`)
  await page.getByRole('link', { name: 'See details' }).click()
  await page.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this scheduled transfer?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/scheduled-transfers$/)
  await expect(page.getByTestId('schedules-empty')).toBeVisible()
  await friend.close()
})

test('"Repeat this" on a completed transfer opens the form filled in, on a schedule', async ({
  page,
  browser,
  baseURL,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '5000.00')
  const friend = await signUpElsewhere(browser, page, baseURL, { firstName: 'Bisi' })
  const ngn = await walletIn(page, 'NGN')
  const sent = await page.request.post('/api/send-money/sabi-user', {
    data: {
      fromWalletId: ngn.id,
      recipientUserId: friend.user.id,
      amount: '1200.00',
      description: 'Rent share',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status()).toBe(201)
  const transfer = transactionSchema.parse(await sent.json())

  await page.goto(`/transactions/${transfer.id}`)
  await page.getByRole('link', { name: 'Repeat this' }).click()
  await expect(page).toHaveURL(/\/sabi-transfer\?/)
  await expect(page.getByTestId('selected-recipient-name')).toContainText('Bisi')
  await expect(page.getByLabel('Amount')).toHaveValue('1200.00')
  await expect(page.getByLabel('Description (optional)')).toHaveValue('Rent share')
  await expect(
    page.getByTestId('schedule-fields').getByRole('radio', { name: /Schedule or repeat/ }),
  ).toBeChecked()
  await page
    .getByTestId('schedule-fields')
    .getByLabel('First transfer on')
    .fill(addDays(lagosDay(new Date()), 7))
  await page.getByRole('button', { name: 'Review schedule' }).click()
  await confirmWithPin(page)
  await expect(page.getByTestId('schedule-details').getByTestId('schedule-status')).toHaveText(
    'Active',
  )
  await friend.close()
})

test.describe('in Hausa on a 360 px phone', () => {
  test.use({ locale: 'ha-NG', viewport: { width: 360, height: 740 } })

  test('a weekly bank schedule with a long amount reads whole, in Hausa, from form to details', async ({
    page,
    signUp,
  }) => {
    const schedule = await catalog('ha', 'schedule')
    const scheduled = await catalog('ha', 'scheduledTransfers')
    // No money yet: a schedule needs it on its day, not now.
    await signUp()
    const start = addDays(lagosDay(new Date()), 2)

    await page.goto(
      '/bank-transfer?bank=058&account=1000001234&name=Ngozi%20Eze&amount=987654321.99&schedule=1',
    )
    const fields = page.getByTestId('schedule-fields')
    await expect(
      fields.getByRole('radio', { name: new RegExp(schedule.later ?? '') }),
    ).toBeChecked()
    await fields.getByRole('combobox', { name: schedule.howOften }).click()
    await page.getByRole('option', { name: schedule.weekly }).click()
    await fields.getByLabel(schedule.startDate ?? '').fill(start)
    await expect(page.getByTestId('schedule-summary')).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'schedule-bank-form-ha-360')
    await page.getByRole('button', { name: schedule.submitSchedule }).click()
    const review = page.getByTestId('review-sheet')
    await expect(review.getByRole('heading', { name: schedule.reviewScheduleTitle })).toBeVisible()
    await expect(review).toContainText(schedule.reviewHowOften ?? '')
    await shoot(page, 'schedule-bank-review-ha-360')
    await review.getByRole('button').last().click()
    await page.getByRole('textbox').last().fill(E2E_PIN)

    const details = page.getByTestId('schedule-details')
    await expect(details.getByTestId('schedule-status')).toHaveText(scheduled.statusActive ?? '')
    await expect(details).toContainText('987,654,321.99')
    await expect(details.getByTestId('schedule-payee')).toBeVisible()
    await expect(page.getByRole('heading', { name: scheduled.runsTitle })).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'schedule-details-ha-360')

    await page.goto('/scheduled-transfers')
    await expect(page.getByRole('heading', { name: scheduled.pageTitle, level: 1 })).toBeVisible()
    await expect(page.getByTestId('schedule-amount')).toHaveText('₦987,654,321.99')
    await expectNoHorizontalOverflow(page)
    await shoot(page, 'schedule-list-ha-360')
  })
})
