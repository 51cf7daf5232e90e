import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import {
  addFundsByApi,
  closeReceipt,
  E2E_PIN,
  enterPin,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletBalance,
  walletIn,
} from './fixtures.ts'
import { signUpElsewhere } from './payment-helpers.ts'

async function sendToFriend(page: Page, friendLastName: string, amount: string) {
  await page.goto('/sabi-transfer')
  await page.getByLabel('Find a Sabi user').fill(friendLastName)
  await page.getByRole('button', { name: new RegExp(friendLastName) }).click()
  await expect(page.getByTestId('selected-recipient')).toContainText(friendLastName)
  await page.getByRole('combobox', { name: 'From wallet' }).click()
  await page.getByRole('option', { name: /^NGN/ }).click()
  await page.getByLabel('Amount').fill(amount)
  await page.getByRole('button', { name: 'Send Money' }).click()
  await page
    .getByTestId('review-sheet')
    .getByRole('button', { name: 'Confirm and enter PIN' })
    .click()
}

test.describe('the transaction PIN', () => {
  // A wrong password (400), wrong PINs (403) and the lock (423) are answers Chromium logs.
  test.use({ allowConsoleErrors: [/status of (400|403|423)/] })

  test('the first payment asks for a new PIN, a wrong PIN moves nothing, and five lock it', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    const user = await signUp({}, { pin: null })
    const friend = await signUpElsewhere(browser, page, baseURL, {
      lastName: `Pin${randomUUID().slice(0, 6)}`,
    })
    await addFundsByApi(page, 'NGN', '10000')

    await sendToFriend(page, friend.user.lastName, '1500')
    // No PIN yet: the sheet asks for one, with the rules the server holds.
    const create = page.getByTestId('create-pin-step')
    await expect(create.getByRole('heading', { name: 'Create your transaction PIN' })).toBeVisible()
    await create.getByLabel('New PIN (4 digits)').fill('1234')
    await create.getByLabel('Enter the PIN again').fill('1234')
    await create.getByLabel('Your account password').fill(user.password)
    await create.getByRole('button', { name: 'Save PIN and pay' }).click()
    await expect(create.getByText(/harder to guess/)).toBeVisible()
    await create.getByLabel('New PIN (4 digits)').fill('8642')
    await create.getByLabel('Enter the PIN again').fill('8624')
    await create.getByRole('button', { name: 'Save PIN and pay' }).click()
    await expect(create.getByText('The two PINs are not the same')).toBeVisible()
    await create.getByLabel('Enter the PIN again').fill('8642')
    await expectNoHorizontalOverflow(page)
    await create.getByRole('button', { name: 'Save PIN and pay' }).click()
    // The new PIN pays at once.
    await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()
    await closeReceipt(page)
    expect(await walletBalance(page, 'NGN')).toBe('8500.00')

    // A wrong PIN says how many tries are left and moves nothing.
    await sendToFriend(page, friend.user.lastName, '100')
    await enterPin(page, '1357')
    const pinStep = page.getByTestId('pin-step')
    await expect(pinStep.getByRole('alert')).toHaveText('Incorrect PIN. 4 attempts left.')
    await expect(pinStep.getByRole('textbox', { name: 'Transaction PIN' })).toHaveValue('')
    expect(await walletBalance(page, 'NGN')).toBe('8500.00')
    await page.screenshot({ path: test.info().outputPath('wrong-pin.png') })
    for (const [pin, left] of [
      ['1358', '3 attempts'],
      ['1359', '2 attempts'],
      ['1350', '1 attempt'],
    ] as const) {
      await pinStep.getByRole('textbox', { name: 'Transaction PIN' }).fill(pin)
      await expect(pinStep.getByRole('alert')).toHaveText(`Incorrect PIN. ${left} left.`)
    }
    await pinStep.getByRole('textbox', { name: 'Transaction PIN' }).fill('1351')
    await expect(pinStep.getByRole('alert')).toHaveText(
      'Incorrect PIN. Your PIN is now locked for 30 minutes.',
    )
    // Even the right PIN is refused while it is locked.
    await pinStep.getByRole('textbox', { name: 'Transaction PIN' }).fill('8642')
    const locked = page.getByTestId('pin-locked')
    await expect(locked.getByRole('alert')).toHaveText(
      /^Your PIN is locked after 5 wrong attempts\. Try again in (30|29) minutes\.$/,
    )
    expect(await walletBalance(page, 'NGN')).toBe('8500.00')
    await friend.close()
  })

  test('Settings changes the PIN with the password; the old one stops working', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    const user = await signUp()
    const friend = await signUpElsewhere(browser, page, baseURL, {
      lastName: `Set${randomUUID().slice(0, 6)}`,
    })
    await addFundsByApi(page, 'NGN', '1000')
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Change PIN' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change your transaction PIN' })
    await dialog.getByLabel('New PIN (4 digits)').fill('4096')
    await dialog.getByLabel('Enter the PIN again').fill('4096')
    await dialog.getByLabel('Your account password').fill('not-my-password')
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(dialog.getByText('Password is incorrect')).toBeVisible()
    await dialog.getByLabel('Your account password').fill(user.password)
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(page.getByText('PIN Saved', { exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()

    await sendToFriend(page, friend.user.lastName, '100')
    await enterPin(page, E2E_PIN)
    await expect(page.getByTestId('pin-step').getByRole('alert')).toHaveText(
      'Incorrect PIN. 4 attempts left.',
    )
    await page
      .getByTestId('pin-step')
      .getByRole('textbox', { name: 'Transaction PIN' })
      .fill('4096')
    await expect(page.getByText('Transfer Successful', { exact: true })).toBeVisible()
    await friend.close()
  })
})

test.describe('receipts anyone can check', () => {
  // An unknown code is a 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404/] })

  test('a receipt shared after a transfer is confirmed on /verify, signed out', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp({ firstName: 'Amaka', lastName: 'Obi' })
    const friend = await signUpElsewhere(browser, page, baseURL, {
      firstName: 'Tunde',
      lastName: `Ver${randomUUID().slice(0, 6)}`,
    })
    await addFundsByApi(page, 'NGN', '5000')
    const ngn = await walletIn(page, 'NGN')
    const sent = await page.request.post('/api/send-money/sabi-user', {
      data: { fromWalletId: ngn.id, recipientUserId: friend.user.id, amount: '1250', pin: E2E_PIN },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    const transfer = transactionSchema.parse(await sent.json())

    // The receipt page shows the code; sharing hands over the image and the text.
    await page.addInitScript(() => {
      const shared: unknown[] = []
      Reflect.set(window, '__shared', shared)
      Reflect.defineProperty(Navigator.prototype, 'canShare', {
        configurable: true,
        value: () => true,
      })
      Reflect.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push({
            text: data.text,
            files: (data.files ?? []).map((file) => ({
              name: file.name,
              type: file.type,
              size: file.size,
            })),
          })
          return Promise.resolve()
        },
      })
    })
    await page.goto(`/transactions/${transfer.id}`)
    const code = page.getByTestId('receipt-summary')
    await expect(code).toContainText(/[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/)
    await page.getByRole('button', { name: 'Share receipt' }).click()
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(Reflect.get(window, '__shared'))))
      .toContain('image/png')
    const shared = await page.evaluate(() => JSON.stringify(Reflect.get(window, '__shared')))
    expect(shared).toContain('/verify/')
    expect(shared).toMatch(/"size":[1-9]\d{3,}/)

    // A stranger, signed out, types the code from the screenshot.
    const stranger = await browser.newContext({ baseURL, serviceWorkers: 'block' })
    const check = await stranger.newPage()
    await check.setViewportSize(page.viewportSize() ?? { width: 390, height: 844 })
    await check.goto('/verify')
    await expect(check).toHaveTitle('Check a Sabi receipt · Sabi')
    await check.getByLabel('Verification code').fill(transfer.verificationCode.toLowerCase())
    await check.getByRole('button', { name: 'Check receipt' }).click()
    const genuine = check.getByTestId('receipt-genuine')
    await expect(genuine.getByRole('heading', { name: 'Genuine Sabi receipt' })).toBeVisible()
    await expect(genuine.getByTestId('verified-amount')).toHaveText('₦1,250.00')
    await expect(genuine.getByTestId('verified-status')).toHaveText('Completed')
    await expect(genuine.getByTestId('verified-payer')).toHaveText('A**** O**')
    await expect(genuine).not.toContainText('Amaka')
    await expect(check).toHaveURL(/\/verify\/[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
    await expectNoHorizontalOverflow(check)
    await check.screenshot({ path: test.info().outputPath('verify-genuine.png') })

    // A made-up code is plainly no receipt.
    await check.goto('/verify/0000-0000-0000-0000')
    await expect(check.getByTestId('receipt-not-found')).toContainText('No receipt has this code')
    await stranger.close()
    await friend.close()
  })
})
