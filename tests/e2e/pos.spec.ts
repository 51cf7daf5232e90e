import type { Page } from '@playwright/test'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
} from './fixtures.ts'
import { decodeQrImage, signUpElsewhere } from './payment-helpers.ts'

async function fillSale(
  page: Page,
  sale: { amount: string; description: string; customer?: string; email?: string },
) {
  await page.getByRole('combobox', { name: 'Receiving wallet' }).click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Sale amount').fill(sale.amount)
  await page.getByLabel('Description (optional)').fill(sale.description)
  if (sale.customer) await page.getByLabel('Customer name').fill(sale.customer)
  if (sale.email) await page.getByLabel('Customer e-mail').fill(sale.email)
}

/** Counts window.print() calls and keeps the receipt's text as it was when printing. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const printed: string[] = []
    Reflect.set(window, '__printed', printed)
    window.print = () => {
      printed.push(document.querySelector('[data-testid="pos-receipt"]')?.textContent ?? '')
    }
  })
}

async function printedReceipts(page: Page): Promise<string[]> {
  const printed: unknown = await page.evaluate(() => Reflect.get(window, '__printed'))
  return Array.isArray(printed) ? printed.map(String) : []
}

test('a card sale is charged into the wallet and shows in history, analytics and the dashboard', async ({
  page,
  signUp,
}) => {
  await stubPrint(page)
  await signUp({ firstName: 'Kemi', lastName: 'Bello' })
  await page.goto('/pos-terminal')
  await expect(page.getByRole('heading', { name: 'POS Terminal' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'New Sale' })).toHaveAttribute('aria-selected', 'true')
  await expectNoHorizontalOverflow(page)

  // Wallet and amount are required; the customer is optional (docs/getting-paid.md).
  await page.getByRole('button', { name: 'Charge' }).click()
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please select a wallet and enter amount', { exact: true }),
  ).toBeVisible()

  await fillSale(page, { amount: '1500', description: 'Jollof rice', customer: 'Bisi Ade' })
  await expect(page.getByTestId('sale-preview-amount')).toHaveText('₦1,500.00')
  await expect(page.getByTestId('sale-preview')).toContainText('Bisi Ade')
  await expect(page.getByTestId('sale-preview')).toContainText('Card tap')

  // Processing disables the button and says so (docs/screens.md "Validation").
  await page.route('**/api/pos/sale', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Charge' }).click()
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled()
  await expect(page.getByText('Sale Processed', { exact: true })).toBeVisible()
  await expect(page.getByText('Payment received successfully', { exact: true })).toBeVisible()
  await page.unroute('**/api/pos/sale')
  await expect(page.getByLabel('Sale amount')).toHaveValue('')
  await expect(page.getByLabel('Customer name')).toHaveValue('')
  await expect(page.getByRole('heading', { name: 'Last sale' })).toBeVisible()
  await expect(page.getByTestId('sale-preview')).toContainText('Card ending 4242')
  expect(await walletBalance(page, 'NGN')).toBe('1500.00')

  // Print Receipt prints the sale just made, on the 58 mm page.
  await page.getByRole('button', { name: 'Print Receipt' }).click()
  await expect.poll(async () => (await printedReceipts(page)).length).toBe(1)
  const [receipt] = await printedReceipts(page)
  expect(receipt).toContain('Jollof rice')
  expect(receipt).toContain('₦1,500.00')
  expect(receipt).toContain('Bisi Ade')
  expect(receipt).toContain('Card ending 4242')
  const pageRule = await page.evaluate(
    () => document.querySelector('style[data-pos-receipt-page]')?.textContent ?? '',
  )
  expect(pageRule).toMatch(/@page pos-receipt \{ size: 58mm \d+mm; margin: 0; \}/)
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByTestId('pos-receipt')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'POS Terminal' })).toBeHidden()
  const receiptWidth = await page
    .getByTestId('pos-receipt')
    .evaluate((element) => element.getBoundingClientRect().width)
  expect(Math.round(receiptWidth)).toBe(Math.round((58 * 96) / 25.4))
  await page.emulateMedia({ media: 'screen' })

  await page.getByRole('tab', { name: 'Sales History' }).click()
  const row = page.getByTestId('pos-sale-row').first()
  await expect(row).toContainText('Jollof rice')
  await expect(row).toContainText('₦1,500.00')
  await expect(row.getByTestId('pos-sale-customer')).toContainText('Bisi Ade')
  await expect(row.getByTestId('pos-sale-status')).toHaveText('Completed')
  await expectNoHorizontalOverflow(page)

  await page.getByRole('tab', { name: 'Analytics' }).click()
  await expect(page.getByTestId('analytics-today')).toContainText('₦1,500.00')
  await expect(page.getByTestId('analytics-today')).toContainText('1 sale')
  await expect(page.getByTestId('analytics-7-days')).toContainText('₦1,500.00')
  await expect(page.getByTestId('analytics-average')).toContainText('₦1,500.00')
  await expect(page.getByTestId('best-hours').getByRole('listitem')).toHaveCount(1)
  const bars = page.getByTestId('daily-chart').getByRole('listitem')
  await expect(bars).toHaveCount(7)
  await expect(bars.last()).toContainText('₦1,500.00, 1 sale')
  await page.getByRole('button', { name: '30 days' }).click()
  await expect(bars).toHaveCount(30)
  await expect(page.getByTestId('analytics-period-count')).toContainText('1')
  await expectNoHorizontalOverflow(page)

  await page.goto('/')
  const tools = page.getByRole('main').getByRole('region', { name: 'Business Tools' })
  await expect(
    tools.getByRole('link', { name: /Point-of-Sale Terminal.*Active.*1 sale today/ }),
  ).toBeVisible()
})

test.describe('declined cards', () => {
  test.use({ allowConsoleErrors: [/status of 402/] })

  test('a declined test card says so and moves nothing', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/pos-terminal')
    await fillSale(page, { amount: '800', description: 'Shoes' })
    await page.locator('summary', { hasText: 'Test card number' }).click()
    await page.getByRole('textbox', { name: 'Test card number' }).fill('4000 0000 0000 0002')
    await expect(page.getByTestId('sale-preview')).toContainText('Card ending 0002')
    await page.getByRole('button', { name: 'Charge' }).click()
    await expect(page.getByText('Sale Failed', { exact: true })).toBeVisible()
    await expect(page.getByText('Card declined by the issuer', { exact: true })).toBeVisible()
    // The sale stays on screen to try another card.
    await expect(page.getByLabel('Sale amount')).toHaveValue('800')
    expect(await walletBalance(page, 'NGN')).toBe('0.00')
    await page.getByRole('tab', { name: 'Sales History' }).click()
    await expect(page.getByText('No sales yet')).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
})

test('a QR sale completes when a customer pays it from their phone', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Kemi', lastName: 'Bello' })
  const customer = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Segun',
    lastName: 'Oni',
  })
  await addFundsByApi(customer.page, 'NGN', '5000')
  await page.goto('/pos-terminal')
  await fillSale(page, { amount: '2000', description: 'Suya' })
  await page.getByRole('button', { name: 'Generate QR Code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan to pay' })
  await expect(dialog.getByText('Waiting for the customer to pay...')).toBeVisible()
  const qr = dialog.getByTestId('payment-qr-code')
  await expect(qr).toBeVisible()
  await expectNoHorizontalOverflow(page)
  const url = await decodeQrImage(qr)
  expect(url?.startsWith(`${baseURL}/pay?data=`)).toBe(true)

  // Hidden, the sale keeps waiting and can be shown again.
  await dialog.getByRole('button', { name: 'Hide' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Show QR code' }).click()
  await expect(dialog).toBeVisible()

  await customer.page.goto(url ?? '')
  await expect(customer.page.getByTestId('pay-requester')).toHaveText('Kemi Bello')
  await expect(customer.page.getByTestId('pay-description')).toHaveText('Suya')
  await customer.page.getByRole('button', { name: 'Pay ₦2,000.00' }).click()
  await confirmWithPin(customer.page)
  await closeReceipt(customer.page)
  await expect(customer.page.getByTestId('pay-state')).toHaveAttribute('data-state', 'paid')

  // The terminal sees it within a poll or two.
  await expect(page.getByText('Sale Processed', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Last sale' })).toBeVisible()
  await expect(page.getByTestId('sale-preview')).toContainText('Sabi QR code')
  await expect(page.getByTestId('sale-preview')).toContainText('Segun Oni')
  expect(await walletBalance(page, 'NGN')).toBe('2000.00')
  expect(await walletBalance(customer.page, 'NGN')).toBe('3000.00')

  await page.getByRole('tab', { name: 'Sales History' }).click()
  const row = page.getByTestId('pos-sale-row').first()
  await expect(row).toContainText('Suya')
  await expect(row.getByTestId('pos-sale-customer')).toContainText('Segun Oni')
  await expect(row.getByTestId('pos-sale-status')).toHaveText('Completed')
  await page.getByRole('tab', { name: 'Analytics' }).click()
  await expect(page.getByTestId('analytics-today')).toContainText('₦2,000.00')
  await expect(page.getByTestId('analytics-today')).toContainText('1 sale')
  expect(customer.problems).toEqual([])
  await customer.close()
})

test('a QR sale can be cancelled at the counter, and its link then pays nothing', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp()
  await page.goto('/pos-terminal')
  await fillSale(page, { amount: '300', description: 'Zobo' })
  await page.getByRole('button', { name: 'Generate QR Code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan to pay' })
  const url = await decodeQrImage(dialog.getByTestId('payment-qr-code'))
  await dialog.getByRole('button', { name: 'Cancel sale' }).click()
  await expect(page.getByText('Sale Cancelled', { exact: true })).toBeVisible()
  await expect(dialog).toBeHidden()
  await page.getByRole('tab', { name: 'Sales History' }).click()
  await expect(page.getByTestId('pos-sale-row').first().getByTestId('pos-sale-status')).toHaveText(
    'Cancelled',
  )

  const customer = await signUpElsewhere(browser, page, baseURL)
  await customer.page.goto(url ?? '')
  await expect(customer.page.getByTestId('pay-state')).toHaveAttribute('data-state', 'cancelled')
  await expect(customer.page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  await customer.close()
})
