import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import {
  CODE,
  ENROLMENT_TOKEN,
  mockOpsApi,
  newOpsMock,
  OPERATORS,
  signInToConsole,
} from './ops-console-mocks.ts'

/**
 * The operations console (docs/operations-console.md "The console") against a stand-in for
 * `/api/ops/*` built from the shared contract (ops-console-mocks.ts): signing in, the queue and a
 * dispute, the four-eyes inbox, the audit log's paging, what each role sees, and the session
 * ending mid-way. The story through the real server is its own spec.
 */

// Chromium logs every 404 it gets, and an invalid enrolment link is one by contract.
test.use({
  allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
})

test.describe('the operations console', () => {
  test('support signs in, works the queue and proposes a refund over the threshold', async ({
    page,
  }) => {
    const mock = newOpsMock(OPERATORS.support)
    await mockOpsApi(page, mock)
    await page.goto('/ops')

    await expect(page.getByRole('heading', { name: 'Sign in to Sabi operations' })).toBeVisible()
    // A wrong code is refused in the server's words, and the form stays.
    await page.getByLabel('E-mail').fill(mock.signsInAs.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong password')
    await page.getByLabel('Authenticator code').fill(CODE)
    await page.getByLabel('Authenticator code').press('Enter')
    await expect(page.getByRole('alert')).toContainText('Wrong e-mail, password or code')

    await signInToConsole(page, mock)
    await expect(page).toHaveURL(/\/ops\/disputes$/)
    await expect(page.getByRole('heading', { name: 'Disputes queue' })).toBeVisible()
    const queue = page.getByTestId('ops-dispute-queue')
    await expect(queue).toContainText('DSP-1001')
    await expect(queue).toContainText('The recipient did not get it')
    await expect(queue).toContainText('-₦80,000.00')

    await queue.getByRole('link', { name: 'DSP-1001' }).click()
    await expect(page.getByRole('heading', { name: 'Dispute DSP-1001' })).toBeVisible()
    const transaction = page.getByTestId('ops-dispute-transaction')
    await expect(transaction).toContainText('SB-BANK-7Q2K9')
    await expect(transaction).toContainText('₦50.00')
    await expect(page.getByText('Ade Landlord')).toBeVisible()
    await expect(page.getByTestId('ops-timeline')).toContainText('Reported')

    await page.getByRole('button', { name: 'Take into review' }).click()
    await expect(page.getByTestId('ops-outcome')).toHaveText('The dispute is now in review.')
    await expect(page.getByRole('button', { name: 'Take into review' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Propose refund' }).click()
    const dialog = page.getByTestId('ops-refund-dialog')
    await expect(dialog.getByLabel('Amount (NGN)')).toHaveValue('80000.00')
    await expect(dialog).toContainText('At most ₦80,050.00')
    // The note is required, and more than the amount and its fee is refused before sending.
    await dialog.getByLabel('Amount (NGN)').fill('90000')
    await dialog.getByRole('button', { name: 'Propose refund' }).click()
    await expect(dialog).toContainText('At most ₦80,050.00')
    await expect(dialog).toContainText('Write at least 3 characters')
    await dialog.getByLabel('Amount (NGN)').fill('80000.00')
    await dialog.getByLabel('Note').fill('Bank confirms the transfer never settled')
    await dialog.getByLabel('Note').press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('ops-outcome')).toContainText('Waiting for a second operator')
    expect(mock.requests).toContainEqual({
      call: 'POST /disputes/d1/refund',
      body: { amount: '80000.00', note: 'Bank confirms the transfer never settled' },
    })
    // The dispute's own list of proposals shows it waiting too.
    await expect(page.getByText('Waiting for a second operator', { exact: true })).toBeVisible()
  })

  test('compliance approves another operator’s proposal but not their own', async ({ page }) => {
    const mock = newOpsMock(OPERATORS.compliance)
    mock.signedIn = OPERATORS.compliance
    await mockOpsApi(page, mock)
    await page.goto('/ops/approvals')

    const table = page.getByTestId('ops-approvals')
    const own = table.getByRole('row').filter({ hasText: 'Adjustment' })
    const other = table.getByRole('row').filter({ hasText: 'sade@ops.sabi.example' })
    await expect(own).toContainText('Needs another operator')
    await expect(own.getByRole('button')).toHaveCount(0)
    await expect(other).not.toContainText('Needs another operator')

    await other.getByRole('button', { name: /^Approve/ }).click()
    const dialog = page.getByTestId('ops-approve-dialog')
    await expect(dialog).toContainText('+₦80,000.00 for Tunde Bakare')
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('ops-outcome')).toContainText(
      'Done: the money moved at once (SB-REFUND-88X1).',
    )
    await expect(table.getByRole('row').filter({ hasText: 'sade@ops.sabi.example' })).toHaveCount(0)
    expect(mock.requests.map((request) => request.call)).toContain(
      'POST /approvals/pr-other/approve',
    )
  })

  test('the audit log pages to older entries and back', async ({ page }) => {
    const mock = newOpsMock(OPERATORS.admin)
    mock.signedIn = OPERATORS.admin
    await mockOpsApi(page, mock)
    await page.goto('/ops')

    await expect(page).toHaveURL(/\/ops\/operators$/)
    await page.getByRole('link', { name: 'Audit log' }).click()
    const rows = page.getByTestId('ops-audit').locator('tbody tr')
    await expect(rows).toHaveCount(50)
    await expect(page.getByTestId('ops-audit-range')).toHaveText('Entries 120 to 71')
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/ops/audit/export',
    )

    await page.getByRole('link', { name: 'Older' }).click()
    await expect(page.getByTestId('ops-audit-range')).toHaveText('Entries 70 to 21')
    await expect(page).toHaveURL(/\/ops\/audit\?before=71$/)
    await page.getByRole('link', { name: 'Older' }).click()
    await expect(page.getByTestId('ops-audit-range')).toHaveText('Entries 20 to 1')
    await expect(rows).toHaveCount(20)
    await expect(page.getByRole('link', { name: 'Older' })).toHaveCount(0)
    expect(mock.requests.map((request) => request.call)).toEqual(
      expect.arrayContaining([
        'GET /audit?limit=50',
        'GET /audit?limit=50&before=71',
        'GET /audit?limit=50&before=21',
      ]),
    )

    await page.goBack()
    await expect(page.getByTestId('ops-audit-range')).toHaveText('Entries 70 to 21')
    await page.getByRole('link', { name: 'Newest' }).click()
    await expect(page.getByTestId('ops-audit-range')).toHaveText('Entries 120 to 71')
  })

  test('each role sees only the sections it may use', async ({ page }) => {
    const expected = {
      support: ['Disputes queue', 'Customers', 'Payouts'],
      compliance: ['Disputes queue', 'Customers', 'Approvals', 'Payouts', 'Identity reviews'],
      admin: ['Operators', 'Audit log'],
    } as const
    for (const role of ['support', 'compliance', 'admin'] as const) {
      const mock = newOpsMock(OPERATORS[role])
      mock.signedIn = OPERATORS[role]
      await page.unrouteAll()
      await mockOpsApi(page, mock)
      await page.goto('/ops')
      const nav = page.getByRole('navigation', { name: 'Console sections' })
      await expect(nav.getByRole('link')).toHaveText([...expected[role]])
      await expect(page.getByTestId('ops-operator')).toContainText(OPERATORS[role].name)
    }
    // A section the role may not use is not there even by its address.
    await page.goto('/ops/approvals')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('a 401 mid-session returns to the sign-in, and signing in again goes on', async ({
    page,
  }) => {
    const mock = newOpsMock(OPERATORS.support)
    mock.signedIn = OPERATORS.support
    await mockOpsApi(page, mock)
    await page.goto('/ops/customers')

    await page.getByLabel('Find a customer').fill('tunde@example.com')
    await page.getByLabel('Find a customer').press('Enter')
    const results = page.getByTestId('ops-customer-results')
    await results.getByRole('button', { name: 'Open record: Tunde Bakare' }).click()
    const dialog = page.getByTestId('ops-open-record-dialog')
    await dialog.getByRole('button', { name: 'Open record' }).click()
    await expect(dialog).toContainText('Write at least 3 characters')
    await dialog.getByLabel('Reason').fill('DSP-1001: checking the bank transfer')
    await dialog.getByLabel('Reason').press('Enter')
    await expect(page.getByRole('heading', { name: 'Tunde Bakare' })).toBeVisible()
    await expect(page.getByTestId('ops-record-wallets')).toContainText('₦152,300.50')
    expect(mock.requests).toContainEqual({
      call: `POST /customers/${'c0c0c0c0-0000-4000-8000-000000000001'}/open`,
      body: { reason: 'DSP-1001: checking the bank transfer' },
    })

    // The server ends the session after 15 minutes without activity.
    mock.signedIn = null
    await page.getByRole('link', { name: 'Disputes queue' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to Sabi operations' })).toBeVisible()
    await expect(page.getByTestId('ops-session-notice')).toContainText(
      'Signed out after 15 minutes without activity',
    )
    // Nothing of the record is left on the page.
    await expect(page.getByText('₦152,300.50')).toHaveCount(0)

    await signInToConsole(page, mock)
    await expect(page.getByRole('heading', { name: 'Disputes queue' })).toBeVisible()
    await expect(page.getByTestId('ops-session-notice')).toHaveCount(0)
  })

  test('a new operator enrols from their link', async ({ page }) => {
    const mock = newOpsMock()
    await mockOpsApi(page, mock)
    await page.goto('/ops/enrol?token=not-a-real-token-at-all-000')
    await expect(page.getByRole('alert')).toContainText('This enrolment link is not valid')

    await page.goto(`/ops/enrol?token=${ENROLMENT_TOKEN}`)
    await expect(page.getByText('Ngozi New')).toBeVisible()
    await expect(page.getByTestId('ops-enrol-secret')).toHaveText(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    )
    await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Finish set-up' }).click()
    await expect(page.getByText('Use at least 12 characters')).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill('a long enough password')
    await page.getByLabel('Password again').fill('a long enough password')
    await page.getByLabel('Code from the app').fill(CODE)
    await page.getByLabel('Code from the app').press('Enter')
    await expect(page.getByText('You can sign in now')).toBeVisible()
    expect(mock.requests).toContainEqual({
      call: 'POST /enrolment',
      body: { token: ENROLMENT_TOKEN, password: 'a long enough password', code: CODE },
    })
  })

  test('works from the keyboard, and the pages pass axe', async ({ page }) => {
    // Three axe runs: on a shared machine they alone can take most of a normal test's time.
    test.slow()
    const mock = newOpsMock(OPERATORS.support)
    await mockOpsApi(page, mock)
    await page.goto('/ops/disputes')

    // Sign in without the mouse: fields in order, Enter sends.
    await page.getByLabel('E-mail').focus()
    await page.keyboard.type(mock.signsInAs.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type('correct horse battery')
    await page.keyboard.press('Tab') // the show-password button
    await page.keyboard.press('Tab')
    await page.keyboard.type(CODE)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Disputes queue' })).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    // The tabs move with the arrow keys; Enter opens a dispute from its link.
    await page.getByRole('tab', { name: 'Open' }).focus()
    await page.keyboard.press('ArrowRight')
    // Radix moves the focus on the next task, not within the key press.
    await expect(page.getByRole('tab', { name: 'In review' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/status=in_review$/)
    await expect(page.getByText('No disputes here.')).toBeVisible()
    await page.getByRole('tab', { name: 'Open' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('link', { name: 'DSP-1001' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Dispute DSP-1001' })).toBeVisible()
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([])

    // A dialog keeps focus inside, Escape closes it, and focus goes back to its button.
    const propose = page.getByRole('button', { name: 'Propose refund' })
    await propose.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('ops-refund-dialog')
    await expect(dialog.getByLabel('Amount (NGN)')).toBeFocused()
    expect(
      (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations,
    ).toEqual([])
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(propose).toBeFocused()
  })
})
