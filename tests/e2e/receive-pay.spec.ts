import type { Page } from '@playwright/test'
import { z } from 'zod'
import { paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  test,
  walletBalance,
  walletIn,
} from './fixtures.ts'
import {
  decodeQrImage,
  payRequestByApi,
  requestPaymentByApi,
  signUpElsewhere,
} from './payment-helpers.ts'

const linkDataSchema = z.object({
  recipientId: z.string(),
  walletId: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  requestId: z.string(),
})

function linkData(url: string) {
  return linkDataSchema.parse(JSON.parse(new URL(url).searchParams.get('data') ?? ''))
}

async function fillRequest(page: Page, amount: string, description: string) {
  await page.getByRole('combobox', { name: 'Receive into' }).click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Amount').fill(amount)
  await page.getByLabel('Description (optional)').fill(description)
}

test('a request is made, paid once through its link by another user, and shows as paid', async ({
  page,
  context,
  signUp,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const amaka = await signUp({ firstName: 'Amaka', lastName: 'Obi' })
  const payer = await signUpElsewhere(browser, page, baseURL, { firstName: 'Chidi' })
  await addFundsByApi(payer.page, 'NGN', '10000')

  await page.goto('/receive-money')
  await expect(page.getByRole('heading', { name: 'Receive Money' })).toBeVisible()
  await expect(page.getByText('No requests yet')).toBeVisible()
  await fillRequest(page, '2500', 'Lunch')
  const preview = page.getByTestId('request-preview')
  await expect(page.getByTestId('request-preview-amount')).toHaveText('₦2,500.00')
  await expect(preview).toContainText('NGN wallet')
  await expect(preview).toContainText('Lunch')
  await expect(preview).toContainText('Amaka Obi')
  await expectNoHorizontalOverflow(page)

  // Copy Payment Link: the request is stored, and its full link is on the clipboard.
  await page.getByRole('button', { name: 'Copy Payment Link' }).click()
  await expect(page.getByText('Payment Link Copied', { exact: true })).toBeVisible()
  await expect(page.getByText('Share this link to receive payment', { exact: true })).toBeVisible()
  const url = await page.evaluate(() => navigator.clipboard.readText())
  expect(url.startsWith(`${baseURL}/pay?data=`)).toBe(true)
  expect(linkData(url)).toMatchObject({
    recipientId: amaka.id,
    amount: '2500.00',
    currency: 'NGN',
    description: 'Lunch',
  })
  await expect(page.getByTestId('payment-link')).toHaveValue(url)

  // Generate QR Code reuses the same request: its code decodes to the same address.
  await page.getByRole('button', { name: 'Generate QR Code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scan to pay' })
  await expect(dialog.getByTestId('qr-amount')).toHaveText('₦2,500.00')
  await expect(dialog.getByText('Lunch')).toBeVisible()
  const qr = dialog.getByTestId('payment-qr-code')
  await expect(qr).toBeVisible()
  expect(await decodeQrImage(qr)).toBe(url)
  await expectNoHorizontalOverflow(page)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  const rows = page.getByTestId('payment-request-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByTestId('payment-request-status')).toHaveText('Open')
  await expect(rows.first()).toContainText('₦2,500.00')

  // The payer opens the link and sees who asks, how much, in which currency and why.
  const payPage = payer.page
  await payPage.goto(url)
  await expect(payPage.getByTestId('pay-requester')).toHaveText('Amaka Obi')
  await expect(payPage.getByTestId('pay-amount')).toHaveText('₦2,500.00')
  await expect(payPage.getByTestId('pay-currency')).toContainText('NGN')
  await expect(payPage.getByTestId('pay-description')).toHaveText('Lunch')
  await expect(payPage.getByRole('combobox', { name: 'Pay from' })).toContainText('NGN')
  await expect(payPage.getByTestId('pay-balance')).toHaveText('Available: ₦10,000.00')
  await expectNoHorizontalOverflow(payPage)
  await payPage.getByRole('button', { name: 'Pay ₦2,500.00' }).click()
  await expect(payPage.getByTestId('review-recipient')).toContainText('Amaka Obi')
  await confirmWithPin(payPage)
  await expect(payPage.getByText('Payment Sent', { exact: true })).toBeVisible()
  await expect(payPage.getByTestId('money-receipt').getByTestId('receipt-counterparty')).toHaveText(
    'Amaka Obi',
  )
  await closeReceipt(payPage)
  const paid = payPage.getByTestId('pay-state')
  await expect(paid).toHaveAttribute('data-state', 'paid')
  await expect(paid.getByRole('heading', { name: 'Paid' })).toBeVisible()
  await expect(paid).toContainText('You paid ₦2,500.00 to Amaka Obi.')
  await expect(paid.getByRole('link', { name: 'View transaction' })).toHaveAttribute(
    'href',
    /^\/transactions\/[0-9a-f-]{36}$/,
  )
  expect(await walletBalance(payPage, 'NGN')).toBe('7500.00')
  expect(await walletBalance(page, 'NGN')).toBe('2500.00')

  // Opening the link again: already paid, and nothing to pay.
  await payPage.goto(url)
  await expect(payPage.getByTestId('pay-state')).toHaveAttribute('data-state', 'already-paid')
  await expect(
    payPage.getByRole('heading', { name: 'This payment request has already been paid' }),
  ).toBeVisible()
  await expect(payPage.getByRole('button', { name: /^Pay / })).toHaveCount(0)

  // The requester's list says paid and links to the payment.
  await page.reload()
  await expect(rows.first().getByTestId('payment-request-status')).toHaveText('Paid')
  await expect(rows.first().getByRole('link', { name: 'View payment' })).toBeVisible()
  expect(payer.problems).toEqual([])
  await payer.close()
})

test('a changed, cancelled or broken link takes no money', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Amaka', lastName: 'Obi' })
  const payer = await signUpElsewhere(browser, page, baseURL)
  await addFundsByApi(payer.page, 'NGN', '5000')
  const request = await requestPaymentByApi(page, 'NGN', '2500.00', 'Lunch')

  // Tampered: the amount in the link was lowered.
  const tampered = new URL(request.link, baseURL)
  const data = linkData(tampered.toString())
  tampered.searchParams.set('data', JSON.stringify({ ...data, amount: '25.00' }))
  await payer.page.goto(tampered.toString())
  await expect(payer.page.getByTestId('pay-state')).toHaveAttribute('data-state', 'changed')
  await expect(
    payer.page.getByRole('heading', { name: 'This payment link has been changed' }),
  ).toBeVisible()
  await expect(payer.page.getByRole('button', { name: /^Pay / })).toHaveCount(0)

  // Malformed data.
  await payer.page.goto('/pay?data=%7B%22recipientId')
  await expect(
    payer.page.getByRole('heading', { name: 'This payment link is not valid' }),
  ).toBeVisible()
  await expect(payer.page.getByRole('button', { name: /^Pay / })).toHaveCount(0)

  // Cancelled by the requester from the list.
  await page.goto('/receive-money')
  const row = page.getByTestId('payment-request-row').first()
  await row.getByRole('button', { name: 'Cancel Lunch' }).click()
  await expect(page.getByText('Request Cancelled', { exact: true })).toBeVisible()
  await expect(row.getByTestId('payment-request-status')).toHaveText('Cancelled')
  await payer.page.goto(request.link)
  await expect(payer.page.getByTestId('pay-state')).toHaveAttribute('data-state', 'cancelled')
  await expect(
    payer.page.getByRole('heading', { name: 'This payment request was cancelled' }),
  ).toBeVisible()
  await expect(payer.page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  expect(await walletBalance(payer.page, 'NGN')).toBe('5000.00')
  expect(await walletBalance(page, 'NGN')).toBe('0.00')
  expect(payer.problems).toEqual([])
  await payer.close()
})

test('a visitor who opens a link sees who asks and how much, signs in and lands back on the same link', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Two pages (the preview, then the request) and a sign-in in between.
  test.slow()
  const requester = await signUpElsewhere(browser, page, baseURL, { firstName: 'Bisi' })
  // A description with characters that URL decoding likes to eat.
  const made = await requestPaymentByApi(
    requester.page,
    'NGN',
    '1200.50',
    'Tickets & snacks: 100%+ fun',
  )
  const payer = newUserDetails({ firstName: 'Tobi' })
  const signUp = await request.post('/api/auth/signup', { data: payer })
  expect(signUp.status(), await signUp.text()).toBe(201)

  await page.goto(made.link)
  // Signed out: who asks (first name and initial), how much and why, then the way to sign in.
  const preview = page.getByTestId('pay-preview')
  await expect(preview.getByTestId('pay-requester')).toHaveText('Bisi B. is asking you for')
  await expect(preview.getByTestId('pay-amount')).toHaveText('₦1,200.50')
  await expect(preview.getByTestId('pay-description')).toHaveText('Tickets & snacks: 100%+ fun')
  await expect(preview).not.toContainText('Bakare')
  const signIn = preview.getByRole('link', { name: 'Sign in to pay' })
  await expect(preview.getByRole('link', { name: 'Create an account' })).toBeVisible()
  const amountBox = await preview.getByTestId('pay-amount').boundingBox()
  const signInBox = await signIn.boundingBox()
  expect(amountBox && signInBox && amountBox.y < signInBox.y).toBe(true)
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `.tmp/shots/pay-preview-${test.info().project.name}.png` })
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `.tmp/shots/pay-preview-360.png` })
  await signIn.click()
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/)
  await page.getByLabel('Email').fill(payer.email)
  await page.getByLabel('Password', { exact: true }).fill(payer.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${baseURL}${made.link}`)
  await expect(page.getByTestId('pay-requester')).toContainText('Bisi')
  await expect(page.getByTestId('pay-amount')).toHaveText('₦1,200.50')
  await expect(page.getByTestId('pay-description')).toHaveText('Tickets & snacks: 100%+ fun')
  // A new user has ₦0.00: the shortfall is shown and Pay is off.
  await expect(page.getByTestId('pay-shortfall')).toContainText('₦1,200.50 short')
  await expect(page.getByRole('button', { name: 'Pay ₦1,200.50' })).toBeDisabled()
  await requester.close()
})

test('Share Request copies a sentence with the link where there is no share sheet', async ({
  page,
  context,
  signUp,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signUp()
  await page.goto('/receive-money')

  // A wallet and an amount are required (docs/getting-paid.md).
  await page.getByRole('button', { name: 'Share Request' }).click()
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please select a wallet and enter an amount', { exact: true }),
  ).toBeVisible()

  await fillRequest(page, '2500', 'Lunch')
  await page.getByRole('button', { name: 'Share Request' }).click()
  await expect(page.getByText('Payment Request Copied', { exact: true })).toBeVisible()
  await expect(page.getByText('Share this with the sender', { exact: true })).toBeVisible()
  const link = await page.getByTestId('payment-link').inputValue()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(`Pay me ₦2,500.00 for Lunch on Sabi: ${link}`)
})

test('Share Request hands title, text and link to the share sheet when there is one', async ({
  page,
  signUp,
}) => {
  await page.addInitScript(() => {
    const shared: unknown[] = []
    Reflect.set(window, '__shared', shared)
    Reflect.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        shared.push(data)
        return Promise.resolve()
      },
    })
  })
  await signUp()
  await page.goto('/receive-money')
  await fillRequest(page, '99.99', '')
  await page.getByRole('button', { name: 'Share Request' }).click()
  await expect(page.getByTestId('payment-link')).toBeVisible()
  const link = await page.getByTestId('payment-link').inputValue()
  // The share runs after the link shows, so wait for it instead of reading once.
  await expect
    .poll(() => page.evaluate(() => Reflect.get(window, '__shared')))
    .toEqual([
      {
        title: 'Payment request',
        text: 'Pay me ₦99.99 on Sabi',
        url: link,
      },
    ])
  // The bare request still shows in the list with the default description.
  const requests = paymentRequestSchema
    .array()
    .parse(await (await page.request.get('/api/payment-requests')).json())
  expect(requests.map((item) => item.description)).toEqual(['Payment request'])
})

test('an amount with more decimals than the currency has is refused by its field, and no request is made', async ({
  page,
  context,
  signUp,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signUp()
  await page.goto('/receive-money')
  await expect(page.getByText('No requests yet')).toBeVisible()
  await fillRequest(page, '25.005', 'Lunch')
  await expect(page.getByTestId('request-preview-amount')).toHaveText('—')

  // The naira has two decimals: the message sits by the field, with no toast and no request.
  const amount = page.getByLabel('Amount')
  await page.getByRole('button', { name: 'Copy Payment Link' }).click()
  await expect(amount).toHaveAccessibleDescription('Amount can have at most 2 decimal places')
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Missing Information', { exact: true })).toHaveCount(0)
  await expect(page.getByTestId('payment-link')).toHaveCount(0)
  await expect(page.getByText('No requests yet')).toBeVisible()
  const requests = paymentRequestSchema
    .array()
    .parse(await (await page.request.get('/api/payment-requests')).json())
  expect(requests).toEqual([])

  // Once the amount is fixed, the message goes as it is typed and the link is made.
  await amount.fill('25.00')
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Amount can have at most 2 decimal places')).toHaveCount(0)
  await page.getByRole('button', { name: 'Copy Payment Link' }).click()
  await expect(page.getByText('Payment Link Copied', { exact: true })).toBeVisible()
  await expect(page.getByTestId('payment-link')).toBeVisible()
  await expect(page.getByTestId('payment-request-row')).toHaveCount(1)
})

test('a paid request shows as paid to its requester and on the dashboard count', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp()
  await requestPaymentByApi(page, 'NGN', '100.00', 'Water')
  const second = await requestPaymentByApi(page, 'NGN', '200.00', 'Bread')
  await page.goto('/')
  const tools = page.getByRole('main').getByRole('region', { name: 'Business Tools' })
  await expect(tools.getByRole('link', { name: /Request Payment.*2 open/ })).toBeVisible()

  const payer = await signUpElsewhere(browser, page, baseURL)
  await addFundsByApi(payer.page, 'NGN', '1000')
  await payRequestByApi(payer.page, second)
  await page.reload()
  await expect(tools.getByRole('link', { name: /Request Payment.*1 open/ })).toBeVisible()
  await payer.close()
})

test('a bare link in the documented format pays as a plain Sabi transfer', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  const requester = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Ada',
    lastName: 'Eze',
  })
  const usd = await walletIn(requester.page, 'USD')
  await signUp()
  await addFundsByApi(page, 'USD', '50')
  const data = { recipientId: requester.user.id, walletId: usd.id, amount: 12.5, currency: 'USD' }
  await page.goto(`/pay?${new URLSearchParams({ data: JSON.stringify(data) })}`)
  await expect(page.getByTestId('pay-requester')).toHaveText('Ada Eze')
  await expect(page.getByTestId('pay-amount')).toHaveText('$12.50')
  await expect(page.getByTestId('pay-description')).toHaveText('Payment request')
  await page.getByRole('button', { name: 'Pay $12.50' }).click()
  await confirmWithPin(page)
  await closeReceipt(page)
  await expect(page.getByTestId('pay-state')).toHaveAttribute('data-state', 'paid')
  expect(await walletBalance(page, 'USD')).toBe('37.50')
  expect(await walletBalance(requester.page, 'USD')).toBe('12.50')

  // A currency the payer holds no wallet in: say so, offer to open one or to exchange.
  const kes = { ...data, amount: '100', currency: 'KES' }
  await page.goto(`/pay?${new URLSearchParams({ data: JSON.stringify(kes) })}`)
  const noWallet = page.getByTestId('pay-no-wallet')
  await expect(noWallet).toContainText("You don't have a KES wallet")
  await expect(noWallet.getByRole('button', { name: 'Open a wallet' })).toBeVisible()
  await expect(noWallet.getByRole('link', { name: 'Exchange' })).toHaveAttribute(
    'href',
    '/exchange',
  )
  await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled()
  await expectNoHorizontalOverflow(page)
  await requester.close()
})
