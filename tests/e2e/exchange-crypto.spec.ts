import type { Page } from '@playwright/test'
import { formatAmount, formatAmountDigits } from '#client/lib/format-amount.ts'
import { exchangeRequestSchema, type Quote, quoteSchema } from '#shared/schemas/exchange.ts'
import { cryptocurrencySchema } from '#shared/schemas/reference.ts'
import { transactionPageSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
} from './fixtures.ts'

const QUOTES_PATH = '/api/quotes'
const EXCHANGE_PATH = '/api/exchange'
const PURCHASE_PATH = '/api/crypto/purchase'
const QUOTE_EXPIRED = 'This quote has expired. Please review the new rate and try again.'

/** Every quote the page is given, newest last, so a test knows the figures on screen. */
function recordQuotes(page: Page): Quote[] {
  const quotes: Quote[] = []
  page.on('response', async (response) => {
    if (!response.url().endsWith(QUOTES_PATH) || response.status() !== 201) return
    quotes.push(quoteSchema.parse(await response.json()))
  })
  return quotes
}

async function chooseCurrency(page: Page, select: string, code: string) {
  await page.getByRole('combobox', { name: select }).click()
  await page.getByRole('option', { name: new RegExp(code) }).click()
  await expect(page.getByRole('combobox', { name: select })).toContainText(code)
}

/** The coins a dollar amount buys at a price: amount ÷ price, truncated to 8 decimals. */
function expectedCoins(usdCents: bigint, price: string): string {
  const [whole = '0', fraction = ''] = price.split('.')
  const priceScaled = BigInt(whole + fraction.padEnd(8, '0').slice(0, 8))
  const satoshis = (usdCents * 10n ** 16n) / (100n * priceScaled)
  const text = satoshis.toString().padStart(9, '0')
  return `${text.slice(0, -8)}.${text.slice(-8)}`
}

test('a new user exchanges naira for dollars, buys bitcoin and sees both in the history', async ({
  page,
  signUp,
}) => {
  await signUp({ firstName: 'Ngozi' })
  await addFundsByApi(page, 'NGN', '1000000.00')
  const quotes = recordQuotes(page)

  // Exchange: NGN → USD at a locked quote.
  await page.goto('/exchange')
  await expect(page.getByRole('heading', { name: 'Exchange', exact: true })).toBeVisible()
  await chooseCurrency(page, 'From', 'NGN')
  // The to-list never offers the from-currency; choosing it swapped the pair.
  await expect(page.getByRole('combobox', { name: 'To' })).toContainText('USD')
  await page.getByRole('combobox', { name: 'To' }).click()
  await expect(page.getByRole('option', { name: /NGN/ })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('exchange-from-balance')).toHaveText('Balance: ₦1,000,000.00')

  await page.getByLabel('Amount').fill('150000')
  await expect(page.getByTestId('exchange-quote-status')).toContainText(/Rate locked for \d+s/)
  await expect(page.getByTestId('exchange-fee')).toHaveText('₦750.00')
  await expect(page.getByTestId('exchange-total')).toHaveText('₦150,750.00')
  await expect(page.getByText('Exchange fee (0.5%)')).toBeVisible()
  await expect(
    page.getByText('A 0.5% exchange fee is added to the amount you exchange.'),
  ).toBeVisible()
  const shownQuote = quotes.at(-1)
  if (!shownQuote) throw new Error('no quote was fetched')
  expect(shownQuote.totalDebit).toBe('150750.00')
  await expect(page.getByTestId('exchange-receive')).toHaveText(
    formatAmountDigits(shownQuote.receiveAmount, 'USD', { language: 'en' }),
  )
  // As people read it, from the dollar's side, with the exact rate one tap away.
  await expect(page.getByTestId('exchange-rate')).toHaveText(/^1 USD = ₦\d{1,3}(,\d{3})*\.\d{2}$/)
  await page.getByRole('button', { name: 'Exact rate' }).click()
  await expect(page.getByTestId('exchange-rate')).toHaveText(/^1 NGN = 0\.\d+ USD$/)
  await page.getByRole('button', { name: 'Rounded rate' }).click()
  await expect(page.getByTestId('exchange-change')).toContainText(/[+-]\d+\.\d{2}% in 24h/)
  await expectNoHorizontalOverflow(page)

  const exchangeRequest = page.waitForRequest(
    (request) => request.url().endsWith(EXCHANGE_PATH) && request.method() === 'POST',
  )
  const exchangeResponse = page.waitForResponse((response) =>
    response.url().endsWith(EXCHANGE_PATH),
  )
  await page.getByRole('button', { name: 'Exchange NGN to USD' }).click()
  const review = page.getByTestId('review-sheet')
  await expect(review).toContainText('₦150,000.00')
  await expect(review).toContainText('₦150,750.00')
  await confirmWithPin(page)
  const sent = await exchangeRequest
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/)
  const exchanged = transactionSchema.parse(await (await exchangeResponse).json())
  await expect(page.getByText('Exchange Successful', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Currency exchange completed successfully', { exact: true }),
  ).toBeVisible()
  await closeReceipt(page)
  await expect(page.getByLabel('Amount')).toHaveValue('')
  // The exchange used a quote the page showed, at that quote's figures.
  const { quoteId } = exchangeRequestSchema.parse(sent.postDataJSON())
  const usedQuote = quotes.find((quote) => quote.id === quoteId)
  expect(usedQuote).toBeDefined()
  expect(exchanged.type).toBe('exchange')
  expect(exchanged.amount).toBe('150000.00')
  expect(exchanged.fee).toBe('750.00')
  expect(exchanged.convertedAmount).toBe(usedQuote?.receiveAmount)
  const receivedUsd = exchanged.convertedAmount ?? ''
  expect(await walletBalance(page, 'NGN')).toBe('849250.00')
  expect(await walletBalance(page, 'USD')).toBe(receivedUsd)
  await expect(page.getByTestId('exchange-wallet-NGN')).toContainText('₦849,250.00')
  await expect(page.getByTestId('exchange-wallet-USD')).toContainText(
    formatAmount(receivedUsd, { code: 'USD', symbol: '$' }, { language: 'en' }),
  )

  await page.goto('/')
  // Naira and dollars together, valued in the display currency: without a country, the
  // currency holding the most value (naira here); the dollars are the other wallet.
  await expect(page.getByTestId('balance-currency')).toHaveText('NGN')
  await expect(page.getByTestId('balance-estimate')).toBeVisible()
  await expect(page.getByTestId('wallet-balance-USD')).toHaveText(
    formatAmount(receivedUsd, { code: 'USD', symbol: '$' }, { language: 'en' }),
  )
  await expect(page.getByTestId('wallet-balance-NGN')).toHaveCount(0)
  // No crypto yet: the dashboard has no holdings card.
  await expect(page.getByRole('heading', { name: 'Crypto holdings' })).toHaveCount(0)

  // Buy Crypto: BTC for $10.00 from the USD wallet.
  const listResponse = page.waitForResponse((response) =>
    response.url().endsWith('/api/cryptocurrencies'),
  )
  await page.goto('/crypto-purchase')
  const coins = cryptocurrencySchema.array().parse(await (await listResponse).json())
  expect(coins.map((coin) => coin.code)).toEqual(['BTC', 'ETH', 'USDT', 'BNB'])
  const btc = coins.find((coin) => coin.code === 'BTC')
  if (!btc) throw new Error('BTC is not on sale')
  await expect(page.getByRole('heading', { name: 'Buy Crypto', exact: true })).toBeVisible()
  await expect(page.getByText('No crypto yet')).toBeVisible()
  await expect(page.getByText('Coins you buy will appear here.')).toBeVisible()
  for (const coin of ['BTC', 'ETH', 'USDT', 'BNB']) {
    await expect(page.getByTestId(`crypto-option-${coin}`)).toBeVisible()
  }
  await page.getByTestId('crypto-option-BTC').click()
  await expect(page.getByTestId('crypto-option-BTC')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('heading', { name: 'Buy Bitcoin' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Wallet Balance/ })).toBeChecked()
  await expect(page.getByRole('radio', { name: /Credit\/Debit Card/ })).not.toBeChecked()
  await page.getByLabel('Amount (USD)').fill('10')
  await chooseCurrency(page, 'Payment Currency', 'USD')
  await expect(page.getByTestId('crypto-pay-balance')).toHaveText(
    `Balance: $${formatAmountDigits(receivedUsd, 'USD', { language: 'en' })}`,
  )
  await expect(page.getByTestId('crypto-preview')).toHaveText(
    `${expectedCoins(1000n, btc.price)} BTC`,
  )
  await expect(page.getByTestId('crypto-preview')).toHaveText(/^\d+\.\d{8} BTC$/)
  await expect(page.getByTestId('crypto-cost')).toHaveText('$10.00')
  await expectNoHorizontalOverflow(page)

  const purchaseResponse = page.waitForResponse((response) =>
    response.url().endsWith(PURCHASE_PATH),
  )
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  await expect(page.getByTestId('review-sheet')).toContainText(/\d+\.\d{8} BTC/)
  await confirmWithPin(page)
  const purchase = transactionSchema.parse(await (await purchaseResponse).json())
  await expect(page.getByText('Purchase Successful', { exact: true })).toBeVisible()
  await closeReceipt(page)
  await expect(
    page.getByText('Your cryptocurrency purchase has been completed successfully.', {
      exact: true,
    }),
  ).toBeVisible()
  // Success resets the form (docs/screens.md "Buy Crypto screen"): no coin is chosen any more.
  await expect(page.getByLabel('Amount (USD)')).toHaveCount(0)
  expect(purchase.type).toBe('purchase')
  expect(purchase.amount).toBe('10.00')
  const bought = purchase.convertedAmount ?? ''
  expect(bought).toMatch(/^0\.\d{8}$/)
  await expect(page.getByTestId('crypto-holding-BTC')).toContainText(`${bought} BTC`)
  await expect(page.getByTestId('crypto-holding-BTC')).toContainText(/\$\d+\.\d{2}/)
  await expect(page.getByText('No crypto yet')).toHaveCount(0)
  const usdLeft = await walletBalance(page, 'USD')
  const [whole = '0', cents = '00'] = receivedUsd.split('.')
  const expectedLeft = BigInt(whole + cents) - 1000n
  expect(usdLeft).toBe(
    `${expectedLeft / 100n}.${(expectedLeft % 100n).toString().padStart(2, '0')}`,
  )

  // The dashboard now lists the holding with its dollar value, and leads back here.
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Crypto holdings' })).toBeVisible()
  await expect(page.getByTestId('crypto-holding-BTC')).toContainText(`${bought} BTC`)
  await expect(page.getByRole('link', { name: 'Buy more' })).toHaveAttribute(
    'href',
    '/crypto-purchase',
  )
  await expectNoHorizontalOverflow(page)

  // The history shows the top-up, the exchange and the purchase.
  await page.goto('/transactions')
  const rows = page.getByTestId('transaction-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('BTC')
  await expect(rows.nth(0)).toContainText('-$10.00')
  await expect(rows.nth(1)).toContainText('Exchanged NGN to USD')
  await expect(rows.nth(1)).toContainText('₦150,000.00')
  await expect(rows.nth(1)).not.toContainText('-₦150,000.00')
  await expect(rows.nth(1).getByTestId('transaction-conversion')).toHaveText(
    `150,000.00 NGN → ${formatAmountDigits(receivedUsd, 'USD', { language: 'en' })} USD`,
  )
  await expectNoHorizontalOverflow(page)
  const history = transactionPageSchema.parse(
    await (await page.request.get('/api/transactions?limit=50')).json(),
  )
  expect(history.items.map((item) => item.type)).toEqual(['purchase', 'exchange', 'add_funds'])
})

test('the exchange form refuses what it cannot send, with the documented toasts', async ({
  page,
  signUp,
}) => {
  await signUp()
  const exchangeCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith(EXCHANGE_PATH)) exchangeCalls.push(request.method())
  })

  await page.goto('/exchange')
  // A new account opens with its primary wallet as the source.
  const submit = page.getByRole('button', { name: 'Exchange USD to NGN' })
  await expect(submit).toBeVisible()
  await expect(page.getByTestId('exchange-from-balance')).toHaveText('Balance: $0.00')

  await submit.click()
  await expect(page.getByText('Invalid Input', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please fill in all fields with valid amounts', { exact: true }),
  ).toBeVisible()

  await page.getByLabel('Amount').fill('0')
  await submit.click()
  await expect(page.getByText('Invalid Input', { exact: true })).toBeVisible()

  await page.getByLabel('Amount').fill('50')
  await submit.click()
  await expect(page.getByText('Insufficient Balance', { exact: true })).toBeVisible()
  await expect(page.getByText('Not enough funds in source wallet', { exact: true })).toBeVisible()

  // The fee counts: exactly the amount is not enough.
  await addFundsByApi(page, 'USD', '50.00')
  await page.reload()
  await page.getByLabel('Amount').fill('50')
  await expect(page.getByTestId('exchange-total')).toHaveText('$50.25')
  await page.getByRole('button', { name: 'Exchange USD to NGN' }).click()
  await expect(page.getByText('Insufficient Balance', { exact: true })).toBeVisible()

  // No EUR wallet to exchange from.
  await chooseCurrency(page, 'From', 'EUR')
  await expect(page.getByTestId('exchange-from-balance')).toHaveText('No EUR wallet yet')
  await page.getByRole('button', { name: /^Exchange EUR to / }).click()
  await expect(page.getByText('Wallet Not Found', { exact: true })).toBeVisible()
  await expect(
    page.getByText('You have no EUR wallet to exchange from', { exact: true }),
  ).toBeVisible()

  // The swap button turns the pair around.
  await page.getByRole('button', { name: 'Swap currencies' }).click()
  await expect(page.getByRole('combobox', { name: 'To' })).toContainText('EUR')
  await expectNoHorizontalOverflow(page)
  expect(exchangeCalls).toEqual([])
})

test.describe('refusals from the server', () => {
  // Chromium logs the 409 answers; here they are the expected outcome.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] })

  test('an expired quote is replaced for the user to review, then the exchange goes through', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await addFundsByApi(page, 'USD', '100.00')
    const quotes = recordQuotes(page)
    let refuse = true
    await page.route(`**${EXCHANGE_PATH}`, async (route) => {
      if (!refuse) return route.continue()
      refuse = false
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: QUOTE_EXPIRED, code: 'QUOTE_EXPIRED' }),
      })
    })

    await page.goto('/exchange')
    await page.getByLabel('Amount').fill('20')
    await expect(page.getByTestId('exchange-quote-status')).toContainText('Rate locked for')
    const quotesBefore = quotes.length
    await page.getByRole('button', { name: 'Exchange USD to NGN' }).click()
    await confirmWithPin(page)
    await expect(page.getByText('Exchange Failed', { exact: true })).toBeVisible()
    await expect(page.getByText(QUOTE_EXPIRED, { exact: true })).toBeVisible()
    // A fresh quote is fetched at once, and what was typed stays.
    await expect.poll(() => quotes.length).toBeGreaterThan(quotesBefore)
    await expect(page.getByLabel('Amount')).toHaveValue('20')

    await page.getByRole('button', { name: 'Exchange USD to NGN' }).click()
    await confirmWithPin(page)
    await expect(page.getByText('Exchange Successful', { exact: true })).toBeVisible()
    expect(await walletBalance(page, 'USD')).toBe('79.90')
  })

  test('the purchase form checks its fields, and a purchase the wallet cannot cover stops before the PIN', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await page.goto('/crypto-purchase')
    await page.getByTestId('crypto-option-ETH').click()
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('0')
    await page.getByRole('button', { name: 'Buy ETH' }).click()
    await expect(page.getByText('Amount must be greater than 0')).toBeVisible()
    // The primary wallet's currency is chosen already.
    await expect(page.getByRole('combobox', { name: 'Payment Currency' })).toContainText('USD')

    await page.getByLabel('Amount (USD)').fill('0.001')
    await expect(page.getByText('Amount must be greater than 0')).toBeVisible()

    await page.getByLabel('Amount (USD)').fill('25')
    await chooseCurrency(page, 'Payment Currency', 'USD')
    await expect(page.getByTestId('crypto-preview')).toHaveText(/^\d+\.\d{8} ETH$/)
    await expect(page.getByText('This is more than your balance of $0.00.')).toBeVisible()
    await page.getByRole('button', { name: 'Buy ETH' }).click()
    // The review says what is missing and goes no further: no PIN for a payment that must fail.
    const review = page.getByTestId('review-sheet')
    await expect(review.getByTestId('shortfall-warning')).toContainText('you need $25.00 more')
    await expect(review.getByRole('button', { name: 'Confirm and enter PIN' })).toBeDisabled()
    await review.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('pin-step')).toHaveCount(0)
    // The form keeps what was typed, to be corrected.
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('25')
    await expect(page.getByText('No crypto yet')).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
})
