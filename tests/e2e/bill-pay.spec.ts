import type { Page } from '@playwright/test'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
} from './fixtures.ts'

const METER = '45067123456'
/** The sandbox settles a bill about three seconds after the worker sends it. */
const SETTLE_TIMEOUT_MS = 20_000

async function chooseProvider(page: Page, name: string | RegExp) {
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name }).click()
}

async function fillElectricity(page: Page, meter: string, amount: string) {
  await page.getByRole('button', { name: 'Electricity', exact: true }).click()
  await chooseProvider(page, 'Ikeja Electric')
  await page.getByLabel('Meter number').fill(meter)
  await page.getByLabel('Amount', { exact: true }).fill(amount)
}

test('pays electricity: the customer is named, the payment settles and shows its token', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '20000')

  // The dashboard's Bill Pay tile leads here.
  await page.goto('/')
  await page
    .getByRole('link', { name: /^Bill Pay/ })
    .first()
    .click()
  await expect(page).toHaveURL('/bill-pay')
  await expect(page.getByRole('heading', { name: 'Bill Pay', level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: /Pay TSA and State/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /Pay Taxes/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Choose a bill' }).getByRole('button')).toHaveText([
    'Electricity',
    'Airtime',
    'Internet',
    'Cable TV',
    'Insurance',
    'Rent',
  ])
  await expectNoHorizontalOverflow(page)

  // The messages for an empty form (docs/transfers.md "Bills"); nothing is sent.
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  for (const message of [
    'Please select a bill type',
    'Please select a provider',
    'Account number is required',
    'Amount is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }

  await fillElectricity(page, METER, '5000')
  await expect(page.getByRole('combobox', { name: 'Bill type' })).toHaveText('Electricity')
  await expect(page.getByTestId('bill-customer')).toContainText(/[A-Z]+ [A-Z]+/)
  const customerName = ((await page.getByTestId('bill-customer-name').textContent()) ?? '').trim()
  await expect(page.getByTestId('bill-wallet-balance')).toHaveText('Available: ₦20,000.00')
  await expect(page.getByTestId('bill-summary')).toContainText('Free')
  await expect(page.getByTestId('bill-summary')).toContainText('₦5,000.00')
  await expectNoHorizontalOverflow(page)

  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  const review = page.getByTestId('review-sheet')
  await expect(review.getByTestId('review-recipient')).toContainText(customerName)
  await expect(review).toContainText('₦5,000.00')
  await confirmWithPin(page)
  // The receipt follows the payment until the biller answers; only then is it "successful".
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('Ikeja Electric')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Successful', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await expect(page.getByText('Bill Payment Successful', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Your bill has been paid successfully', { exact: true }),
  ).toBeVisible()
  await closeReceipt(page)
  const status = page.getByTestId('bill-status')
  await expect(status).toContainText(customerName)
  await expect(status.getByTestId('transaction-status')).toHaveText('Completed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  const token = page.getByTestId('bill-token')
  await expect(token).toContainText(/\d{4}\s*\d{4}\s*\d{4}\s*\d{4}\s*\d{4}/)
  await expect(token).toContainText('Units: 23.8 kWh')
  await expect(status.getByRole('link', { name: 'View details' })).toHaveAttribute(
    'href',
    /^\/transactions\/[0-9a-f-]{36}$/,
  )
  expect(await walletBalance(page, 'NGN')).toBe('15000.00')
  await expectNoHorizontalOverflow(page)

  // "Pay another bill" brings the form back on the same bill type.
  await status.getByRole('button', { name: 'Pay another bill' }).click()
  await expect(page.getByRole('combobox', { name: 'Bill type' })).toHaveText('Electricity')
  await expect(page.getByTestId('bill-wallet-balance')).toHaveText('Available: ₦15,000.00')
})

test('pays a tax by payment reference from the Pay Taxes card', async ({ page, signUp }) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '5000')
  await page.goto('/bill-pay')
  await page.getByRole('button', { name: /Pay Taxes/ }).click()
  await expect(page.getByRole('combobox', { name: 'Bill type' })).toHaveText('Taxes')
  await chooseProvider(page, 'Federal Inland Revenue Service (FIRS)')
  await page.getByLabel('Payment reference').fill('2024 0012 34567')
  await expect(page.getByTestId('bill-customer')).toContainText(/[A-Z]+ [A-Z]+/)
  await page.getByLabel('Amount', { exact: true }).fill('1500.50')
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  await confirmWithPin(page)
  await expect(page.getByText('Bill Payment Successful', { exact: true })).toBeVisible({
    timeout: SETTLE_TIMEOUT_MS,
  })
  await closeReceipt(page)
  const status = page.getByTestId('bill-status')
  await expect(status.getByTestId('transaction-status')).toHaveText('Completed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await expect(page.getByTestId('bill-token')).toHaveCount(0)
  expect(await walletBalance(page, 'NGN')).toBe('3499.50')
  const response = await page.request.get('/api/transactions?limit=5')
  const [latest] = transactionPageSchema.parse(await response.json()).items
  expect(latest).toMatchObject({
    type: 'purchase',
    status: 'completed',
    amount: '1500.50',
    fee: '0.00',
    description: 'Tax: Federal Inland Revenue Service (FIRS), payment reference 2024001234567',
  })
  await expectNoHorizontalOverflow(page)
})

test('a payment the biller rejects comes back to the wallet', async ({ page, signUp }) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '3000')
  await page.goto('/bill-pay')
  await fillElectricity(page, '45067129999', '1000')
  await expect(page.getByTestId('bill-customer')).toBeVisible()
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  await confirmWithPin(page)
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Failed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  // A payment that failed never said it succeeded.
  await expect(page.getByText('Bill Payment Successful', { exact: true })).toHaveCount(0)
  await closeReceipt(page)
  const status = page.getByTestId('bill-status')
  await expect(status.getByTestId('transaction-status')).toHaveText('Failed', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await expect(status).toContainText('The money is back in your wallet.')
  expect(await walletBalance(page, 'NGN')).toBe('3000.00')
})

test.describe('refusals', () => {
  // The biller's "not found" is a 404, which Chromium logs as a failed resource load.
  test.use({ allowConsoleErrors: [/status of 404/] })

  test('an unknown number or a short balance blocks paying', async ({ page, signUp }) => {
    await signUp()
    await addFundsByApi(page, 'NGN', '1000')
    await page.goto('/bill-pay')
    await fillElectricity(page, '45067120000', '2500')
    await expect(
      page.getByText('No customer with meter number 45067120000 was found at Ikeja Electric'),
    ).toBeVisible()
    const pay = page.getByRole('button', { name: 'Pay Bill', exact: true })
    await expect(pay).toBeDisabled()

    await page.getByLabel('Meter number').fill(METER)
    await expect(page.getByTestId('bill-customer')).toBeVisible()
    await expect(page.getByTestId('bill-shortfall')).toContainText('₦1,500.00')
    await expect(pay).toBeDisabled()
    await expectNoHorizontalOverflow(page)

    await page.getByLabel('Amount', { exact: true }).fill('1000')
    await expect(page.getByTestId('bill-shortfall')).toHaveCount(0)
    await expect(pay).toBeEnabled()
    expect(await walletBalance(page, 'NGN')).toBe('1000.00')
  })
})
