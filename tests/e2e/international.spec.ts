import { z } from 'zod'
import {
  addFundsByApi,
  closeReceipt,
  enterPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
} from './fixtures.ts'

const sentBody = z.object({
  quoteId: z.string().min(1),
  recipient: z.record(z.string(), z.unknown()),
})

/** The sandbox partner pays out a few seconds after the worker (each second) sends it. */
const PAYOUT_TIMEOUT_MS = 25_000

test('/transfer-global shows the three methods, the six regions and the regulations notice', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/send-money')
  await page.getByRole('link', { name: /Send Money Globally/ }).click()
  await expect(page).toHaveURL(/\/transfer-global$/)
  await expect(page.getByRole('heading', { name: 'Send Money Globally', level: 1 })).toBeVisible()

  const methods = page.getByTestId('methods').getByRole('listitem')
  await expect(methods).toHaveCount(3)
  await expect(methods.nth(0)).toContainText('Bank Wire')
  await expect(methods.nth(0)).toContainText('1-3 business days')
  await expect(methods.nth(0)).toContainText('Lowest fees')
  await expect(methods.nth(1)).toContainText('Cash Pickup')
  await expect(methods.nth(1)).toContainText('Within hours')
  await expect(methods.nth(1)).toContainText('Medium fees')
  await expect(methods.nth(2)).toContainText('Mobile Wallet')
  await expect(methods.nth(2)).toContainText('Within minutes')
  await expect(methods.nth(2)).toContainText('Higher fees')

  const regions = page.getByTestId('regions').getByRole('link')
  await expect(regions).toHaveCount(6)
  const expected: [string, string, string][] = [
    ['North America', 'Fees 1.5-2.5%', 'north-america'],
    ['Europe', 'Fees 1.5-2.0%', 'europe'],
    ['Asia Pacific', 'Fees 2.0-3.0%', 'asia-pacific'],
    ['Middle East', 'Fees 2.5-3.5%', 'middle-east'],
    ['Caribbean', 'Fees 3.0-4.0%', 'caribbean'],
    ['Latin America', 'Fees 2.5-3.5%', 'latin-america'],
  ]
  for (const [index, [name, fees, id]] of expected.entries()) {
    const region = regions.nth(index)
    await expect(region).toContainText(name)
    await expect(region).toContainText(fees)
    await expect(region).toHaveAttribute('href', `/international-transfer?region=${id}`)
  }
  await expect(page.getByText('Most international transfers arrive within 24 hours.')).toBeVisible()
  await expect(
    page.getByRole('heading', { name: 'International transfer regulations' }),
  ).toBeVisible()
  await expectNoHorizontalOverflow(page)
})

test('sends money abroad: quote, recipient, review, and the payout reaches Completed', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'USD', '1000.00')
  await page.goto('/transfer-global')
  await page
    .getByTestId('regions')
    .getByRole('link', { name: /Europe/ })
    .click()
  await expect(page).toHaveURL(/\/international-transfer\?region=europe$/)
  await expect(page.getByRole('heading', { name: 'Send to Europe', level: 1 })).toBeVisible()

  await page.getByRole('combobox', { name: 'Country' }).click()
  await page.getByRole('option', { name: /Germany/ }).click()
  await page.getByRole('radio', { name: /Cash Pickup/ }).check()
  await page.getByLabel('You send').fill('100')
  // Europe's cash pickup fee is the middle of 1.5-2.0%: 1.75% of $100.00.
  const quote = page.getByTestId('international-quote')
  await expect(quote.getByTestId('quote-fee')).toHaveText('$1.75')
  await expect(quote.getByText('Fee (1.75%)')).toBeVisible()
  await expect(quote.getByTestId('quote-total')).toHaveText('$101.75')
  await expect(quote.getByTestId('quote-receive')).toHaveText(/^\d+\.\d{2} EUR$/)
  await expect(quote.getByTestId('quote-delivery')).toHaveText('Within hours')
  await expect(quote.getByTestId('quote-countdown')).toContainText(/Quote locked for \d+:\d{2}/)
  await expectNoHorizontalOverflow(page)

  // Details the method needs are asked for, each with its message.
  await page.getByRole('button', { name: 'Review transfer' }).click()
  await expect(page.getByText("Recipient's full name is required")).toBeVisible()
  await expect(page.getByText("Recipient's phone number is required")).toBeVisible()
  await page.getByLabel('Full name').fill('Kemi Adebayo')
  await page.getByLabel('Phone number').fill('+49 30 1234 5678')
  await page.getByRole('button', { name: 'Review transfer' }).click()

  const review = page.getByTestId('review')
  await expect(review.getByTestId('review-name')).toHaveText('Kemi Adebayo')
  await expect(review.getByTestId('review-country')).toContainText('Germany')
  await expect(review.getByTestId('review-method')).toHaveText('Cash Pickup')
  await expect(review.getByTestId('review-amount')).toHaveText('$100.00')
  await expect(review.getByTestId('quote-total')).toHaveText('$101.75')
  await expectNoHorizontalOverflow(page)
  await review.getByRole('button', { name: 'Send Money' }).click()
  await enterPin(page)

  await expect(page.getByText('Transfer Initiated', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Your international transfer is on its way', { exact: true }),
  ).toBeVisible()
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText('Kemi Adebayo, Germany')
  await closeReceipt(page)
  const progress = page.getByTestId('international-progress')
  await expect(progress).toContainText('$100.00 to Kemi Adebayo')
  await expect(progress.getByTestId('transaction-status')).toHaveText('Completed', {
    timeout: PAYOUT_TIMEOUT_MS,
  })
  await expect(progress.getByTestId('pickup-code')).toHaveText(/Pickup code: \d{10}/)
  await expect(progress.getByRole('link', { name: 'View transaction' })).toHaveAttribute(
    'href',
    /^\/transactions\/[0-9a-f-]{36}$/,
  )
  expect(await walletBalance(page, 'USD')).toBe('898.25')
  await expectNoHorizontalOverflow(page)

  // Once paid out, the recipient is offered for the next transfer to Germany by cash pickup.
  await progress.getByRole('button', { name: 'Send another' }).click()
  await page.getByRole('button', { name: /Fill in Kemi Adebayo/ }).click()
  await expect(page.getByLabel('Full name')).toHaveValue('Kemi Adebayo')
  await expect(page.getByLabel('Phone number')).toHaveValue('+493012345678')
})

test('/send-money/international?region=usa preselects the United States and guards the balance', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'USD', '100.00')
  await page.goto('/send-money/international?region=usa')
  await expect(page.getByRole('heading', { name: 'Send to North America', level: 1 })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Country' })).toContainText('United States')
  await page.getByRole('radio', { name: /Mobile Wallet/ }).check()
  await page.getByLabel('You send').fill('100')
  // $100.00 + 2.5% is more than the $100.00 there is.
  await expect(page.getByTestId('insufficient-balance')).toHaveText(
    'Insufficient balance: you need $102.50 but have $100.00 ($2.50 short).',
  )
  await expect(page.getByRole('button', { name: 'Review transfer' })).toBeDisabled()
  await expect(page.getByLabel('Mobile number')).toBeVisible()
  await expect(page.getByLabel('Wallet provider')).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await page.goto('/send-money/international?region=australia')
  await expect(page.getByRole('heading', { name: 'Send to Asia Pacific', level: 1 })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Country' })).toContainText('Australia')
  await expectNoHorizontalOverflow(page)
})

test.describe('when the quote lapses before the send', () => {
  // The refused send is a 409 the browser logs; it is the subject of this test.
  test.use({ allowConsoleErrors: [/status of 409/] })

  test('a new quote is fetched and shown, and the send goes through with it', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await addFundsByApi(page, 'USD', '500.00')
    await page.goto('/international-transfer?region=latin-america&country=MX&method=mobile_wallet')
    await expect(page.getByRole('combobox', { name: 'Country' })).toContainText('Mexico')
    await expect(page.getByRole('radio', { name: /Mobile Wallet/ })).toBeChecked()
    await page.getByLabel('You send').fill('50')
    await expect(page.getByTestId('quote-fee')).toHaveText('$1.75')
    await page.getByLabel('Full name').fill('Tolu Bello')
    await page.getByLabel('Mobile number').fill('+52 55 1234 5678')
    await page.getByLabel('Wallet provider').fill('Mercado Pago')
    await page.getByRole('button', { name: 'Review transfer' }).click()

    // The server refuses the first send as if the quote had just expired.
    let refusedQuoteId = ''
    await page.route('**/api/send-money/international', async (route) => {
      if (refusedQuoteId) return route.fallback()
      refusedQuoteId = sentBody.parse(route.request().postDataJSON()).quoteId
      await route.fulfill({
        status: 409,
        json: {
          message: 'Quote expired. Please review the new quote and send again.',
          code: 'QUOTE_EXPIRED',
        },
      })
    })
    // The new quote's answer, not only its request: Send waits for it (the review disables Send
    // while a quote is on its way), and the figures shown are the new quote's.
    const requote = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/international/quote') &&
        response.request().method() === 'POST',
    )
    const review = page.getByTestId('review')
    await review.getByRole('button', { name: 'Send Money' }).click()
    await enterPin(page)
    await requote
    await expect(page.getByText('New Quote', { exact: true })).toBeVisible()
    await expect(review.getByTestId('quote-total')).toHaveText('$51.75')
    expect(await walletBalance(page, 'USD')).toBe('500.00')

    const sent = page.waitForRequest('**/api/send-money/international')
    await review.getByRole('button', { name: 'Send Money' }).click()
    await enterPin(page)
    const body = sentBody.parse((await sent).postDataJSON())
    expect(body.quoteId).not.toBe(refusedQuoteId)
    expect(body.recipient).toMatchObject({ method: 'mobile_wallet', fullName: 'Tolu Bello' })
    await closeReceipt(page)
    await expect(page.getByTestId('international-progress')).toBeVisible()
    expect(await walletBalance(page, 'USD')).toBe('448.25')
  })
})
