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

test('sabi transfer: the people you paid before are offered, one tap chooses one', async ({
  page,
  signUp,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({ baseURL })
  const friendName = uniqueName('Ngozi')
  const created = await other.post('/api/auth/signup', {
    data: newUserDetails({ firstName: friendName, lastName: 'Eze' }),
  })
  expect(created.status()).toBe(201)
  const friendId = String((await created.json()).id)
  await other.dispose()

  await signUp()
  // Nobody paid yet: no recent list, only the search.
  await page.goto('/sabi-transfer')
  await expect(page.getByRole('searchbox', { name: 'Find a Sabi user' })).toBeVisible()
  await expect(page.getByTestId('recent-recipients')).toHaveCount(0)

  await addFundsByApi(page, 'NGN', '100.00')
  const ngn = await walletIn(page, 'NGN')
  const sent = await page.request.post('/api/send-money/sabi-user', {
    data: { fromWalletId: ngn.id, recipientUserId: friendId, amount: '5.00', pin: E2E_PIN },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(sent.status()).toBe(201)

  await page.reload()
  const recent = page.getByRole('list', { name: 'Recent recipients' })
  const friend = recent.getByRole('button', { name: new RegExp(friendName) })
  await expect(friend).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `.tmp/shots/sabi-recent-${test.info().project.name}.png` })

  // Typed text narrows the list before a search goes out; no name or username holds "x-".
  const search = page.getByRole('searchbox', { name: 'Find a Sabi user' })
  await search.fill('x-')
  await expect(recent).toHaveCount(0)
  await search.fill('')
  await friend.click()
  await expect(page.getByTestId('selected-recipient')).toContainText(friendName)
  await expect(page.getByRole('heading', { name: 'Transfer details' })).toBeVisible()
})
