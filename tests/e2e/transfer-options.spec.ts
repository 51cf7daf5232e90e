import { randomBytes, randomUUID } from 'node:crypto'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  test,
  walletIn,
} from './fixtures.ts'

function uniqueName(prefix: string): string {
  return `${prefix}${Array.from(randomBytes(5), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
}

test('transfer options: the user tab shows the people you paid and opens a transfer to them', async ({
  page,
  signUp,
  playwright,
  baseURL,
}) => {
  // Someone to pay, signed up in a request context of their own.
  const other = await playwright.request.newContext({ baseURL })
  const friendName = uniqueName('Kemi')
  const friend = newUserDetails({ firstName: friendName, lastName: 'Adeyemi' })
  const created = await other.post('/api/auth/signup', { data: friend })
  expect(created.status()).toBe(201)
  const friendId = String((await created.json()).id)
  await other.dispose()

  await signUp()
  await page.goto('/transfer-options')
  await expect(page.getByRole('heading', { name: 'Transfer Options' })).toBeVisible()
  await expect(page.getByText('People you send money to on Sabi will appear here.')).toBeVisible()

  await addFundsByApi(page, 'NGN', '100.00')
  const ngn = await walletIn(page, 'NGN')
  const sent = await page.request.post('/api/send-money/sabi-user', {
    data: { fromWalletId: ngn.id, recipientUserId: friendId, amount: '5.00', pin: E2E_PIN },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status()).toBe(201)

  await page.reload()
  const recent = page.getByTestId('recent-users')
  await expect(recent.getByRole('link', { name: new RegExp(friendName) })).toBeVisible()
  await expectNoHorizontalOverflow(page)

  // The search text filters the recent list and finds others from three characters.
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill('zz-nobody')
  await expect(recent.getByRole('link')).toHaveCount(0)
  await search.fill(friendName.slice(0, 6))
  await expect(recent.getByRole('link', { name: new RegExp(friendName) })).toBeVisible()

  await recent.getByRole('link', { name: new RegExp(friendName) }).click()
  await expect(page).toHaveURL(new RegExp(`/sabi-transfer\\?to=${friendId}`))
  await expect(page.getByTestId('selected-recipient')).toContainText(friendName)
})

test('transfer options: one search across banks and destinations, each leading to its transfer', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/transfer-options')
  const search = page.getByRole('searchbox', { name: 'Search' })

  await page.getByRole('tab', { name: 'Banks' }).click()
  await expect(page.getByTestId('banks-NG').getByRole('link')).toHaveCount(5)
  await expect(page.getByTestId('banks-ZA').getByRole('link')).toHaveCount(3)
  await expect(page.getByTestId('banks-KE').getByRole('link')).toHaveCount(2)
  await expect(
    page.getByText('Bank accounts you send to are saved here once the money arrives.'),
  ).toBeVisible()
  await search.fill('capitec')
  await expect(page.getByRole('link', { name: /Capitec Bank/ })).toBeVisible()
  await expect(page.getByTestId('banks-NG')).toHaveCount(0)
  await expectNoHorizontalOverflow(page)

  // The same text stays when the tab changes: no destination is called "capitec".
  await page.getByRole('tab', { name: 'International' }).click()
  await expect(search).toHaveValue('capitec')
  await expect(page.getByText('Nothing matches "capitec"')).toBeVisible()
  await search.fill('')
  const destinations = page.getByTestId('destinations').getByRole('link')
  await expect(destinations).toHaveCount(4)
  for (const region of ['europe', 'usa', 'canada', 'australia']) {
    await expect(page.locator(`a[href="/send-money/international?region=${region}"]`)).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'View all destinations' })).toHaveAttribute(
    'href',
    '/transfer-global',
  )

  await page.getByRole('tab', { name: 'Banks' }).click()
  await search.fill('')
  await page.getByRole('link', { name: /GTBank/ }).click()
  await expect(page).toHaveURL(/\/bank-transfer\?bank=058$/)
})

test('transfer options: a bank account you sent to is offered once the money has arrived', async ({
  page,
  signUp,
}) => {
  await signUp()
  await addFundsByApi(page, 'NGN', '1000.00')
  const ngn = await walletIn(page, 'NGN')
  const sent = await page.request.post('/api/send-money/bank', {
    data: {
      fromWalletId: ngn.id,
      bankCode: '057',
      accountNumber: '0123456789',
      accountName: 'Test Holder',
      amount: '10.00',
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status()).toBe(201)
  // The sandbox bank settles a few seconds after the worker sends the payout.
  await expect
    .poll(async () => (await (await page.request.get('/api/recipients?kind=bank')).json()).length, {
      timeout: 20_000,
    })
    .toBe(1)
  await page.goto('/transfer-options')
  await page.getByRole('tab', { name: 'Banks' }).click()
  const saved = page.getByTestId('saved-bank-recipients').getByRole('link')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText('Zenith Bank · 0123456789')
  await expect(saved).toHaveAttribute('href', /\/bank-transfer\?recipient=/)
  // Following it opens the bank transfer with that account filled in.
  await saved.click()
  await expect(page.getByLabel('Account number')).toHaveValue('0123456789')
  await expect(page.getByLabel('Amount')).toBeFocused()
})
