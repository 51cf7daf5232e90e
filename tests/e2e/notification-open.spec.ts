import { randomUUID } from 'node:crypto'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  newUserDetails,
  raiseTierByApi,
  setPinByApi,
  test,
  walletIn,
} from './fixtures.ts'

test('a notification about money received opens that transaction when tapped', async ({
  page,
  browser,
  signUp,
}) => {
  const me = await signUp()
  // Ada sends from her own browser.
  const other = await browser.newContext()
  const ada = await other.newPage()
  const details = newUserDetails({ firstName: 'Ada', lastName: 'Obi' })
  expect((await ada.request.post('/api/auth/signup', { data: details })).status()).toBe(201)
  await setPinByApi(ada, E2E_PIN, details.password)
  await raiseTierByApi(ada, 3)
  await addFundsByApi(ada, 'NGN', '500.00')
  const adaNgn = await walletIn(ada, 'NGN')
  const sent = await ada.request.post('/api/send-money/sabi-user', {
    data: { fromWalletId: adaNgn.id, recipientUserId: me.id, amount: '42.50', pin: E2E_PIN },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const transactionId = String((await sent.json()).id)
  await other.close()

  await page.goto('/')
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await page.getByTestId('notification-bell').click()
  await page
    .getByTestId('notification-list')
    .getByRole('menuitem')
    .filter({ hasText: 'You received ₦42.50 from Ada Obi' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/transactions/${transactionId}$`))
  await expect(page.getByTestId('details-amount')).toContainText('₦42.50')
  // Opening it read it.
  await expect(page.getByTestId('notification-count')).toBeHidden()
})
