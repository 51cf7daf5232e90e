import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { z } from 'zod'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  test,
} from './fixtures.ts'

/** The sandbox settles a bill about three seconds after the worker sends it. */
const SETTLE_TIMEOUT_MS = 20_000

async function chooseProvider(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name, exact: true }).click()
}

test('an airtime top-up shows the network and the number, never a name called confirmed', async ({
  page,
  signUp,
}) => {
  // Pays and waits for the sandbox network: longer than a form test on two shared cores.
  test.slow()
  await signUp()
  await addFundsByApi(page, 'NGN', '5000')
  await page.goto('/bill-pay')
  await page.getByRole('button', { name: 'Airtime', exact: true }).click()
  await chooseProvider(page, 'MTN')
  // Typed as sign-up takes a number: with +234 and spaces.
  await page.getByLabel('Phone number').fill('+234 803 555 0142')
  await page.getByLabel('Amount', { exact: true }).fill('500')
  await expect(page.getByTestId('bill-summary')).toContainText('₦500.00')
  // No network tells whose a number is, so nothing is checked and nobody is named.
  await expect(page.getByTestId('bill-customer-checking')).toHaveCount(0)
  await expect(page.getByTestId('bill-customer')).toHaveCount(0)
  // The sandbox note says what a top-up can do: no number is "not found", 9999 fails.
  await expect(page.getByText(/^Sandbox: every phone number is accepted/)).toContainText('9999')
  await expect(page.getByText(/0000 \(not found\)/)).toHaveCount(0)
  await expectNoHorizontalOverflow(page)

  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  const recipient = page.getByTestId('review-sheet').getByTestId('review-recipient')
  await expect(recipient).toContainText('0803 555 0142')
  await expect(recipient).toContainText('MTN · Airtime')
  await expect(recipient).not.toContainText('Name confirmed')
  await confirmWithPin(page)
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('MTN')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Successful', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await closeReceipt(page)
  const status = page.getByTestId('bill-status')
  await expect(status).toContainText('0803 555 0142')
  await expect(status).not.toContainText('Customer')

  // The transaction's own receipt shows the number as people read it, and no name.
  await status.getByRole('link', { name: 'View details' }).click()
  await expect(page.getByText('0803 555 0142', { exact: true })).toBeVisible()
  await expect(page.getByText('Customer name')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
})

test('a meter number keeps its name check', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/bill-pay')
  await page.getByRole('button', { name: 'Electricity', exact: true }).click()
  await chooseProvider(page, 'Ikeja Electric')
  await page.getByLabel('Meter number').fill('45067123456')
  await expect(page.getByTestId('bill-customer-name')).toHaveText(/^[A-Z]+ [A-Z]+$/)
})

const outboxSchema = z.array(z.object({ channel: z.string(), text: z.string() }))

test('airtime for my own number: the tile brings up the form, one tap fills the number, the network is guessed and quick amounts fill the amount', async ({
  page,
  signUp,
}) => {
  const rest = String(randomInt(0, 10_000_000)).padStart(7, '0')
  const e164 = `+234806${rest}`
  await signUp({ phoneNumber: e164 })
  // A code asked for verifies the number, as the person would from their phone.
  const asked = await page.request.post('/api/phone/verification', {
    data: { phoneNumber: e164 },
  })
  expect(asked.status(), await asked.text()).toBe(202)
  let code = ''
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/sandbox/outbox?to=${encodeURIComponent(e164)}`)
      const texts = outboxSchema.parse(await answer.json()).filter((m) => m.channel === 'sms')
      code = /\b(\d{6})\b/.exec(texts[0]?.text ?? '')?.[1] ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  const verified = await page.request.post('/api/phone/verification/confirm', {
    data: { phoneNumber: e164, code },
  })
  expect(verified.status(), await verified.text()).toBe(200)

  await page.goto('/bill-pay')
  await page.getByRole('button', { name: 'Airtime', exact: true }).click()
  // On a phone the form sits below the tiles: the tile brings the number field into view.
  const numberField = page.getByLabel('Phone number')
  await expect(numberField).toBeInViewport()
  const national = `0806 ${rest.slice(0, 3)} ${rest.slice(3)}`
  await page.getByRole('button', { name: `My number (${national})` }).click()
  await expect(numberField).toHaveValue(national)
  // 0806 is MTN's: chosen already, and changeable.
  await expect(page.getByRole('combobox', { name: 'Provider' })).toContainText('MTN')
  await chooseProvider(page, 'Glo')
  await expect(page.getByRole('combobox', { name: 'Provider' })).toContainText('Glo')
  // A number on another network moves the guess with it.
  await numberField.fill('0802 555 0142')
  await expect(page.getByRole('combobox', { name: 'Provider' })).toContainText('Airtel')
  await page
    .getByRole('group', { name: 'Quick amounts' })
    .getByRole('button', { name: '₦500.00' })
    .click()
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('500')
})

test('a data bundle by network: its price is the amount, named in review and on the receipt', async ({
  page,
  signUp,
}) => {
  test.slow()
  await signUp()
  await addFundsByApi(page, 'NGN', '5000')
  await page.goto('/bill-pay')
  await page.getByRole('button', { name: 'Airtime', exact: true }).click()
  await page.getByLabel('Phone number').fill('0802 555 0142')
  // 0802 is Airtel's: its bundles are offered, after airtime of any amount.
  await expect(page.getByRole('combobox', { name: 'Provider' })).toContainText('Airtel')
  const packages = page.getByRole('combobox', { name: 'Package' })
  await expect(packages).toHaveText('Airtime (any amount)')
  await packages.click()
  await page.getByRole('option', { name: '2GB, 7 days · ₦1,500.00' }).click()
  // The bundle's price is the amount: not typed, and no quick amounts to change it.
  const amount = page.getByLabel('Amount', { exact: true })
  await expect(amount).toHaveValue('1500.00')
  await expect(amount).toHaveAttribute('readonly', '')
  await expect(page.getByRole('group', { name: 'Quick amounts' })).toHaveCount(0)
  await expect(page.getByTestId('bill-summary')).toContainText('₦1,500.00')
  await expectNoHorizontalOverflow(page)

  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  const review = page.getByTestId('review-sheet')
  await expect(review).toContainText('Package')
  await expect(review).toContainText('2GB, 7 days')
  await confirmWithPin(page)
  await expect(page.getByTestId('money-receipt').getByTestId('receipt-outcome')).toHaveText(
    'Successful',
    { timeout: SETTLE_TIMEOUT_MS },
  )
  await closeReceipt(page)
  await expect(page.getByTestId('bill-status')).toContainText('2GB, 7 days')

  // A pay-TV provider sells packages only: one must be chosen before paying.
  await page.getByRole('button', { name: 'Pay another bill' }).click()
  await page.getByRole('button', { name: 'Cable TV', exact: true }).click()
  await chooseProvider(page, 'DStv')
  await page.getByLabel('Smartcard number').fill('7023456789')
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  await expect(page.getByText('Please select a package')).toBeVisible()
  await page.getByRole('combobox', { name: 'Package' }).click()
  await page.getByRole('option', { name: 'DStv Padi · ₦4,400.00' }).click()
  await expect(page.getByTestId('bill-shortfall')).toBeVisible()
})
