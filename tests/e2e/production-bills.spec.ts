import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { fundingBankAccountSchema } from '#shared/schemas/funding.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { type FakeFlutterwave, startFakeFlutterwave } from '../fakes/fake-flutterwave.ts'
import { type FakePaystack, startFakePaystack } from '../fakes/fake-paystack.ts'
import { createScratchDatabase, type ScratchDatabase } from '../setup/scratch-database.ts'
import { type ServerProcess, startServerProcess } from '../setup/server-process.ts'
import {
  closeReceipt,
  confirmWithPin,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  test,
} from './fixtures.ts'

// Bills on a production server with Flutterwave (tests/fakes/fake-flutterwave.ts) as the bill
// aggregator and Paystack (tests/fakes/fake-paystack.ts) to fund the wallet: the live catalogue
// in the form, airtime for the user's own number in one tap, and electricity paid with the
// meter's holder and address checked in review and the token on the receipt. It needs
// PostgreSQL, as production does.
const DATABASE_URL = process.env.TEST_DATABASE_URL
const PAYSTACK_KEY = 'sk_test_sabi_bills_e2e_0123456789'
const FLUTTERWAVE_KEY = 'FLWSECK_TEST-sabibillse2e0123456789-X'
const METER = '45067123456'
/** The payout worker asks Flutterwave five seconds after sending; give a busy machine room. */
const SETTLE_TIMEOUT_MS = 45_000
/** Where screenshots for the closing note go, when asked for. */
const SHOTS = process.env.E2E_SCREENSHOTS

function serverPort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 5399) + 4 + parallelIndex
}

test.skip(!DATABASE_URL, 'a production server needs PostgreSQL: TEST_DATABASE_URL is not set')
test.describe.configure({ mode: 'serial' })

let flutterwave: FakeFlutterwave
let paystack: FakePaystack
let server: ServerProcess
let database: ScratchDatabase | undefined

/** The suite's database, made in beforeAll. */
function scratch(): ScratchDatabase {
  if (!database) throw new Error('the suite has no database: did beforeAll run?')
  return database
}

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  const port = serverPort(testInfo.parallelIndex)
  flutterwave = await startFakeFlutterwave({ secretKey: FLUTTERWAVE_KEY })
  flutterwave.addCustomer(METER, 'ADEBAYO OKONKWO', '12 Allen Avenue, Ikeja')
  // The vend completes at once, as most do; the worker's first look finds it paid.
  flutterwave.setInitialStatus('successful')
  paystack = await startFakePaystack({ secretKey: PAYSTACK_KEY })
  database = await createScratchDatabase(DATABASE_URL ?? '')
  server = await startServerProcess(database.url, {
    NODE_ENV: 'production',
    SANDBOX: '0',
    FLUTTERWAVE_SECRET_KEY: FLUTTERWAVE_KEY,
    FLUTTERWAVE_BASE_URL: `${flutterwave.url}/v3`,
    PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
    PAYSTACK_BASE_URL: paystack.url,
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000',
    PORT: String(port),
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://localhost:${port}`,
  })
  paystack.webhookUrl = `${server.url}/api/webhooks/paystack`
})

test.afterAll(async () => {
  await server?.stop()
  await flutterwave?.close()
  await paystack?.close()
  await database?.drop()
})

function url(path: string): string {
  return `${server.url}${path}`
}

/**
 * A new user on the production server with a verified MTN number, at tier 2, with a PIN and
 * ₦20,000 sent to their own account number. No SMS gateway or identity registry is connected
 * to this server: the phone check and the BVN check are recorded straight in the database.
 */
async function fundedUser(page: Page) {
  const details = newUserDetails()
  const phone = `+234803${String(randomInt(1_000_000, 9_999_999))}`
  const response = await page.request.post(url('/api/auth/signup'), { data: details })
  expect(response.status(), await response.text()).toBe(201)
  await scratch().admin((client) =>
    client.query(
      'update users set kyc_tier = 2, phone_number = $2, phone_verified = true, phone_verified_at = now() where email = $1',
      [details.email, phone],
    ),
  )
  const pin = await page.request.post(url('/api/pin'), {
    data: { pin: E2E_PIN, password: details.password },
  })
  expect(pin.status(), await pin.text()).toBe(200)
  const account = fundingBankAccountSchema.parse(
    await (await page.request.get(url('/api/funding/bank-account'))).json(),
  )
  await paystack.payIntoDedicatedAccount(account.accountNumber, 2_000_000, { name: 'EMEKA NWOSU' })
  await expect
    .poll(async () => {
      const wallets = walletSchema
        .array()
        .parse(await (await page.request.get(url('/api/wallets'))).json())
      return wallets.find((wallet) => wallet.currency.code === 'NGN')?.balance
    })
    .toBe('20000.00')
  return { phone }
}

async function shoot(page: Page, name: string, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

test('airtime for my own number in one tap, from the live catalogue, bought from Flutterwave', async ({
  page,
}) => {
  test.slow()
  const { phone } = await fundedUser(page)
  const national = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`
  await page.goto(url('/bill-pay'))
  await page.getByRole('button', { name: 'Airtime', exact: true }).click()
  // The catalogue is Flutterwave's: its networks, each selling airtime and its bundles.
  await page.getByRole('button', { name: `My number (${national})` }).click()
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveText('MTN')
  await expect(page.getByRole('combobox', { name: 'Package' })).toHaveText('Airtime (any amount)')
  await page.getByRole('combobox', { name: 'Package' }).click()
  await expect(page.getByRole('option', { name: 'MTN 3.5GB 30 Days · ₦2,500.00' })).toBeVisible()
  await shoot(page, 'bill-form-live-catalogue-390', false)
  await page.getByRole('option', { name: 'Airtime (any amount)' }).click()
  await page.getByRole('button', { name: '₦500.00' }).click()
  await expectNoHorizontalOverflow(page)
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  await expect(page.getByTestId('review-sheet').getByTestId('review-recipient')).toContainText(
    national,
  )
  await confirmWithPin(page)
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Successful', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  // Flutterwave was paid for MTN airtime, to the number, under the payout's reference.
  const [bill] = [...flutterwave.bills.values()]
  expect(bill).toMatchObject({
    billerCode: 'BIL099',
    itemCode: 'AT099',
    customer: national.replaceAll(' ', ''),
    amount: 500,
  })
})

test("electricity: the meter's holder and address checked before paying, and the token on the receipt", async ({
  page,
}) => {
  test.slow()
  await fundedUser(page)
  await page.goto(url('/bill-pay'))
  // Flutterwave has no insurers: the form says so rather than offering an empty list.
  await page.getByRole('button', { name: 'Insurance', exact: true }).click()
  await expect(page.getByRole('combobox', { name: 'Provider' })).toHaveText(
    'No providers for this bill type yet',
  )
  await page.getByRole('button', { name: 'Electricity', exact: true }).click()
  await page.getByRole('combobox', { name: 'Provider' }).click()
  await page.getByRole('option', { name: 'IKEDC PREPAID', exact: true }).click()
  await page.getByLabel('Meter number').fill(METER)
  await expect(page.getByTestId('bill-customer-name')).toHaveText('ADEBAYO OKONKWO')
  await expect(page.getByTestId('bill-customer-address')).toHaveText('12 Allen Avenue, Ikeja')
  await page.getByLabel('Amount', { exact: true }).fill('5000')
  await page.getByRole('button', { name: 'Pay Bill', exact: true }).click()
  const review = page.getByTestId('review-sheet')
  await expect(review.getByTestId('review-recipient')).toContainText('ADEBAYO OKONKWO')
  await expect(review).toContainText('12 Allen Avenue, Ikeja')
  await shoot(page, 'bill-review-meter-check-390', false)
  await confirmWithPin(page)
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt.getByTestId('receipt-outcome')).toHaveText('Successful', {
    timeout: SETTLE_TIMEOUT_MS,
  })
  await closeReceipt(page)
  const bill = [...flutterwave.bills.values()].find((each) => each.billerCode === 'BIL112')
  const token = bill?.token?.replace(/\D/g, '') ?? ''
  expect(token).toMatch(/^\d{20}$/)
  const grouped = token.match(/.{4}/g)?.join(' ') ?? ''
  // The status panel and the transaction's own receipt show the token, grouped as it is typed.
  await expect(page.getByTestId('bill-status')).toContainText(token)
  await shoot(page, 'bill-token-390')
  await page.getByTestId('bill-status').getByRole('link', { name: 'View details' }).click()
  await expect(page.getByText(grouped)).toBeVisible()
  await expectNoHorizontalOverflow(page)
})
