import { randomBytes, randomUUID } from 'node:crypto'
import type { Browser, Page, Request } from '@playwright/test'
import { userSchema } from '#shared/schemas/auth.ts'
import { transactionPageSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  closeReceipt,
  confirmWithPin,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  test,
  walletBalance,
  walletIn,
} from './fixtures.ts'

const SEARCH_PATH = '/api/users/search'
const TRANSFER_PATH = '/api/send-money/sabi-user'

/** A last name no other test user has, so a search for part of it finds exactly one person. */
function uniqueLastName(): string {
  const letters = Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26)))
  return `Okafor${letters.join('')}`
}

/**
 * A second user in a browser context of their own (same viewport as the test's page), signed
 * in, with their console watched like the test's own page.
 */
async function signUpElsewhere(
  browser: Browser,
  page: Page,
  baseURL: string | undefined,
  overrides: Parameters<typeof newUserDetails>[0],
) {
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const other = await context.newPage()
  const problems: string[] = []
  other.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  other.on('pageerror', (error) => problems.push(error.message))
  const details = newUserDetails(overrides)
  const response = await other.request.post('/api/auth/signup', { data: details })
  expect(response.status(), await response.text()).toBe(201)
  return { page: other, details, problems, close: () => context.close() }
}

async function transactionTypes(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/transactions?limit=50')
  expect(response.status()).toBe(200)
  return transactionPageSchema.parse(await response.json()).items.map((item) => item.type)
}

async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user')
  expect(response.status()).toBe(200)
  return userSchema.parse(await response.json()).id
}

/** On /sabi-transfer: finds the user by part of their last name and picks them. */
async function chooseRecipient(page: Page, user: { firstName: string; lastName: string }) {
  await page.getByLabel('Find a Sabi user').fill(user.lastName.slice(-7))
  await page.getByRole('button', { name: new RegExp(`${user.firstName} ${user.lastName}`) }).click()
  await expect(page.getByTestId('selected-recipient')).toContainText(
    `${user.firstName} ${user.lastName}`,
  )
}

async function fillTransfer(page: Page, amount: string, description?: string) {
  await page.getByRole('combobox', { name: 'From wallet' }).click()
  await page.getByRole('option', { name: /^USD/ }).click()
  await page.getByLabel('Amount').fill(amount)
  if (description) await page.getByLabel('Description (optional)').fill(description)
}

test('money moves from one user to another and shows in both histories', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp({ firstName: 'Amaka' })
  const recipient = await signUpElsewhere(browser, page, baseURL, {
    firstName: 'Chidi',
    lastName: uniqueLastName(),
  })

  // A new user's history is empty and offers a working top-up.
  await page.goto('/transactions')
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible()
  await expect(page.getByText('No transactions yet')).toBeVisible()
  await expect(
    page.getByText('Start by sending money or adding funds to your wallet.'),
  ).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Send Money' })).toHaveAttribute(
    'href',
    '/send-money',
  )
  await expectNoHorizontalOverflow(page)
  await page.getByRole('main').getByRole('button', { name: 'Add Funds' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Funds' })
  await expect(dialog.getByText('Sandbox', { exact: true })).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Wallet' }).click()
  await page.getByRole('option', { name: /^USD/ }).click()
  await dialog.getByLabel('Amount').fill('500')
  await dialog.getByRole('radio', { name: /Bank transfer/ }).check()
  await dialog.getByRole('button', { name: 'Add Funds' }).click()
  await expect(page.getByText('Funds Added', { exact: true })).toBeVisible()
  await expect(
    page.getByText('$500.00 was added to your USD wallet', { exact: true }),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  const firstRow = page.getByTestId('transaction-row').first()
  await expect(firstRow).toContainText('+$500.00')
  await expect(firstRow.getByTestId('transaction-status')).toHaveText('Completed')

  await page.goto('/')
  await expect(page.getByTestId('balance-amount')).toHaveText('$500.00')

  // The hub leads to the user-to-user transfer.
  await page.goto('/send-money')
  await expectNoHorizontalOverflow(page)
  await page.getByRole('link', { name: /Sabi Transfer/ }).click()
  await expect(page).toHaveURL('/sabi-transfer')
  await expect(page).toHaveTitle('Sabi Transfer · Sabi')
  await chooseRecipient(page, recipient.details)
  await expect(page.getByTestId('selected-recipient')).toContainText(
    `@${recipient.details.username}`,
  )
  await fillTransfer(page, '125.50', 'Rent share')
  await expect(page.getByTestId('wallet-balance')).toHaveText('Available: $500.00')
  await expect(page.getByText('Sabi transfers are free and arrive instantly.')).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.getByRole('button', { name: 'Send Money' }).click()
  // The review names the recipient and the figures before anything moves.
  const review = page.getByTestId('review-sheet')
  await expect(review.getByRole('heading', { name: 'Review transfer' })).toBeVisible()
  await expect(review.getByTestId('review-recipient')).toContainText(
    `@${recipient.details.username}`,
  )
  await expect(review).toContainText('$125.50')
  await expect(review).toContainText('Free')
  expect(await walletBalance(page, 'USD')).toBe('500.00')
  await confirmWithPin(page)
  await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Money sent successfully to Sabi user', { exact: true }),
  ).toBeVisible()
  // It lands on the receipt: status, amount, the other party and a code anyone can check.
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Successful')
  await expect(receipt.getByTestId('receipt-headline-amount')).toHaveText('-$125.50')
  await expect(receipt.getByTestId('receipt-counterparty')).toHaveText(
    `Chidi ${recipient.details.lastName}`,
  )
  await expect(receipt.getByTestId('receipt-verificationCode')).toHaveText(
    /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/,
  )
  await expectNoHorizontalOverflow(page)
  await closeReceipt(page)

  // Success resets the form and the selection (docs/screens.md "Sabi transfer screen").
  await expect(page.getByTestId('selected-recipient')).toHaveCount(0)
  await expect(page.getByLabel('Find a Sabi user')).toHaveValue('')
  await expect(page.getByLabel('Amount')).toHaveCount(0)

  await page.goto('/transactions')
  const sent = page.getByTestId('transaction-row').first()
  await expect(sent).toContainText('Rent share')
  await expect(sent).toContainText('-$125.50')
  await expect(sent.getByTestId('transaction-counterparty')).toHaveText(
    `With Chidi ${recipient.details.lastName}`,
  )
  await expect(sent.getByTestId('transaction-status')).toHaveText('Completed')
  await expect(page.getByTestId('transaction-row')).toHaveCount(2)
  await expectNoHorizontalOverflow(page)
  expect(await walletBalance(page, 'USD')).toBe('374.50')

  await recipient.page.goto('/transactions')
  const received = recipient.page.getByTestId('transaction-row').first()
  await expect(received).toContainText('Rent share')
  await expect(received).toContainText('+$125.50')
  await expect(received.getByTestId('transaction-status')).toHaveText('Completed')
  expect(recipient.problems).toEqual([])
  await recipient.close()
})

test('the search waits for three characters, and a missing recipient is a toast', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  await signUp()
  // Enough for the 5 typed below: an amount over the balance keeps Send disabled.
  await addFundsByApi(page, 'USD', '20.00')
  const other = await signUpElsewhere(browser, page, baseURL, { lastName: uniqueLastName() })
  await other.close()
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(SEARCH_PATH)) searches.push(request.url())
  })

  await page.goto('/sabi-transfer')
  await page.getByLabel('Find a Sabi user').fill(other.details.lastName.slice(-2))
  await expect(page.getByText('Type at least 3 characters to search')).toBeVisible()
  // Well past the debounce: still nothing asked of the server.
  await page.waitForTimeout(800)
  expect(searches).toEqual([])

  await chooseRecipient(page, other.details)
  expect(searches).toHaveLength(1)
  expect(new URL(searches[0] ?? '').searchParams.get('q')).toBe(other.details.lastName.slice(-7))

  // Changing one's mind keeps the details; sending with nobody chosen is refused.
  await fillTransfer(page, '5')
  await page.getByRole('button', { name: 'Change' }).click()
  await page.getByRole('button', { name: 'Send Money' }).click()
  await expect(page.getByText('No Recipient Selected', { exact: true })).toBeVisible()
  await expect(page.getByText('Please select a recipient', { exact: true })).toBeVisible()

  // The form's own rules (docs/screens.md "Validation") show beside their fields.
  await chooseRecipient(page, other.details)
  await page.getByLabel('Amount').fill('0')
  await page.getByRole('button', { name: 'Send Money' }).click()
  await expect(page.getByText('Amount must be greater than 0')).toBeVisible()
  expect(await transactionTypes(page)).toEqual(['add_funds'])
})

test.describe('refusals', () => {
  // Chromium logs the 409 answer; here it is the expected outcome.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] })

  test('sending more than the balance is stopped before the PIN, and the server still refuses what it cannot cover', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp()
    const other = await signUpElsewhere(browser, page, baseURL, { lastName: uniqueLastName() })
    await addFundsByApi(page, 'USD', '60.00')

    await page.goto('/sabi-transfer')
    await chooseRecipient(page, other.details)
    await fillTransfer(page, '70')
    await expect(page.getByText('This is more than your balance of $60.00.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send Money' })).toBeDisabled()

    // The money leaves from another device while the form still shows $60.00.
    await fillTransfer(page, '50')
    const elsewhere = await page.request.post('/api/send-money/sabi-user', {
      data: {
        fromWalletId: (await walletIn(page, 'USD')).id,
        recipientUserId: await userIdOf(other.page),
        amount: '40.00',
        pin: E2E_PIN,
      },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(elsewhere.status(), await elsewhere.text()).toBe(201)
    await page.getByRole('button', { name: 'Send Money' }).click()
    await confirmWithPin(page)
    await expect(page.getByText('Transfer Failed', { exact: true })).toBeVisible()
    await expect(
      page.getByText(
        'Insufficient funds: you need $50.00 but your balance is $20.00 ($30.00 short)',
        { exact: true },
      ),
    ).toBeVisible()
    // The form keeps what was typed, to be corrected.
    await expect(page.getByLabel('Amount')).toHaveValue('50')
    expect(await walletBalance(page, 'USD')).toBe('20.00')
    expect(await transactionTypes(other.page)).toEqual(['receive'])
    await other.close()
  })
})

test('a double click on Send Money sends once', async ({ page, signUp, browser, baseURL }) => {
  await signUp()
  const other = await signUpElsewhere(browser, page, baseURL, { lastName: uniqueLastName() })
  await addFundsByApi(page, 'USD', '100.00')
  const posts: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes(TRANSFER_PATH) && request.method() === 'POST') posts.push(request)
  })
  // Hold the answer so the pending state can be seen.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(`**${TRANSFER_PATH}`, async (route) => {
    await held
    await route.continue()
  })

  await page.goto('/sabi-transfer')
  await chooseRecipient(page, other.details)
  await fillTransfer(page, '10')
  await page.getByRole('button', { name: 'Send Money' }).dblclick()
  await expect(page.getByTestId('review-sheet')).toHaveCount(1)
  await confirmWithPin(page)
  await expect(page.getByRole('heading', { name: 'Processing...' })).toBeVisible()
  release()
  await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()

  expect(await walletBalance(page, 'USD')).toBe('90.00')
  expect((await transactionTypes(page)).filter((type) => type === 'send')).toHaveLength(1)
  // However many requests left the page, they were one submission.
  const keys = new Set(posts.map((request) => request.headers()['idempotency-key']))
  expect(keys.size).toBe(1)
  await other.close()
})

test.describe('lost answers', () => {
  // The test cuts the connection after the server answered; Chromium logs the failed fetch.
  test.use({ allowConsoleErrors: [/net::ERR_FAILED/] })

  test('a retry after a lost answer reuses the key and moves the money once', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp()
    const other = await signUpElsewhere(browser, page, baseURL, { lastName: uniqueLastName() })
    await addFundsByApi(page, 'USD', '100.00')
    const keys: (string | undefined)[] = []
    let answers = 0
    await page.route(`**${TRANSFER_PATH}`, async (route) => {
      keys.push(route.request().headers()['idempotency-key'])
      const response = await route.fetch()
      answers += 1
      // The first answer is lost on the way back: the money moved but the page never hears.
      if (answers === 1) await route.abort('failed')
      else await route.fulfill({ response })
    })

    await page.goto('/sabi-transfer')
    await chooseRecipient(page, other.details)
    await fillTransfer(page, '30')
    await page.getByRole('button', { name: 'Send Money' }).click()
    await confirmWithPin(page)
    await expect(page.getByText('Transfer Failed', { exact: true })).toBeVisible()
    await expect(page.getByText('Failed to send money', { exact: true })).toBeVisible()

    // The same submission again: the same key, and the server answers with the first result.
    await page.getByRole('button', { name: 'Send Money' }).click()
    await confirmWithPin(page)
    await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    expect(await walletBalance(page, 'USD')).toBe('70.00')
    expect((await transactionTypes(page)).filter((type) => type === 'send')).toHaveLength(1)
    await other.close()
  })
})

test('the dashboard lists other wallets and opens a new one', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/')
  const wallets = page.getByRole('region', { name: 'Other wallets' })
  await expect(wallets.getByTestId('wallet-balance-NGN')).toHaveText('₦0.00')
  await expectNoHorizontalOverflow(page)

  await wallets.getByRole('button', { name: /Add wallet/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Open a wallet' })
  // Only currencies the user holds no wallet in are offered.
  await expect(dialog.getByRole('radio', { name: /NGN/ })).toHaveCount(0)
  await expect(dialog.getByRole('radio', { name: /USD/ })).toHaveCount(0)
  await dialog.getByRole('radio', { name: /EUR/ }).check()
  await dialog.getByRole('button', { name: 'Open Wallet' }).click()
  await expect(page.getByText('Wallet Opened', { exact: true })).toBeVisible()
  await expect(page.getByText('Your EUR wallet is ready', { exact: true })).toBeVisible()
  await expect(wallets.getByTestId('wallet-balance-EUR')).toHaveText('€0.00')
  await expectNoHorizontalOverflow(page)

  // The dashboard's own Add Funds opens the same top-up.
  await page.getByRole('main').getByRole('button', { name: 'Add Funds' }).click()
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' })
  await addFunds.getByRole('combobox', { name: 'Wallet' }).click()
  await page.getByRole('option', { name: /^EUR/ }).click()
  await addFunds.getByLabel('Amount').fill('1000000.01')
  await addFunds.getByRole('button', { name: 'Add Funds' }).click()
  await expect(addFunds.getByText('You can add at most €1,000,000.00 at a time')).toBeVisible()
  await addFunds.getByLabel('Amount').fill('75.25')
  await addFunds.getByRole('button', { name: 'Add Funds' }).click()
  await expect(page.getByText('€75.25 was added to your EUR wallet', { exact: true })).toBeVisible()
  await expect(wallets.getByTestId('wallet-balance-EUR')).toHaveText('€75.25')
})

test('every money form opens on the default wallet chosen in Settings', async ({
  page,
  signUp,
}) => {
  await signUp()
  const ngn = await walletIn(page, 'NGN')
  const saved = await page.request.put('/api/settings', { data: { defaultWalletId: ngn.id } })
  expect(saved.status()).toBe(200)
  await page.goto('/bank-transfer')
  await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('NGN')
  await page.goto('/receive-money')
  await expect(page.getByRole('combobox', { name: 'Receive into' })).toContainText('NGN')
  await page.goto('/exchange')
  await expect(page.getByRole('button', { name: /^Exchange NGN to / })).toBeVisible()
})
