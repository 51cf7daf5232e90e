import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

test('a card sale keeps its wallet chosen, tells the merchant, and reads as money in', async ({
  page,
  signUp,
}) => {
  test.slow()
  await signUp({ firstName: 'Kemi', lastName: 'Bello' })
  await page.goto('/pos-terminal')
  const wallet = page.getByRole('combobox', { name: 'Receiving wallet' })
  await wallet.click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Sale amount').fill('1500')
  await page.getByRole('button', { name: 'Charge' }).click()
  await expect(page.getByText('Sale Processed', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Sale amount')).toHaveValue('')
  // The next customer pays into the same till: no wallet to choose again.
  await expect(wallet).toContainText('NGN')
  await page.getByLabel('Sale amount').fill('200')
  await page.getByRole('button', { name: 'Charge' }).click()
  await expect(page.getByLabel('Sale amount')).toHaveValue('')
  await expect(page.getByText('Missing Information', { exact: true })).toHaveCount(0)
  await expect(wallet).toContainText('NGN')

  // The bell names it a card sale, not a transfer.
  await expect(page.getByTestId('notification-count')).toHaveText('2')
  await page.getByTestId('notification-bell').click()
  const list = page.getByTestId('notification-list')
  await expect(list.getByText('Card sale paid')).toHaveCount(2)
  await expect(list.getByText('₦1,500.00 was paid by card at your POS terminal')).toBeVisible()
  await page.keyboard.press('Escape')

  // History and the dashboard: "+" and the shop's icon, never the exchange's arrows.
  for (const path of ['/transactions', '/']) {
    await page.goto(path)
    const row = page.getByTestId('transaction-row').filter({ hasText: '₦1,500.00' }).first()
    await expect(row).toContainText('+₦1,500.00')
    await expect(row.locator('svg.lucide-store')).toHaveCount(1)
    await expect(row.locator('svg.lucide-arrow-left-right')).toHaveCount(0)
    await expectNoHorizontalOverflow(page)
  }
})
