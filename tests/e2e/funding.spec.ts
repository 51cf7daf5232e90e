import type { Page } from '@playwright/test'
import type { Bank } from '#client/entities/banks/use-banks.ts'
import {
  type FundingBankAccount,
  fundingBankAccountSchema,
  type TopUpStatus,
} from '#shared/schemas/funding.ts'
import { currencySchema } from '#shared/schemas/reference.ts'
import type { Transaction, TransactionDetails } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  confirmWithPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletIn,
} from './fixtures.ts'

/**
 * Money in and the wider bank directory (docs/funding.md, docs/transfers.md "Banks"): the
 * searchable bank picker, a name no bank checked, the user's own account number, the card
 * checkout's return page, and the statuses a bank can give a transaction afterwards. Where the
 * sandbox cannot produce an answer (a directory of hundreds of banks, a checkout provider, a
 * reversal), page.route gives the app the answer the server would.
 */

const ACCOUNT: FundingBankAccount = {
  accountNumber: '9930000737',
  accountName: 'Sabi / Tunde Bakare',
  bankName: 'Titan Trust Bank',
}

/** Nigeria's full directory, in miniature: the fintechs, microfinance banks, and filler. */
function longDirectory(): Bank[] {
  const ng = (name: string, code: string): Bank => ({
    name,
    code,
    country: 'NG',
    currency: 'NGN',
    nameEnquiry: true,
  })
  const filler = Array.from({ length: 300 }, (_, index) =>
    ng(`Community Microfinance Bank ${index + 1}`, `8${String(index).padStart(5, '0')}`),
  )
  return [
    ng('Access Bank', '044'),
    ng('GTBank', '058'),
    ng('Kuda Microfinance Bank', '50211'),
    ng('Moniepoint MFB', '50515'),
    ng('OPay', '999992'),
    ng('PalmPay', '999991'),
    ...filler,
    { name: 'FNB', code: '250655', country: 'ZA', currency: 'ZAR', nameEnquiry: false },
    { name: 'M-Pesa', code: 'MPESA', country: 'KE', currency: 'KES', nameEnquiry: false },
  ]
}

async function openWalletByApi(page: Page, code: string) {
  const currencies = currencySchema
    .array()
    .parse(await (await page.request.get('/api/currencies')).json())
  const currency = currencies.find((candidate) => candidate.code === code)
  if (!currency) throw new Error(`no currency ${code}`)
  const response = await page.request.post('/api/wallets', { data: { currencyId: currency.id } })
  expect(response.status(), await response.text()).toBe(201)
}

/** Serves the checkout server's start-up answer: Add Funds by card goes to the provider. */
async function serveCheckoutInit(page: Page) {
  await page.route('**/api/init', async (route) => {
    const real = await route.fetch()
    await route.fulfill({ json: { ...(await real.json()), topUps: 'checkout' } })
  })
}

function topUp(status: TopUpStatus['status'], reference = 'T_REF_1'): TopUpStatus {
  return { reference, status, amount: '5000.00', currency: 'NGN', transactionId: null }
}

test('the bank picker finds a bank among hundreds by part of its name, by tap or by keyboard', async ({
  page,
  signUp,
}) => {
  await page.route('**/api/banks', (route) => route.fulfill({ json: longDirectory() }))
  await signUp()
  await page.goto('/bank-transfer')

  const field = page.getByRole('combobox', { name: 'Bank' })
  await expect(field).toHaveText('Select a bank')
  await field.click()
  const picker = page.getByTestId('bank-picker')
  const search = picker.getByRole('combobox', { name: 'Search banks' })
  await expect(search).toBeFocused()
  // Grouped by country, each with the currency its banks receive.
  await expect(picker.getByRole('group', { name: 'Nigeria · NGN' })).toBeVisible()

  // Lower case finds OPay, and only it; a tap chooses it.
  await search.fill('opay')
  await expect(picker.getByRole('option')).toHaveCount(1)
  await expect(picker.getByTestId('bank-results')).toHaveText('1 bank')
  await picker.getByRole('option', { name: 'OPay', exact: true }).click()
  await expect(picker).toBeHidden()
  await expect(field).toHaveText('OPay')
  await expect(field).toBeFocused()

  // Typing on the closed field starts a search; the arrow keys and Enter choose.
  await field.press('p')
  await expect(search).toHaveValue('p')
  await search.pressSequentially('alm pay')
  await expect(picker.getByRole('option', { name: 'PalmPay', exact: true })).toHaveAttribute(
    'data-active',
  )
  await search.press('Enter')
  await expect(field).toHaveText('PalmPay')

  await field.click()
  await search.fill('MONIE')
  await expect(picker.getByRole('option')).toHaveCount(1)
  await search.fill('kuda')
  await search.press('ArrowDown')
  await search.press('ArrowUp')
  await search.press('Enter')
  await expect(field).toHaveText('Kuda Microfinance Bank')

  // The chosen bank is marked when the picker opens again; nothing found says so.
  await field.click()
  await expect(picker.getByRole('option', { selected: true })).toHaveText('Kuda Microfinance Bank')
  await search.fill('no such bank')
  await expect(picker.getByRole('option')).toHaveCount(0)
  await expect(picker.getByTestId('bank-results')).toHaveText('No bank matches “no such bank”')
  await expectNoHorizontalOverflow(page)
  await page.keyboard.press('Escape')
  await expect(field).toHaveText('Kuda Microfinance Bank')
})

test('the sandbox directory: searching it finds GTBank, and Enter chooses the first match', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/bank-transfer')
  const field = page.getByRole('combobox', { name: 'Bank' })
  await field.click()
  const search = page.getByRole('combobox', { name: 'Search banks' })
  await search.fill('gt')
  await expect(page.getByRole('option', { name: 'GTBank', exact: true })).toBeVisible()
  await search.press('Enter')
  await expect(field).toHaveText('GTBank')
})

test('a South African bank checks no name: the user types it, and the review says it was not checked', async ({
  page,
  signUp,
}) => {
  test.slow()
  await signUp()
  await openWalletByApi(page, 'ZAR')
  await addFundsByApi(page, 'ZAR', '5000.00')
  await page.goto('/bank-transfer')

  await page.getByRole('combobox', { name: 'Bank' }).click()
  await page.getByRole('combobox', { name: 'Search banks' }).fill('fnb')
  await page.getByRole('option', { name: 'FNB', exact: true }).click()
  await expect(page.getByRole('combobox', { name: 'From wallet' })).toContainText('ZAR')

  await page.getByLabel('Account number').fill('6200123456')
  const name = page.getByLabel('Account holder name')
  await expect(name).toHaveAccessibleDescription(
    "FNB does not confirm account names: type the account holder's name yourself.",
  )
  // Nothing is waited for: no "Checking the account...", no name filled in.
  await expect(page.getByText('Checking the account...')).toHaveCount(0)
  await expect(page.getByTestId('resolved-account-name')).toHaveCount(0)
  await expect(name).toHaveValue('')
  await name.fill('Thabo Nkosi')
  await page.getByLabel('Amount', { exact: true }).fill('100')
  await page.getByRole('button', { name: 'Send to Bank' }).click()

  const review = page.getByTestId('review-sheet')
  await expect(review.getByTestId('review-recipient')).toContainText('Thabo Nkosi')
  await expect(review.getByTestId('review-recipient')).toContainText('FNB · 6200123456')
  await expect(review.getByTestId('review-name-unchecked')).toHaveText(
    'FNB does not confirm account names. Check the name and number before you send.',
  )
  await expect(review.getByText('Name confirmed')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)
  await confirmWithPin(page)
  await expect(page.getByTestId('money-receipt')).toBeVisible()
})

test.describe('your Sabi account number', () => {
  test.use({
    permissions: ['clipboard-read', 'clipboard-write'],
    // Chromium logs the refusals the tests serve.
    allowConsoleErrors: [/status of (403|503)/],
  })

  test('the dashboard, Receive Money and Add Funds show it, grouped to read, and Copy copies the digits', async ({
    page,
    signUp,
  }) => {
    await serveCheckoutInit(page)
    // From tier 2 the sandbox gives every user a made-up account number of their own.
    const user = await signUp({}, { tier: 2 })
    const response = await page.request.get('/api/funding/bank-account')
    expect(response.status(), await response.text()).toBe(200)
    const account = fundingBankAccountSchema.parse(await response.json())
    expect(account.accountNumber).toMatch(/^\d{10}$/)
    expect(account.accountName.toUpperCase()).toContain(user.lastName.toUpperCase())
    const grouped = account.accountNumber.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')
    await page.goto('/')

    const card = page.getByTestId('bank-account-card')
    await expect(card.getByRole('heading', { name: 'Your Sabi account number' })).toBeVisible()
    await expect(card.getByTestId('funding-bank-name')).toHaveText(account.bankName)
    await expect(card.getByTestId('funding-account-number')).toHaveText(grouped)
    await expect(card.getByTestId('funding-account-name')).toHaveText(account.accountName)
    await expect(card).toContainText(
      'Send naira from any bank app to this account and it lands in your NGN wallet.',
    )
    await card.getByRole('button', { name: 'Copy' }).click()
    await expect(page.getByText('Account Number Copied', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.accountNumber)
    await expectNoHorizontalOverflow(page)
    // The quick actions stay where they were: the card comes after them on a phone.
    const quick = await page.getByRole('heading', { name: 'Quick actions' }).boundingBox()
    const cardBox = await card.boundingBox()
    if (page.viewportSize()?.width === 390) expect(cardBox?.y ?? 0).toBeGreaterThan(quick?.y ?? 0)

    await page.goto('/receive-money')
    await expect(page.getByTestId('bank-account-card')).toContainText(grouped)

    // Add Funds on a checkout server: Bank shows the account number instead of a submit button.
    await page.goto('/')
    await page.getByRole('button', { name: 'Add Funds' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Funds' })
    await dialog.getByRole('radio', { name: /Bank transfer/ }).click()
    await expect(dialog.getByTestId('funding-account-number')).toHaveText(grouped)
    await expect(dialog.getByRole('button', { name: /Continue to payment|Add Funds/ })).toHaveCount(
      0,
    )
  })

  test("Share hands the account to the device's share sheet", async ({ page, signUp }) => {
    await page.route('**/api/funding/bank-account', (route) => route.fulfill({ json: ACCOUNT }))
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          Reflect.set(window, '__shared', data)
        },
      })
    })
    await signUp()
    await page.goto('/receive-money')
    await page.getByTestId('bank-account-card').getByRole('button', { name: 'Share' }).click()
    await expect
      .poll(() => page.evaluate(() => Reflect.get(window, '__shared')))
      .toEqual({
        title: 'My Sabi account number',
        text: 'Send naira to my Sabi account: 9930000737, Titan Trust Bank, Sabi / Tunde Bakare',
      })
  })

  test('below tier 2 the card says why there is none yet, and links to verifying', async ({
    page,
    signUp,
  }) => {
    let asked = false
    page.on('request', (request) => {
      if (request.url().endsWith('/api/funding/bank-account')) asked = true
    })
    await signUp({}, { tier: 1 })
    // What the server answers below tier 2; the card says the same without asking it.
    const refusal = await page.request.get('/api/funding/bank-account')
    expect(refusal.status()).toBe(403)
    const { message } = (await refusal.json()) as { message: string }
    await page.goto('/')
    const card = page.getByTestId('bank-account-card')
    await expect(card.getByTestId('bank-account-refused')).toContainText(message)
    await expect(card.getByTestId('funding-account-number')).toHaveCount(0)
    expect(asked).toBe(false)
    await card.getByRole('link', { name: 'Verify your identity' }).click()
    await expect(page).toHaveURL('/limits')
  })

  test("another refusal is shown in the server's words, without the way to verify", async ({
    page,
    signUp,
  }) => {
    const refusal = {
      message: 'Add an e-mail address to your profile to get your own account number',
      code: 'FORBIDDEN',
      key: 'bankAccountNeedsEmail',
    }
    await page.route('**/api/funding/bank-account', (route) =>
      route.fulfill({ status: 403, json: refusal }),
    )
    await signUp({}, { tier: 2 })
    await page.goto('/receive-money')
    const card = page.getByTestId('bank-account-card')
    await expect(card.getByTestId('bank-account-refused')).toHaveText(refusal.message)
    await expect(card.getByRole('link', { name: 'Verify your identity' })).toHaveCount(0)
  })

  test('without a provider for it (503) there is no card at all', async ({ page, signUp }) => {
    await page.route('**/api/funding/bank-account', (route) =>
      route.fulfill({
        status: 503,
        json: { message: 'Not available', code: 'PROVIDER_UNAVAILABLE' },
      }),
    )
    await signUp()
    let asked = false
    page.on('response', (response) => {
      if (response.url().endsWith('/api/funding/bank-account')) asked = true
    })
    await page.goto('/')
    await expect.poll(() => asked).toBe(true)
    await expect(page.getByRole('heading', { name: 'Quick actions' })).toBeVisible()
    await expect(page.getByTestId('bank-account-card')).toHaveCount(0)
  })
})

test.describe('card checkout', () => {
  // Chromium logs the 503 the test serves.
  test.use({ allowConsoleErrors: [/status of 503/] })

  test('Add Funds by card goes to the checkout page and back, where the top-up shows credited', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await serveCheckoutInit(page)
    await page.route('**/api/funding/bank-account', (route) => route.fulfill({ json: ACCOUNT }))
    let posted: unknown = null
    await page.route('**/api/add-funds', async (route) => {
      posted = route.request().postDataJSON()
      expect(route.request().headers()['idempotency-key']).toBeTruthy()
      await route.fulfill({
        status: 202,
        json: {
          status: 'pending',
          reference: 'T_REF_1',
          authorizationUrl: `${baseURL}/add-funds/return?reference=T_REF_1&trxref=T_REF_1`,
        },
      })
    })
    let asks = 0
    await page.route('**/api/add-funds/T_REF_1', (route) => {
      asks += 1
      return route.fulfill({ json: topUp(asks < 2 ? 'pending' : 'credited') })
    })
    await signUp()
    await page.goto('/')
    await page.getByRole('button', { name: 'Add Funds' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Funds' })
    // A real collector: no sandbox badge or notice.
    await expect(dialog.getByText('Sandbox', { exact: true })).toHaveCount(0)
    await dialog.getByRole('combobox', { name: 'Wallet' }).click()
    await page.getByRole('option', { name: /^NGN/ }).click()
    await dialog.getByLabel('Amount').fill('5000')
    await dialog.getByRole('button', { name: 'Continue to payment' }).click()

    await expect(page).toHaveURL(/\/add-funds\/return\?reference=T_REF_1/)
    const ngn = await walletIn(page, 'NGN')
    expect(posted).toEqual({ walletId: ngn.id, amount: '5000.00', method: 'card' })
    const outcome = page.getByTestId('top-up-outcome')
    await expect(outcome).toHaveAttribute('data-state', 'credited')
    await expect(outcome.getByRole('heading', { name: 'Funds Added' })).toBeVisible()
    await expect(outcome).toContainText('₦5,000.00 was added to your NGN wallet')
    expect(asks).toBeGreaterThanOrEqual(2)
    await outcome.getByRole('link', { name: 'Go to dashboard' }).click()
    await expect(page).toHaveURL('/')
  })

  test('the return page: held over the limit, and not completed with a way to try again', async ({
    page,
    signUp,
  }) => {
    await page.route('**/api/add-funds/T_HELD', (route) =>
      route.fulfill({ json: topUp('held', 'T_HELD') }),
    )
    await page.route('**/api/add-funds/T_FAILED', (route) =>
      route.fulfill({ json: topUp('failed', 'T_FAILED') }),
    )
    await signUp()

    await page.goto('/add-funds/return?reference=T_HELD&trxref=T_HELD')
    const outcome = page.getByTestId('top-up-outcome')
    await expect(outcome).toHaveAttribute('data-state', 'held')
    await expect(outcome.getByRole('heading', { name: 'Received, over your limit' })).toBeVisible()
    await expect(outcome).toContainText(
      'It will be credited when you move up a tier, or returned to the sender.',
    )
    await expect(outcome.getByRole('link', { name: 'Raise your limit' })).toHaveAttribute(
      'href',
      '/limits',
    )
    await expectNoHorizontalOverflow(page)

    await page.goto('/add-funds/return?trxref=T_FAILED')
    await expect(outcome).toHaveAttribute('data-state', 'failed')
    await expect(outcome.getByRole('heading', { name: 'Payment not completed' })).toBeVisible()
    await outcome.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: 'Add Funds' })).toBeVisible()
  })

  test('the return page says it is still waiting after two minutes, and asks again on request', async ({
    page,
    signUp,
  }) => {
    let status: TopUpStatus['status'] = 'pending'
    await page.route('**/api/add-funds/T_SLOW', (route) =>
      route.fulfill({ json: topUp(status, 'T_SLOW') }),
    )
    await signUp()
    await page.clock.install()
    await page.goto('/add-funds/return?reference=T_SLOW')
    const outcome = page.getByTestId('top-up-outcome')
    await expect(outcome).toHaveAttribute('data-state', 'pending')
    await expect(outcome.getByRole('heading', { name: 'Confirming your payment...' })).toBeVisible()
    await page.clock.fastForward('02:01')
    await expect(outcome).toHaveAttribute('data-state', 'still-waiting')
    await expect(
      outcome.getByRole('heading', { name: 'Still waiting for your payment' }),
    ).toBeVisible()
    status = 'credited'
    await outcome.getByRole('button', { name: 'Check again' }).click()
    await expect(outcome).toHaveAttribute('data-state', 'credited')
  })
})

test('a payout the bank reversed reads Reversed in the history and its details, with its step', async ({
  page,
  signUp,
}) => {
  const user = await signUp()
  const ngn = await walletIn(page, 'NGN')
  const at = new Date(Date.now() - 60_000).toISOString()
  const reversed: Transaction = {
    id: '00000000-0000-4000-8000-00000000000a',
    fromUserId: user.id,
    toUserId: null,
    fromWalletId: ngn.id,
    toWalletId: null,
    amount: '1000.00',
    fee: '20.00',
    exchangeRate: null,
    convertedAmount: null,
    type: 'send',
    status: 'reversed',
    description: 'Bank transfer to Ada Obi (GTBank)',
    reference: 'SABI-REVERSED-1',
    verificationCode: 'ABCD2345EFGH',
    externalReference: null,
    createdAt: at,
    updatedAt: at,
    fromWallet: { currency: { symbol: '₦', code: 'NGN' } },
    convertedCurrency: null,
    counterparty: 'Ada Obi',
  }
  const held: Transaction = {
    ...reversed,
    id: '00000000-0000-4000-8000-00000000000b',
    fromUserId: null,
    toUserId: user.id,
    fromWalletId: null,
    toWalletId: ngn.id,
    type: 'receive',
    status: 'held',
    fee: '0.00',
    amount: '900000.00',
    description: 'Bank transfer from Musa Bello',
    reference: 'SABI-HELD-1',
    counterparty: 'Musa Bello',
  }
  const details: TransactionDetails = {
    ...reversed,
    events: [
      { status: 'pending', message: 'Payment initiated', step: 'initiated', createdAt: at },
      { status: 'completed', message: 'Completed', step: 'completed', createdAt: at },
      {
        status: 'reversed',
        message: 'Reversed by the bank. The money is back in your wallet.',
        step: 'reversed',
        createdAt: at,
      },
    ],
    payout: null,
    sender: 'Tunde Bakare',
    recipient: 'Ada Obi',
  }
  await page.route(/\/api\/transactions(\?.*)?$/, (route) =>
    route.fulfill({ json: { items: [reversed, held], nextCursor: null } }),
  )
  await page.route(`**/api/transactions/${reversed.id}`, (route) =>
    route.fulfill({ json: details }),
  )

  await page.goto('/transactions')
  const badges = page.getByTestId('transaction-status')
  await expect(badges).toHaveText(['Reversed', 'Received, over your limit'])
  // The money is back, or not in yet: neither reads as money out or in.
  await expect(page.getByText('₦1,020.00', { exact: true })).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await page.goto(`/transactions/${reversed.id}`)
  await expect(page.getByTestId('transaction-status')).toHaveText('Reversed')
  const step = page.getByTestId('timeline-step').last()
  await expect(step).toHaveAttribute('data-status', 'reversed')
  await expect(step).toContainText('Reversed by the bank. The money is back in your wallet.')
})
