import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { fundingBankAccountSchema } from '#shared/schemas/funding.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionDetailsSchema, transactionSchema } from '#shared/schemas/transactions.ts'
import { type FakePaystack, startFakePaystack } from '../fakes/fake-paystack.ts'
import { type ServerProcess, startServerProcess } from '../setup/server-process.ts'
import { E2E_PIN, expect, newUserDetails, test } from './fixtures.ts'

// A production server (NODE_ENV=production, no sandbox) with Paystack as its only money party,
// against the fake of Paystack's contract (tests/fakes/fake-paystack.ts): what a company that
// deployed Sabi would run. It needs PostgreSQL, as production does; without TEST_DATABASE_URL
// the test says so and does not run.
const DATABASE_URL = process.env.TEST_DATABASE_URL
const SECRET_KEY = 'sk_test_sabi_production_e2e_0123456789'
const OPAY = '999992'

test.skip(!DATABASE_URL, 'a production server needs PostgreSQL: TEST_DATABASE_URL is not set')

let fake: FakePaystack
let server: ServerProcess
let databaseName = ''

function databaseUrlOf(name: string): string {
  const url = new URL(DATABASE_URL ?? '')
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const client = new pg.Client({
    connectionString: database ? databaseUrlOf(database) : DATABASE_URL,
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

test.beforeAll(async () => {
  fake = await startFakePaystack({ secretKey: SECRET_KEY })
  databaseName = `sabi_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  await admin((client) => client.query(`create database "${databaseName}"`))
  server = await startServerProcess(databaseUrlOf(databaseName), {
    NODE_ENV: 'production',
    SANDBOX: '0',
    PAYSTACK_SECRET_KEY: SECRET_KEY,
    PAYSTACK_BASE_URL: fake.url,
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000',
  })
  fake.webhookUrl = `${server.url}/api/webhooks/paystack`
})

test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
  if (databaseName)
    await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`))
})

test('a production server moves real money through Paystack: an account number funded by a signed charge.success, and a payout to OPay that completes', async ({
  page,
}) => {
  test.slow()
  const url = (path: string) => `${server.url}${path}`
  const details = newUserDetails()

  // Sign up as a person would, on the production server.
  await page.goto(url('/sign-up'))
  await page.getByLabel('First name').fill(details.firstName)
  await page.getByLabel('Last name').fill(details.lastName)
  await page.getByLabel('Username').fill(details.username)
  await page.getByLabel('Email').fill(details.email)
  await page.getByLabel('Password', { exact: true }).fill(details.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText(`Welcome, ${details.firstName}`)).toBeVisible()

  const pin = await page.request.post(url('/api/pin'), {
    data: { pin: E2E_PIN, password: details.password },
  })
  expect(pin.status(), await pin.text()).toBe(200)
  // No identity registry is connected to this server yet: the BVN check a real one would make
  // is recorded the way an operator would (tier 2), straight in the database.
  await admin(
    (client) => client.query('update users set kyc_tier = 2 where email = $1', [details.email]),
    databaseName,
  )

  const account = fundingBankAccountSchema.parse(
    await (await page.request.get(url('/api/funding/bank-account'))).json(),
  )
  expect(account.accountNumber).toMatch(/^\d{10}$/)

  // A friend sends ₦20,000 from their bank; Paystack signs and posts charge.success.
  await fake.payIntoDedicatedAccount(account.accountNumber, 2_000_000, {
    name: 'EMEKA NWOSU',
    bank: 'Guaranty Trust Bank',
  })
  await page.goto(url('/transactions'))
  await expect(page.getByText('Bank transfer from EMEKA NWOSU, Guaranty Trust Bank')).toBeVisible()

  // ₦5,000 to an OPay account, name checked by Paystack.
  fake.addAccount(OPAY, '8031234567', 'CHIOMA ADEBAYO')
  const wallets = walletSchema
    .array()
    .parse(await (await page.request.get(url('/api/wallets'))).json())
  const ngnId = wallets.find((wallet) => wallet.currency.code === 'NGN')?.id
  expect(ngnId).toBeDefined()
  const sent = await page.request.post(url('/api/send-money/bank'), {
    data: {
      fromWalletId: ngnId,
      bankCode: OPAY,
      accountNumber: '8031234567',
      accountName: 'CHIOMA ADEBAYO',
      amount: '5000.00',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const transfer = transactionSchema.parse(await sent.json())
  await expect.poll(() => fake.transfers.size).toBeGreaterThan(0)
  const [reference] = [...fake.transfers.keys()]
  if (!reference) throw new Error('Paystack was sent no transfer')
  await fake.settleTransfer(reference, 'success')
  await expect
    .poll(async () => {
      const answer = await page.request.get(url(`/api/transactions/${transfer.id}`))
      return transactionDetailsSchema.parse(await answer.json()).status
    })
    .toBe('completed')
  await page.goto(url(`/transactions/${transfer.id}`))
  await expect(page.getByText('CHIOMA ADEBAYO').first()).toBeVisible()
})
