import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { resolvedAccountSchema } from '#shared/schemas/bank.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
  walletIn,
} from './fixtures.ts'

/** The sandbox bank settles a payout about 3 s after the worker (every second) sends it. */
const SETTLE_TIMEOUT_MS = 15_000
// Chromium logs the 404 of a name enquiry for an account that does not exist.
const NOT_FOUND_LOG = /status of 404 \(Not Found\)/

/** The name the sandbox bank gives an account, asked the way the page asks. */
async function holderOf(page: Page, accountNumber: string, bankCode = '058'): Promise<string> {
  const response = await page.request.get(
    `/api/banks/resolve?bankCode=${bankCode}&accountNumber=${accountNumber}`,
  )
  expect(response.status()).toBe(200)
  return resolvedAccountSchema.parse(await response.json()).accountName ?? ''
}

/** Opens the bank picker, searches for the bank by name and chooses it, as a user does. */
async function chooseBank(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Bank' }).click()
  await page.getByRole('combobox', { name: 'Search banks' }).fill(name)
  await page.getByRole('option', { name, exact: true }).click()
  await expect(page.getByTestId('bank-picker')).toBeHidden()
}

/** A bank transfer through the API, waited for until the sandbox bank has settled it. */
async function sendByApi(page: Page, accountNumber: string, amount: string) {
  const ngn = await walletIn(page, 'NGN')
  const response = await page.request.post('/api/send-money/bank', {
    data: {
      fromWalletId: ngn.id,
      bankCode: '058',
      accountNumber,
      accountName: await holderOf(page, accountNumber),
      amount,
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
  const transfer = transactionSchema.parse(await response.json())
  await expect
    .poll(
      async () => {
        const details = await page.request.get(`/api/transactions/${transfer.id}`)
        return transactionDetailsSchema.parse(await details.json()).status
      },
      { timeout: SETTLE_TIMEOUT_MS },
    )
    .not.toBe('pending')
  return transfer
}

test('a bank transfer is checked by name, settles, and leaves a receipt to share and print', async ({
  page,
  signUp,
}) => {
  test.slow()
  await signUp()
  await addFundsByApi(page, 'NGN', '5000.00')
  const holder = await holderOf(page, '0123456789')

  await page.goto('/send-money')
  await page.getByRole('link', { name: /Bank Transfer/ }).click()
  await expect(page).toHaveURL('/bank-transfer')
  await expect(page.getByRole('heading', { name: 'Bank Transfer', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/send-money')

  // Choosing a Nigerian bank picks the naira wallet that can pay it.
  await chooseBank(page, 'GTBank')
  await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('NGN')
  await expect(page.getByTestId('wallet-balance')).toHaveText('Available: ₦5,000.00')

  // Name enquiry fills the holder's name; another name warns without blocking.
  await page.getByLabel('Account number').fill('0123456789')
  await expect(page.getByTestId('resolved-account-name')).toHaveText(`Account holder: ${holder}`)
  const name = page.getByLabel('Account holder name')
  await expect(name).toHaveValue(holder)
  await expect(page.getByTestId('name-mismatch')).toHaveCount(0)
  await name.fill('Somebody Else')
  await expect(page.getByTestId('name-mismatch')).toContainText(
    `does not match the name at the bank (${holder})`,
  )
  await name.fill(holder.toUpperCase().split(' ').reverse().join('  '))
  await expect(page.getByTestId('name-mismatch')).toHaveCount(0)
  await name.fill('Somebody Else')
  await page.getByRole('button', { name: `Use ${holder}` }).click()
  await expect(name).toHaveValue(holder)

  // The 2% fee is added on top.
  await page.getByLabel('Amount', { exact: true }).fill('1000')
  await page.getByLabel('Description (optional)').fill('School fees')
  await expect(page.getByTestId('bank-summary-amount')).toHaveText('₦1,000.00')
  await expect(page.getByTestId('bank-summary-fee')).toHaveText('₦20.00')
  await expect(page.getByTestId('bank-summary-total')).toHaveText('₦1,020.00')
  await expect(page.getByText('Fee (2%)')).toBeVisible()
  await expect(page.getByText(/Bank transfer fees range from 1-3%/)).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await page.getByRole('button', { name: 'Send to Bank' }).click()
  // The review names the account holder the bank confirmed, and the whole debit.
  const review = page.getByTestId('review-sheet')
  await expect(review.getByTestId('review-recipient')).toContainText(holder)
  await expect(review.getByTestId('review-recipient')).toContainText('Name confirmed')
  await expect(review).toContainText('₦1,020.00')
  await confirmWithPin(page)
  await expect(page.getByText('Transfer Initiated', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Bank transfer has been initiated successfully', { exact: true }),
  ).toBeVisible()
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-counterparty')).toContainText(holder)
  await expect(receipt.getByTestId('receipt-total')).toHaveText('₦1,020.00')
  await closeReceipt(page)
  // The form is reset, and a panel follows the transfer until the bank settles it.
  await expect(page.getByLabel('Account number')).toHaveValue('')
  const progress = page.getByTestId('transfer-progress')
  await expect(progress).toContainText(`₦1,000.00 to ${holder}`)
  await expect(progress.getByTestId('transfer-progress-status')).toHaveText('Completed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await expect(progress.locator('[data-state="done"]')).toHaveCount(3)
  await expect(page.getByTestId('wallet-balance')).toHaveText('Available: ₦3,980.00')
  expect(await walletBalance(page, 'NGN')).toBe('3980.00')
  await expectNoHorizontalOverflow(page)

  // History shows it; the row opens the details with the timeline and the receipt.
  await page.goto('/transactions')
  const row = page.getByTestId('transaction-row').first()
  await expect(row).toContainText('School fees')
  await expect(row).toContainText('-₦1,020.00')
  await expect(row).toContainText('Amount: ₦1,000.00 + Fee: ₦20.00')
  await expect(row.getByTestId('transaction-status')).toHaveText('Completed')
  await row.click()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Transaction details' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/transactions')
  await expect(page.getByTestId('details-amount')).toHaveText('-₦1,020.00')
  await expect(page.getByTestId('receipt-amount')).toHaveText('₦1,000.00')
  await expect(page.getByTestId('receipt-fee')).toHaveText('₦20.00')
  await expect(page.getByTestId('receipt-total')).toHaveText('₦1,020.00')
  await expect(page.getByTestId('receipt-bankName')).toHaveText('GTBank')
  await expect(page.getByTestId('receipt-accountNumber')).toHaveText('0123456789')
  await expect(page.getByTestId('receipt-resolvedAccountName')).toHaveText(holder)
  const steps = page.getByTestId('timeline-step')
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toContainText('Payment initiated')
  await expect(steps.nth(1)).toContainText('Sent to the receiving bank')
  await expect(steps.nth(2)).toContainText('Delivered')
  await expectNoHorizontalOverflow(page)

  // Print prints; Share hands the text receipt to the share sheet, or else to the clipboard.
  await page.evaluate(() => {
    Reflect.set(window, 'printCalls', 0)
    window.print = () => {
      Reflect.set(window, 'printCalls', Number(Reflect.get(window, 'printCalls')) + 1)
    }
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        Reflect.set(window, 'shared', data.text)
      },
    })
  })
  await page.getByRole('button', { name: 'Print receipt' }).click()
  await expect.poll(() => page.evaluate(() => Reflect.get(window, 'printCalls'))).toBe(1)
  await page.getByRole('button', { name: 'Share receipt' }).click()
  await expect
    .poll(() => page.evaluate(() => Reflect.get(window, 'shared')))
    .toContain('Sabi receipt')
  const shared = String(await page.evaluate(() => Reflect.get(window, 'shared')))
  expect(shared).toContain('Total: ₦1,020.00')
  expect(shared).toContain('Bank: GTBank')
  expect(shared).toContain('Status: Completed')

  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          Reflect.set(window, 'copied', text)
        },
      },
    })
  })
  await page.getByRole('button', { name: 'Share receipt' }).click()
  await expect(page.getByText('Receipt Copied', { exact: true })).toBeVisible()
  expect(String(await page.evaluate(() => Reflect.get(window, 'copied')))).toContain(
    'Account number: 0123456789',
  )
})

test('a saved recipient is offered next time, fills the form, and can be forgotten', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '5000.00')
  await sendByApi(page, '0123456789', '100.00')
  const holder = await holderOf(page, '0123456789')

  await page.goto('/bank-transfer')
  const saved = page.getByTestId('saved-recipient')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText(holder)
  await expect(saved).toContainText('GTBank · 0123456789')
  await expectNoHorizontalOverflow(page)
  await saved.getByRole('button', { name: `Pay ${holder}, GTBank 0123456789` }).click()
  await expect(page.getByRole('combobox', { name: 'Bank' })).toContainText('GTBank')
  await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('NGN')
  await expect(page.getByLabel('Account number')).toHaveValue('0123456789')
  await expect(page.getByLabel('Account holder name')).toHaveValue(holder)
  await expect(page.getByTestId('resolved-account-name')).toHaveText(`Account holder: ${holder}`)
  await expect(page.getByLabel('Amount', { exact: true })).toBeFocused()

  await saved.getByRole('button', { name: `Forget ${holder}` }).click()
  await expect(page.getByText('Recipient Removed', { exact: true })).toBeVisible()
  await expect(saved).toHaveCount(0)
  await expect(page.getByText('People you pay are saved here')).toBeVisible()
})

test('a transfer the bank rejects ends Failed with the money back in the wallet', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '2000.00')

  await page.goto('/bank-transfer?bank=057')
  // The link from the transfer options preselects the bank, and with it the naira wallet.
  await expect(page.getByRole('combobox', { name: 'Bank' })).toContainText('Zenith Bank')
  await expect(page.getByTestId('wallet-balance')).toHaveText('Available: ₦2,000.00')
  await page.getByLabel('Account number').fill('5550009999')
  await expect(page.getByTestId('resolved-account-name')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('500')
  await page.getByRole('button', { name: 'Send to Bank' }).click()
  await confirmWithPin(page)
  await expect(page.getByText('Transfer Initiated', { exact: true })).toBeVisible()
  await closeReceipt(page)
  // No check of the debited ₦1,490.00 here: on a busy machine the sandbox bank may already have
  // failed the payout and refunded it by the time the receipt closes.

  const progress = page.getByTestId('transfer-progress')
  await expect(progress.getByTestId('transfer-progress-status')).toHaveText('Failed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await expect(progress).toContainText('The money is back in your wallet')
  await expect(page.getByTestId('wallet-balance')).toHaveText('Available: ₦2,000.00')
  expect(await walletBalance(page, 'NGN')).toBe('2000.00')
  // A failed transfer saves nobody.
  await expect(page.getByText('People you pay are saved here')).toBeVisible()

  await progress.getByRole('link', { name: 'View details' }).click()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('transaction-status').first()).toHaveText('Failed')
  await expect(page.getByTestId('failure-reason')).toContainText(
    'The receiving bank rejected the payment',
  )
  await expect(page.getByTestId('timeline-step').last()).toContainText(
    'The money is back in your wallet',
  )
})

test.describe('refusals before sending', () => {
  test.use({ allowConsoleErrors: [NOT_FOUND_LOG] })

  test('an account the bank does not know cannot be paid', async ({ page, signUp }) => {
    await signUp()
    await addFundsByApi(page, 'NGN', '2000.00')
    await page.goto('/bank-transfer')
    await chooseBank(page, 'GTBank')
    await page.getByLabel('Account number').fill('1234560000')
    await expect(page.getByTestId('account-lookup-error')).toContainText(
      "We couldn't find this account",
    )
    await page.getByLabel('Account holder name').fill('Ada Obi')
    await page.getByLabel('Amount', { exact: true }).fill('10')
    await expect(page.getByRole('button', { name: 'Send to Bank' })).toBeDisabled()
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('a server with no bank partner', () => {
  test.use({ allowConsoleErrors: [/status of 503/] })

  test('says bank transfers are unavailable, not that the account is wrong', async ({
    page,
    signUp,
  }) => {
    await signUp()
    // What a production server without a bank provider answers (tests/api/providers.test.ts).
    await page.route('**/api/banks/resolve?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Bank transfers are not available right now. Please try again later.',
          code: 'PROVIDER_UNAVAILABLE',
        }),
      }),
    )
    await page.goto('/bank-transfer')
    await chooseBank(page, 'GTBank')
    await page.getByLabel('Account number').fill('3141592653')
    await expect(page.getByTestId('account-lookup-error')).toContainText(
      'Bank transfers are not available right now. Please try again later.',
    )
    await expect(page.getByTestId('account-lookup-error')).not.toContainText(
      "Couldn't check the account",
    )
    await expectNoHorizontalOverflow(page)
  })
})

test('too little money warns with the shortfall and disables Send to Bank', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '100.00')
  await page.goto('/bank-transfer')
  await chooseBank(page, 'Access Bank')
  await page.getByLabel('Account number').fill('0123456789')
  await expect(page.getByTestId('resolved-account-name')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('100')
  await expect(page.getByTestId('bank-summary-total')).toHaveText('₦102.00')
  await expect(page.getByTestId('insufficient-balance')).toHaveText(
    'Insufficient balance: you need ₦102.00 but have ₦100.00 (₦2.00 short).',
  )
  await expect(page.getByRole('button', { name: 'Send to Bank' })).toBeDisabled()
  // Within the balance, fee included, it may go.
  await page.getByLabel('Amount', { exact: true }).fill('98.03')
  await expect(page.getByTestId('insufficient-balance')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send to Bank' })).toBeEnabled()
})

test('the form says what is missing, and which wallet a bank needs', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/bank-transfer')
  // The primary wallet is chosen already; everything else is asked for.
  await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('USD')
  await page.getByRole('button', { name: 'Send to Bank' }).click()
  for (const message of [
    'Please select a bank',
    'Account number must be at least 10 digits',
    'Account name is required',
    'Amount must be greater than 0',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await page.getByLabel('Account number').fill('12345abc')
  await expect(page.getByLabel('Account number')).toHaveValue('12345')
  await expect(page.getByText('Account number must be at least 10 digits')).toBeVisible()
  await expectNoHorizontalOverflow(page)

  // A Kenyan bank receives shillings, and this user has no KES wallet.
  await chooseBank(page, 'Equity Bank')
  await expect(
    page.getByText(
      'Equity Bank accounts receive KES, and you have no KES wallet yet. Open one on the dashboard first.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send to Bank' })).toBeDisabled()
  // A naira bank switches to the naira wallet, which offers Nigerian banks only.
  await chooseBank(page, 'UBA')
  const walletSelect = page.getByRole('combobox', { name: 'From wallet' })
  await expect(walletSelect).toContainText('NGN')
  await page.getByRole('combobox', { name: 'Bank' }).click()
  await expect(page.getByRole('option', { name: 'GTBank', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Equity Bank', exact: true })).toHaveCount(0)
  await expect(page.getByRole('option', { name: 'Capitec Bank', exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  // Back to the dollar wallet, which cannot pay UBA: the bank goes, every bank is offered again.
  await walletSelect.click()
  await page.getByRole('option', { name: /^USD/ }).click()
  await expect(page.getByRole('combobox', { name: 'Bank' })).toHaveText('Select a bank')
  await page.getByRole('combobox', { name: 'Bank' }).click()
  await expect(page.getByRole('option', { name: 'Equity Bank', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: 'GTBank', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expectNoHorizontalOverflow(page)
})

test.describe('details', () => {
  test.use({ allowConsoleErrors: [NOT_FOUND_LOG] })

  test('the dashboard opens a transaction, and an unknown one is not found', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await addFundsByApi(page, 'USD', '250.00')
    await page.goto('/')
    const recent = page.getByRole('region', { name: 'Recent Transactions' })
    const link = recent.getByRole('link', { name: /\+\$250\.00/ })
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/)
    await expect(page.getByTestId('details-amount')).toHaveText('+$250.00')
    await expect(page.getByTestId('transaction-status').first()).toHaveText('Completed')
    await expect(page.getByTestId('timeline-step')).toHaveCount(1)
    await expect(page.getByTestId('receipt-fee')).toHaveCount(0)
    await expectNoHorizontalOverflow(page)

    await page.goto(`/transactions/${randomUUID()}`)
    await expect(page.getByRole('heading', { name: 'Transaction not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to Transaction History' }).click()
    await expect(page).toHaveURL('/transactions')
  })
})
