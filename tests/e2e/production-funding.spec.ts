import type { Page } from '@playwright/test'
import { fundingBankAccountSchema } from '#shared/schemas/funding.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { type FakePaystack, startFakePaystack } from '../fakes/fake-paystack.ts'
import { createScratchDatabase, type ScratchDatabase } from '../setup/scratch-database.ts'
import { type ServerProcess, startServerProcess } from '../setup/server-process.ts'
import {
  confirmWithPin,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  test,
} from './fixtures.ts'

// The client's money-in screens on a production server with Paystack (tests/fakes/
// fake-paystack.ts), where the sandbox cannot show them: Paystack's directory of hundreds of
// banks in the picker, the user's own account number, and Add Funds by card through the hosted
// checkout and back to /add-funds/return; and the whole story of real money: an account number
// funded by a signed charge.success and a payout to OPay that completes. It needs PostgreSQL,
// as production does.
const DATABASE_URL = process.env.TEST_DATABASE_URL
const SECRET_KEY = 'sk_test_sabi_funding_e2e_0123456789'
const OPAY = '999992'
// The checkout sends the user back to the server's public address, so the server listens on a
// known port, one per parallel worker next to the suite's own, and is told it.
function serverPort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 5399) + 2 + parallelIndex
}

test.skip(!DATABASE_URL, 'a production server needs PostgreSQL: TEST_DATABASE_URL is not set')
// One server and one fake for the file: the tests run one after the other.
test.describe.configure({ mode: 'serial' })

let fake: FakePaystack
let server: ServerProcess
let database: ScratchDatabase | undefined

/** The suite's database, made in beforeAll. */
function scratch(): ScratchDatabase {
  if (!database) throw new Error('the suite has no database: did beforeAll run?')
  return database
}

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  const port = serverPort(testInfo.parallelIndex)
  fake = await startFakePaystack({ secretKey: SECRET_KEY })
  database = await createScratchDatabase(DATABASE_URL ?? '')
  server = await startServerProcess(database.url, {
    NODE_ENV: 'production',
    SANDBOX: '0',
    PAYSTACK_SECRET_KEY: SECRET_KEY,
    PAYSTACK_BASE_URL: fake.url,
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000',
    PORT: String(port),
    // A production server without e-mail warns at every sign-up; the test has no use for it.
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://localhost:${port}`,
  })
  fake.webhookUrl = `${server.url}/api/webhooks/paystack`
})

test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
  await database?.drop()
})

function url(path: string): string {
  return `${server.url}${path}`
}

/** A new user on the production server, signed in in this page, at tier 2 with a PIN. */
async function signUpAtTier2(page: Page) {
  const details = newUserDetails()
  const response = await page.request.post(url('/api/auth/signup'), { data: details })
  expect(response.status(), await response.text()).toBe(201)
  // No identity registry is connected to this server: the BVN check a real one would make is
  // recorded the way an operator would (tier 2), straight in the database.
  await scratch().admin((client) =>
    client.query('update users set kyc_tier = 2 where email = $1', [details.email]),
  )
  return details
}

test("the picker searches Paystack's directory for OPay, and name enquiry names the holder", async ({
  page,
}) => {
  await signUpAtTier2(page)
  fake.addAccount(OPAY, '8031234567', 'CHIOMA ADEBAYO')
  await page.goto(url('/bank-transfer'))
  const field = page.getByRole('combobox', { name: 'Bank' })
  await field.click()
  const picker = page.getByTestId('bank-picker')
  // Hundreds of banks, more than one screen holds.
  await expect.poll(async () => picker.getByRole('option').count()).toBeGreaterThan(50)
  await picker.getByRole('combobox', { name: 'Search banks' }).fill('opay')
  // Paystack's own name for it.
  const opay = picker.getByRole('option', { name: 'OPay Digital Services Limited (OPay)' })
  await expect(picker.getByRole('option')).toHaveCount(1)
  await expect(opay).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await opay.click()
  await expect(field).toHaveText('OPay Digital Services Limited (OPay)')
  await page.getByLabel('Account number').fill('8031234567')
  await expect(page.getByTestId('resolved-account-name')).toHaveText(
    'Account holder: CHIOMA ADEBAYO',
  )
})

test('the account number card, and Add Funds by card through the checkout: paid, declined, cancelled', async ({
  page,
}) => {
  test.slow()
  await signUpAtTier2(page)
  const account = fundingBankAccountSchema.parse(
    await (await page.request.get(url('/api/funding/bank-account'))).json(),
  )
  await page.goto(url('/'))
  const card = page.getByTestId('bank-account-card')
  await expect(card.getByTestId('funding-account-number')).toHaveText(
    account.accountNumber.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3'),
  )
  await expect(card.getByTestId('funding-bank-name')).toHaveText(account.bankName)

  async function payByCard(amount: string) {
    await page.goto(url('/'))
    await page.getByRole('button', { name: 'Add Funds' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Funds' })
    await expect(dialog.getByText('Sandbox', { exact: true })).toHaveCount(0)
    await dialog.getByRole('combobox', { name: 'Wallet' }).click()
    await page.getByRole('option', { name: /^NGN/ }).click()
    await dialog.getByLabel('Amount').fill(amount)
    await dialog.getByRole('button', { name: 'Continue to payment' }).click()
    // Paystack's hosted page.
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/`))
  }

  await payByCard('5000')
  await page.locator('#pay').click()
  await expect(page).toHaveURL(/\/add-funds\/return\?.*reference=/)
  const outcome = page.getByTestId('top-up-outcome')
  await expect(outcome).toHaveAttribute('data-state', 'credited')
  await expect(outcome).toContainText('₦5,000.00 was added to your NGN wallet')
  const wallets = walletSchema
    .array()
    .parse(await (await page.request.get(url('/api/wallets'))).json())
  expect(wallets.find((wallet) => wallet.currency.code === 'NGN')?.balance).toBe('5000.00')
  await outcome.getByRole('link', { name: 'Go to dashboard' }).click()
  await expect(page.getByTestId('bank-account-card')).toBeVisible()

  // A card the bank declines: Paystack says failed, and the page says so, with a way to retry.
  await payByCard('700')
  const declined = [...fake.transactions.keys()].at(-1) ?? ''
  await fake.completeCheckout(declined, 'failed')
  await page.goto(url(`/add-funds/return?reference=${declined}&trxref=${declined}`))
  await expect(outcome).toHaveAttribute('data-state', 'failed')
  await expect(outcome.getByRole('heading', { name: 'Payment not completed' })).toBeVisible()
  await outcome.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('dialog', { name: 'Add Funds' })).toBeVisible()

  // Cancelled on Paystack's page: Paystack keeps it `abandoned`, payable until it expires, so
  // the page is still waiting for it (the server fails it once it is stale).
  await payByCard('800')
  await page.locator('#cancel').click()
  await expect(page).toHaveURL(/\/add-funds\/return\?.*reference=/)
  await expect(outcome).toHaveAttribute('data-state', 'pending')
})

test('a production server moves real money through Paystack: the account number funded by a signed charge.success, then a payout to OPay that completes', async ({
  page,
}) => {
  test.slow()
  await signUpAtTier2(page)
  const pin = await page.request.post(url('/api/pin'), {
    data: { pin: E2E_PIN, password: 'e2e-password-123' },
  })
  expect(pin.status(), await pin.text()).toBe(200)

  // The dashboard shows the user's own account number, made with Paystack on first ask.
  await page.goto(url('/'))
  const number = page.getByTestId('bank-account-card').getByTestId('funding-account-number')
  await expect(number).toHaveText(/^\d{3} \d{3} \d{4}$/)
  const accountNumber = (await number.textContent())?.replaceAll(' ', '') ?? ''

  // A friend sends ₦20,000 from their bank: Paystack signs and posts charge.success.
  await fake.payIntoDedicatedAccount(accountNumber, 2_000_000, {
    name: 'EMEKA NWOSU',
    bank: 'Guaranty Trust Bank',
  })
  // Applied just after Paystack is answered: wait for the credit, then look at the history.
  await expect
    .poll(async () => {
      const wallets = walletSchema
        .array()
        .parse(await (await page.request.get(url('/api/wallets'))).json())
      return wallets.find((wallet) => wallet.currency.code === 'NGN')?.balance
    })
    .toBe('20000.00')
  await page.goto(url('/transactions'))
  await expect(page.getByText('Bank transfer from EMEKA NWOSU, Guaranty Trust Bank')).toBeVisible()

  // ₦5,000 to an OPay account, found in Paystack's directory and named by its name enquiry.
  fake.addAccount(OPAY, '8031234568', 'CHIOMA ADEBAYO')
  await page.goto(url('/bank-transfer'))
  await page.getByRole('combobox', { name: 'Bank' }).click()
  await page.getByRole('combobox', { name: 'Search banks' }).fill('opay')
  await page.getByRole('option', { name: 'OPay Digital Services Limited (OPay)' }).click()
  await page.getByLabel('Account number').fill('8031234568')
  await expect(page.getByTestId('resolved-account-name')).toHaveText(
    'Account holder: CHIOMA ADEBAYO',
  )
  await page.getByLabel('Amount', { exact: true }).fill('5000')
  await page.getByRole('button', { name: 'Send to Bank' }).click()
  await confirmWithPin(page)
  await expect(page.getByTestId('money-receipt')).toBeVisible()

  // Paystack was sent the payout under its own id, and reports it paid.
  await expect.poll(() => fake.transfers.size).toBeGreaterThan(0)
  const [reference] = [...fake.transfers.keys()]
  if (!reference) throw new Error('Paystack was sent no transfer')
  expect(fake.transfers.get(reference)).toMatchObject({ amount: 500_000, currency: 'NGN' })
  await fake.settleTransfer(reference, 'success')
  await page.goto(url('/transactions'))
  const sent = page.getByRole('link', { name: /CHIOMA ADEBAYO/ }).first()
  await sent.click()
  // The details page shows the status it read; the webhook is applied just after Paystack's
  // answer, so the page is read again until it has it.
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('transaction-status').first()).toHaveText('Completed', {
      timeout: 2_000,
    })
  }).toPass()
})
