import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { generate } from 'otplib'
import { parseScaled } from '#shared/money.ts'
import { fundingBankAccountSchema } from '#shared/schemas/funding.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { type FakePaystack, startFakePaystack } from '../fakes/fake-paystack.ts'
import { createScratchDatabase, type ScratchDatabase } from '../setup/scratch-database.ts'
import { type ServerProcess, startServerProcess } from '../setup/server-process.ts'
import { TEST_SESSION_SECRET } from '../setup/test-app.ts'
import { catalog, fill } from './catalogs.ts'
import { E2E_PIN, expect, expectNoHorizontalOverflow, newUserDetails, test } from './fixtures.ts'

// The operations console's story on a production server (docs/operations-console.md, issue 36):
// a customer's bank transfer through Paystack (tests/fakes/fake-paystack.ts) completes, and the
// customer reports that the recipient never got it; support, made on the command line with
// `npm run ops:add` and enrolled from the link it prints, finds the report and proposes a refund
// over the four-eyes threshold; compliance approves it; the customer sees the refund in the
// history and the report resolved, in English and in Hausa. It needs PostgreSQL, as production
// does.
const DATABASE_URL = process.env.TEST_DATABASE_URL
const SECRET_KEY = 'sk_test_sabi_ops_e2e_0123456789'
const OPAY = '999992'
const STAFF_PASSWORD = 'a-long-staff-password-1'
/** Low, so a small transfer is over it: the rule, not the amount, is what the story shows. */
const THRESHOLD_NAIRA = '1000'
/** Where screenshots for the closing note go, when asked for. */
const SHOTS = process.env.E2E_SCREENSHOTS
const DESK = { width: 1280, height: 800 }

function serverPort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 5399) + 6 + parallelIndex
}

test.skip(!DATABASE_URL, 'a production server needs PostgreSQL: TEST_DATABASE_URL is not set')
// The customer is on a phone and staff at their desks, whichever project runs it: once is enough.
test.skip(({ isMobile }) => !isMobile, 'the story runs once, with the customer on a phone')

let fake: FakePaystack
let server: ServerProcess
let database: ScratchDatabase | undefined
let serverEnv: Record<string, string> = {}

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  const port = serverPort(testInfo.parallelIndex)
  fake = await startFakePaystack({ secretKey: SECRET_KEY })
  database = await createScratchDatabase(DATABASE_URL ?? '')
  serverEnv = {
    NODE_ENV: 'production',
    SANDBOX: '0',
    PAYSTACK_SECRET_KEY: SECRET_KEY,
    PAYSTACK_BASE_URL: fake.url,
    FOUR_EYES_THRESHOLD_NAIRA: THRESHOLD_NAIRA,
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: '1000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000',
    PORT: String(port),
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://localhost:${port}`,
  }
  server = await startServerProcess(database.url, serverEnv)
  fake.webhookUrl = `${server.url}/api/webhooks/paystack`
})

test.afterAll(async () => {
  await server?.stop()
  await fake?.close()
  await database?.drop()
})

function scratch(): ScratchDatabase {
  if (!database) throw new Error('the suite has no database: did beforeAll run?')
  return database
}

function url(path: string): string {
  return `${server.url}${path}`
}

async function shoot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

/** `npm run ops:add` against the server's database: the enrolment link it prints. */
async function addOperatorOnCommandLine(email: string, role: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/ops-add.ts', '--email', email, '--role', role],
    {
      env: {
        ...process.env,
        ...serverEnv,
        DATABASE_URL: scratch().url,
        SESSION_SECRET: TEST_SESSION_SECRET,
      },
    },
  )
  const link = /(http\S+\/ops\/enrol\?token=\S+)/.exec(stdout)?.[1]
  if (!link) throw new Error(`ops:add printed no enrolment link:\n${stdout}`)
  // The link is the public address's; the browser reaches the server where it listens.
  return url(new URL(link).pathname + new URL(link).search)
}

/** Enrols from the link in the console (the key read off the page, as an app would scan it). */
async function enrol(page: Page, link: string): Promise<string> {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Set up your console account' })).toBeVisible()
  const secret = ((await page.getByTestId('ops-enrol-secret').textContent()) ?? '').replace(
    /\s/g,
    '',
  )
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD)
  await page.getByLabel('Password again').fill(STAFF_PASSWORD)
  await page.getByLabel('Code from the app').fill(await generate({ secret }))
  await page.getByRole('button', { name: 'Finish set-up' }).click()
  await expect(page.getByText('You can sign in now')).toBeVisible()
  return secret
}

async function signInToConsole(page: Page, email: string, secret: string) {
  await page.goto(url('/ops'))
  await expect(page.getByRole('heading', { name: 'Sign in to Sabi operations' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD)
  await page.getByLabel('Authenticator code').fill(await generate({ secret }))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('ops-operator')).toContainText(email.split('@')[0] ?? '')
}

/** A member of staff at their desk: added on the command line, enrolled and signed in. */
async function staffMember(browser: Browser, role: 'support' | 'compliance') {
  const context = await browser.newContext({ viewport: DESK, locale: 'en-US' })
  const page = await context.newPage()
  const email = `${role}-${randomUUID().slice(0, 8)}@ops.sabi.example`
  const secret = await enrol(page, await addOperatorOnCommandLine(email, role))
  await signInToConsole(page, email, secret)
  return { context, page, email }
}

/** The NGN balance the customer's wallet list shows. */
async function nairaBalance(page: Page): Promise<string | undefined> {
  const wallets = walletSchema
    .array()
    .parse(await (await page.request.get(url('/api/wallets'))).json())
  return wallets.find((wallet) => wallet.currency.code === 'NGN')?.balance
}

/**
 * A customer at tier 3 with a PIN, ₦20,000 paid into their account number, and ₦5,000 sent to
 * an OPay account that Paystack reports paid.
 */
async function customerWithCompletedTransfer(page: Page) {
  const details = newUserDetails()
  const response = await page.request.post(url('/api/auth/signup'), { data: details })
  expect(response.status(), await response.text()).toBe(201)
  // No identity registry is connected to this server: the checks are recorded in the database.
  await scratch().admin((client) =>
    client.query('update users set kyc_tier = 3 where email = $1', [details.email]),
  )
  const pin = await page.request.post(url('/api/pin'), {
    data: { pin: E2E_PIN, password: details.password },
  })
  expect(pin.status(), await pin.text()).toBe(200)
  const account = fundingBankAccountSchema.parse(
    await (await page.request.get(url('/api/funding/bank-account'))).json(),
  )
  await fake.payIntoDedicatedAccount(account.accountNumber, 2_000_000, { name: 'EMEKA NWOSU' })
  await expect.poll(() => nairaBalance(page)).toBe('20000.00')

  const accountNumber = `80${String(Date.now()).slice(-8)}`
  fake.addAccount(OPAY, accountNumber, 'CHIOMA ADEBAYO')
  const wallets = walletSchema
    .array()
    .parse(await (await page.request.get(url('/api/wallets'))).json())
  const ngn = wallets.find((wallet) => wallet.currency.code === 'NGN')
  if (!ngn) throw new Error('the customer has no naira wallet')
  const sent = await page.request.post(url('/api/send-money/bank'), {
    data: {
      fromWalletId: ngn.id,
      bankCode: OPAY,
      accountNumber,
      accountName: 'CHIOMA ADEBAYO',
      amount: '5000.00',
      description: 'Shop rent',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const transfer = transactionSchema.parse(await sent.json())
  // Paystack is sent the payout and reports it paid.
  await expect.poll(() => fake.transfers.size).toBeGreaterThan(0)
  const [reference] = [...fake.transfers.keys()]
  if (!reference) throw new Error('Paystack was sent no transfer')
  await fake.settleTransfer(reference, 'success')
  await expect
    .poll(async () => {
      const answer = await page.request.get(url(`/api/transactions/${transfer.id}`))
      return transactionSchema.safeParse(await answer.json()).data?.status
    })
    .toBe('completed')
  return { details, transfer }
}

async function closeAll(contexts: BrowserContext[]) {
  await Promise.all(contexts.map((context) => context.close()))
}

test('a customer reports a transfer that never arrived; support proposes a refund, compliance approves, and the customer sees it in English and Hausa', async ({
  page,
  browser,
}) => {
  test.slow()
  const { details, transfer } = await customerWithCompletedTransfer(page)
  const afterTransfer = await nairaBalance(page)

  // The customer reports it from the transaction's details.
  await page.goto(url(`/transactions/${transfer.id}`))
  await page.getByTestId('report-problem').click()
  const sheet = page.getByRole('dialog', { name: 'Report a problem' })
  await sheet.getByRole('radio', { name: /The recipient did not get it/ }).check()
  await sheet.getByLabel('A few words (optional)').fill('Chioma says the rent never came.')
  await shoot(page, 'customer-report-390')
  await sheet.getByRole('button', { name: 'Send report' }).click()
  const sent = page.getByRole('dialog', { name: 'Report sent' })
  const disputeReference = (await sent.getByTestId('report-reference').textContent()) ?? ''
  expect(disputeReference).toMatch(/^DSP-/)
  await expect(sent.getByTestId('dispute-status')).toHaveText('Open')
  await shoot(page, 'customer-report-sent-390')
  await sent.getByRole('button', { name: 'Done' }).click()

  // Support finds it in the queue and proposes a refund of it all, over the threshold.
  const support = await staffMember(browser, 'support')
  const compliance = await staffMember(browser, 'compliance')
  try {
    const desk = support.page
    await desk.goto(url('/ops/disputes'))
    const queue = desk.getByTestId('ops-dispute-queue')
    await expect(queue).toContainText('The recipient did not get it')
    await queue.getByRole('link', { name: disputeReference }).click()
    await expect(desk.getByRole('heading', { name: `Dispute ${disputeReference}` })).toBeVisible()
    await expect(desk.getByTestId('ops-dispute-transaction')).toContainText(transfer.reference)
    await desk.getByRole('button', { name: 'Take into review' }).click()
    await expect(desk.getByTestId('ops-outcome')).toHaveText('The dispute is now in review.')
    await desk.getByRole('button', { name: 'Propose refund' }).click()
    const dialog = desk.getByTestId('ops-refund-dialog')
    await dialog.getByLabel('Amount (NGN)').fill('5000.00')
    await dialog.getByLabel('Note').fill('Paystack shows it paid but OPay has no credit')
    await dialog.getByRole('button', { name: 'Propose refund' }).click()
    await expect(desk.getByTestId('ops-outcome')).toContainText('Waiting for a second operator')
    await shoot(desk, 'console-dispute-1280')
    // Nothing has moved on one person's word.
    expect(await nairaBalance(page)).toBe(afterTransfer)

    // Compliance approves it from the inbox.
    const inbox = compliance.page
    await inbox.goto(url('/ops/approvals'))
    const row = inbox
      .getByTestId('ops-approvals')
      .getByRole('row')
      .filter({ hasText: support.email })
    await expect(row).toContainText('₦5,000.00')
    await shoot(inbox, 'console-approvals-1280')
    await row.getByRole('button', { name: /^Approve/ }).click()
    await inbox.getByTestId('ops-approve-dialog').getByRole('button', { name: 'Approve' }).click()
    await expect(inbox.getByTestId('ops-outcome')).toContainText('Done: the money moved at once')
    await expect
      .poll(
        async () =>
          parseScaled((await nairaBalance(page)) ?? '0', 2) - parseScaled(afterTransfer ?? '0', 2),
      )
      .toBe(5000_00n)
  } finally {
    await closeAll([support.context, compliance.context])
  }

  // The customer sees the refund and the report resolved.
  await page.goto(url('/transactions'))
  const refund = page
    .getByTestId('transaction-row')
    .filter({ hasText: `Refund for ${transfer.reference}` })
  await expect(refund).toContainText('+₦5,000.00')
  await expect(refund).toContainText(disputeReference)
  await expectNoHorizontalOverflow(page)
  await shoot(page, 'customer-refund-history-390')
  await page.goto(url('/disputes'))
  const item = page.getByTestId('dispute-item').filter({ hasText: disputeReference })
  await expect(item.getByTestId('dispute-status')).toHaveText('Resolved — refunded')
  await shoot(page, 'customer-report-resolved-390')

  // And the same in Hausa, on the narrowest phone Sabi is laid out for, set to it.
  const hausa = await browser.newContext({
    locale: 'ha-NG',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  })
  try {
    const phone = await hausa.newPage()
    const signedIn = await phone.request.post(url('/api/auth/login'), {
      data: { email: details.email, password: details.password },
    })
    expect(signedIn.status(), await signedIn.text()).toBe(200)
    await phone.goto(url('/transactions'))
    await expect(phone.locator('html')).toHaveAttribute('lang', 'ha')
    const [common, status] = await Promise.all([
      catalog('ha', 'common'),
      catalog('ha', 'disputeStatus'),
    ])
    const described = fill(common.descriptionForReport, {
      text: fill(common.descriptionRefundFor, { reference: transfer.reference }),
      report: disputeReference,
    })
    const row = phone.getByTestId('transaction-row').filter({ hasText: described })
    await expect(row).toContainText('+₦5,000.00')
    await expectNoHorizontalOverflow(phone)
    await shoot(phone, 'customer-refund-history-ha-360')
    await phone.goto(url('/disputes'))
    const report = phone.getByTestId('dispute-item').filter({ hasText: disputeReference })
    await expect(report.getByTestId('dispute-status')).toHaveText(status.statusRefunded ?? '')
    await expectNoHorizontalOverflow(phone)
    await shoot(phone, 'customer-report-resolved-ha-360')
  } finally {
    await hausa.close()
  }
})
