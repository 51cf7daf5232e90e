import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { disputePageSchema } from '#shared/schemas/disputes.ts'
import { type Transaction, transactionSchema } from '#shared/schemas/transactions.ts'
import { catalog } from './catalogs.ts'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletIn,
} from './fixtures.ts'

/**
 * A customer reports a problem with a transaction (docs/disputes.md, docs/screens.md "Report a
 * problem" and "My reports"): from its details, seen as "Reported" in the history and in My
 * reports; "I did not make this payment" offers to freeze the account once the report is in; and
 * the same in Hausa.
 */

/** A bank transfer through the API: the payment a customer later says never arrived. */
async function bankTransferByApi(page: Page): Promise<Transaction> {
  await addFundsByApi(page, 'NGN', '20000.00')
  const ngn = await walletIn(page, 'NGN')
  const response = await page.request.post('/api/send-money/bank', {
    data: {
      fromWalletId: ngn.id,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'Adaeze Okafor',
      amount: '2500.00',
      description: 'School fees',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
  return transactionSchema.parse(await response.json())
}

test('a bank transfer reported as not received shows as reported in the history and in My reports', async ({
  page,
  signUp,
}) => {
  await signUp()
  const transfer = await bankTransferByApi(page)

  await page.goto(`/transactions/${transfer.id}`)
  await expect(page.getByTestId('details-title')).toBeVisible()
  await page.getByTestId('report-problem').click()
  const sheet = page.getByRole('dialog', { name: 'Report a problem' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('radio')).toHaveCount(6)
  // Sending with no reason says what is missing, beside the reasons.
  await sheet.getByRole('button', { name: 'Send report' }).click()
  await expect(sheet.getByRole('alert')).toHaveText('Choose what went wrong')
  await sheet.getByRole('radio', { name: /The recipient did not get it/ }).check()
  const words = sheet.getByLabel('A few words (optional)')
  await words.fill('My school says the fees never came.')
  await expect(sheet.getByText('35/500')).toBeVisible()
  await sheet.getByRole('button', { name: 'Send report' }).click()

  const sent = page.getByRole('dialog', { name: 'Report sent' })
  await expect(sent.getByTestId('report-sent')).toBeVisible()
  const reference = (await sent.getByTestId('report-reference').textContent()) ?? ''
  expect(reference).toMatch(/^DSP-[0-9A-Z]{8}$/)
  await expect(sent.getByTestId('dispute-status')).toHaveText('Open')
  await expectNoHorizontalOverflow(page)
  await sent.getByRole('button', { name: 'Done' }).click()

  // The details now show the report instead of a second "Report a problem".
  const mark = page.getByTestId('transaction-report')
  await expect(mark).toContainText('You reported a problem with this transaction')
  await expect(mark).toContainText(reference)
  await expect(page.getByTestId('report-problem')).toHaveCount(0)
  await expect(page.getByTestId('transaction-reported')).toHaveText('Reported')

  // The history row says so.
  await page.goto('/transactions')
  const row = page.getByTestId('transaction-row').filter({ hasText: transfer.reference })
  await expect(row.getByTestId('transaction-reported')).toHaveText('Reported')
  await expect(page.getByTestId('transaction-reported')).toHaveCount(1)

  // My reports, from the profile, lists it and leads to the transaction.
  await page.goto('/profile')
  await page.getByRole('link', { name: /My reports/ }).click()
  await expect(page).toHaveURL('/disputes')
  await expect(page.getByRole('heading', { name: 'My reports', level: 1 })).toBeVisible()
  const item = page.getByTestId('dispute-item')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText('The recipient did not get it')
  await expect(item.getByTestId('dispute-reference')).toHaveText(reference)
  await expect(item.getByTestId('dispute-status')).toHaveText('Open')
  await expect(item).toContainText('My school says the fees never came.')
  await expectNoHorizontalOverflow(page)

  await item.getByRole('link', { name: 'See report' }).click()
  await expect(page.getByTestId('dispute-step')).toHaveCount(1)
  await expect(page.getByTestId('dispute-step')).toContainText('Report received')
  await page.getByTestId('dispute-transaction').getByRole('link').click()
  await expect(page).toHaveURL(`/transactions/${transfer.id}`)
})

test('"I did not make this payment" sends the report first, then offers to freeze the account', async ({
  page,
  signUp,
}) => {
  const user = await signUp()
  const transfer = await bankTransferByApi(page)

  await page.goto(`/transactions/${transfer.id}`)
  await page.getByTestId('report-problem').click()
  const sheet = page.getByRole('dialog', { name: 'Report a problem' })
  await sheet.getByRole('radio', { name: /I did not make this payment/ }).check()
  await expect(sheet.getByTestId('unauthorised-note')).toContainText(
    'you can freeze your account at once',
  )
  await sheet.getByRole('button', { name: 'Send report' }).click()

  const offer = page.getByTestId('freeze-offer')
  await expect(offer).toContainText('Freeze your account now?')
  await expect(offer).toContainText('signs you out everywhere')
  // The report is in before anything is frozen.
  const reports = disputePageSchema.parse(await (await page.request.get('/api/disputes')).json())
  expect(reports.items.map((item) => [item.reason, item.transactionId])).toEqual([
    ['unauthorised', transfer.id],
  ])
  await expectNoHorizontalOverflow(page)

  await offer.getByRole('button', { name: 'Freeze my account' }).click()
  await expect(page).toHaveURL('/sign-in')
  await expect(page.getByText('Your account is frozen', { exact: true })).toBeVisible()
  expect((await page.request.get('/api/auth/user')).status()).toBe(401)

  // Signing in to look still works: the report is there, the account frozen.
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const me: unknown = await (await page.request.get('/api/auth/user')).json()
  expect(me).toMatchObject({ frozenAt: expect.any(String) })
  await page.goto('/disputes')
  await expect(page.getByTestId('dispute-item')).toContainText('I did not make this payment')
})

test.describe('in Hausa', () => {
  test.use({ locale: 'ha-NG' })
  test.skip(({ isMobile }) => !isMobile, 'a phone-sized walk is enough')

  test('a report is made and followed in Hausa', async ({ page, signUp }) => {
    const [words, status] = await Promise.all([
      catalog('ha', 'disputes'),
      catalog('ha', 'disputeStatus'),
    ])
    await signUp({ firstName: 'Amina' })
    const transfer = await bankTransferByApi(page)

    await page.goto(`/transactions/${transfer.id}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha')
    await page.getByRole('button', { name: words.reportProblem }).click()
    const sheet = page.getByRole('dialog', { name: words.reportTitle })
    await expect(sheet.getByText(words.reasonLegend ?? '')).toBeVisible()
    await sheet.getByRole('radio', { name: new RegExp(words.reasonNotReceived ?? '') }).check()
    await sheet.getByLabel(words.detailsLabel ?? '').fill('Makaranta ba ta karɓi kuɗin ba.')
    await sheet.getByRole('button', { name: words.submit }).click()

    const sent = page.getByRole('dialog', { name: words.sentTitle })
    await expect(sent.getByTestId('report-reference')).toHaveText(/^DSP-/)
    await expect(sent.getByTestId('dispute-status')).toHaveText(status.statusOpen ?? '')
    await sent.getByRole('link', { name: words.myReports }).click()

    await expect(page).toHaveURL('/disputes')
    await expect(page.getByRole('heading', { name: words.pageTitle, level: 1 })).toBeVisible()
    const item = page.getByTestId('dispute-item')
    await expect(item).toContainText(words.reasonNotReceived ?? '')
    await expect(item.getByTestId('dispute-status')).toHaveText(status.statusOpen ?? '')
    await expectNoHorizontalOverflow(page)

    await page.goto('/transactions')
    await expect(page.getByTestId('transaction-reported')).toHaveText(status.reported ?? '')
  })
})
