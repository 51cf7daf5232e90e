import { randomBytes, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { z } from 'zod'
import { backupCodesSchema, twoFactorSetupSchema } from '#shared/schemas/account.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import {
  addFundsByApi,
  E2E_PIN,
  enterPin,
  expect,
  expectNoHorizontalOverflow,
  setPinByApi,
  test,
  walletBalance,
} from './fixtures.ts'
import { signUpElsewhere } from './payment-helpers.ts'

const outboxSchema = z.array(
  z.object({ channel: z.string(), subject: z.string().nullable(), text: z.string() }),
)

/** The newest text of the sandbox outbox for an address that matches, once it has arrived. */
async function mailedMatch(page: Page, to: string, pattern: RegExp): Promise<string> {
  let found = ''
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/sandbox/outbox?to=${encodeURIComponent(to)}`)
      const texts = outboxSchema.parse(await answer.json()).map((message) => message.text)
      found = texts.map((text) => pattern.exec(text)?.[1]).find(Boolean) ?? ''
      return found
    })
    .not.toBe('')
  return found
}

/** Turns two-factor on through the API, with the password it now takes; its backup codes. */
async function enableTwoFactorByApi(page: Page, password: string): Promise<string[]> {
  const setup = twoFactorSetupSchema.parse(
    await (await page.request.post('/api/auth/2fa/setup')).json(),
  )
  const enabled = await page.request.post('/api/auth/2fa/enable', {
    data: { code: await generate({ secret: setup.secret }), password },
  })
  expect(enabled.status(), await enabled.text()).toBe(200)
  return backupCodesSchema.parse(await enabled.json()).backupCodes
}

async function me(page: Page) {
  const response = await page.request.get('/api/auth/user')
  expect(response.status()).toBe(200)
  return userSchema.parse(await response.json())
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** A token of the right shape that no link ever carried. */
function unknownToken(): string {
  return randomBytes(32).toString('base64url')
}

test.describe('step-up for credential changes', () => {
  // Wrong passwords and codes are the server's 403 REAUTH_REQUIRED, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 403/] })

  test('changing the PIN with two-factor on asks the password and a code; a replaced PIN cools off sending', async ({
    page,
    signUp,
  }) => {
    const user = await signUp()
    const backupCodes = await enableTwoFactorByApi(page, user.password)
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Change PIN' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change your transaction PIN' })
    await dialog.getByLabel('New PIN (4 digits)').fill('4096')
    await dialog.getByLabel('Enter the PIN again').fill('4096')
    const password = dialog.getByLabel('Your account password')
    const code = dialog.getByLabel('Code from your authenticator app or a backup code')
    await expect(password).toBeVisible()
    await expect(code).toBeVisible()

    // Nothing typed: both are asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(dialog.getByText('Enter your password', { exact: true })).toBeVisible()
    await expect(
      dialog.getByText('Enter the 6-digit code from your authenticator app, or a backup code'),
    ).toBeVisible()

    // A wrong password is said beside its field, and the PIN stays as it was.
    await password.fill('not-my-password')
    await code.fill(backupCodes[0] ?? '')
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(dialog.getByText('Password is incorrect')).toBeVisible()
    await expectNoHorizontalOverflow(page)

    // The right password with a wrong code: the code is refused, beside its field.
    await password.fill(user.password)
    await code.fill('abcd-0000')
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(
      dialog.getByText('That code is not right. Check your authenticator app.'),
    ).toBeVisible()
    await expect(code).toHaveValue('')

    await code.fill(backupCodes[0] ?? '')
    await dialog.getByRole('button', { name: 'Save PIN' }).click()
    await expect(page.getByText('PIN Saved', { exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()

    // A replaced PIN is how a thief who reset the password would go on: sending cools off.
    await page.goto('/limits')
    const notice = page.getByTestId('cooling-off-notice')
    await expect(notice).toContainText('Your sign-in details changed recently. Until ')
    await expect(notice).toContainText('you can send at most ₦20,000.00 more.')
    await expectNoHorizontalOverflow(page)
  })

  test('the reset link of an account with two-factor on asks for a code as well', async ({
    page,
    signUp,
  }) => {
    const user = await signUp()
    // A reset link goes only to an address its owner has verified: with the sign-up's link.
    const verifyToken = await mailedMatch(page, user.email, /\/verify-email\?token=([\w-]+)/)
    const verified = await page.request.post('/api/auth/verify-email', {
      data: { token: verifyToken },
    })
    expect(verified.status(), await verified.text()).toBe(204)
    const backupCodes = await enableTwoFactorByApi(page, user.password)
    await page.context().clearCookies()

    await page.goto('/reset-password')
    await page.getByLabel('Email or phone number').fill(user.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    const resetToken = await mailedMatch(page, user.email, /\/reset-password\?token=([\w-]+)/)
    await page.goto(`/reset-password?token=${resetToken}`)
    await page.getByLabel('New password').fill('a-fresh-password-456')
    await page.getByRole('button', { name: 'Save new password' }).click()
    const code = page.getByLabel('Code from your authenticator app or a backup code')
    await expect(code).toBeVisible()
    await expect(
      page.getByText('Enter the code from your authenticator app, or a backup code'),
    ).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await code.fill(backupCodes[0] ?? '')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText(/Your password has been changed/)).toBeVisible()
  })
})

test.describe('freezing', () => {
  // A wrong password (403), a wrong code (400) and the frozen account's refusal (423) are
  // answers Chromium logs.
  test.use({ allowConsoleErrors: [/status of (400|403|423)/] })

  test('freeze from Settings signs out; signed in again, the banner unfreezes with the e-mailed code', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    const user = await signUp()
    const friend = await signUpElsewhere(browser, page, baseURL, {
      lastName: `Frz${randomUUID().slice(0, 6)}`,
    })
    await addFundsByApi(page, 'NGN', '5000')

    await page.goto('/settings')
    await expect(page.getByTestId('frozen-banner')).toHaveCount(0)
    await page.getByRole('button', { name: 'Freeze my account' }).click()
    const confirm = page.getByRole('dialog', { name: 'Freeze your account?' })
    await expect(confirm).toContainText(
      'Freezing signs you out everywhere and stops money leaving your account and any change to your sign-in details until you unfreeze it. Money can still come in.',
    )
    await expectNoHorizontalOverflow(page)
    await confirm.getByRole('button', { name: 'Freeze my account' }).click()

    // Every session ended, this one too: the sign-in page, and the toast says why.
    await expect(page).toHaveURL('/sign-in')
    await expect(page.getByText('Your account is frozen', { exact: true })).toBeVisible()
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)

    // Signing in to look still works; the dashboard says the account is frozen.
    await signInWithForm(page, user.email, user.password)
    await expect(page).toHaveURL('/')
    const banner = page.getByTestId('frozen-banner')
    await expect(banner).toContainText(
      "Your account is frozen. Money can't leave it and sign-in details can't change.",
    )
    await expectNoHorizontalOverflow(page)

    // No money leaves: the refusal is the server's own words, not a generic failure.
    await page.goto('/sabi-transfer')
    await page.getByLabel('Find a Sabi user').fill(friend.user.lastName)
    await page.getByRole('button', { name: new RegExp(friend.user.lastName) }).click()
    await page.getByRole('combobox', { name: 'From wallet' }).click()
    await page.getByRole('option', { name: /^NGN/ }).click()
    await page.getByLabel('Amount').fill('100')
    await page.getByRole('button', { name: 'Send Money' }).click()
    await page
      .getByTestId('review-sheet')
      .getByRole('button', { name: 'Confirm and enter PIN' })
      .click()
    await enterPin(page, E2E_PIN)
    await expect(
      page.getByText(/Your account is frozen\. Unfreeze it in Settings/).first(),
    ).toBeVisible()
    expect(await walletBalance(page, 'NGN')).toBe('5000.00')

    // Settings shows the banner too; unfreezing takes a code from the e-mail and the password.
    await page.goto('/settings')
    await expect(banner).toBeVisible()
    await expect(page.getByRole('button', { name: 'Freeze my account' })).toHaveCount(0)
    await banner.getByRole('button', { name: 'Unfreeze' }).click()
    const dialog = page.getByRole('dialog', { name: 'Unfreeze your account' })
    await dialog.getByRole('button', { name: 'Send me a code' }).click()
    const [name = '', domain = ''] = user.email.split('@')
    await expect(dialog.getByTestId('unfreeze-code-sent')).toHaveText(
      `We sent a code to ${name.slice(0, 1)}•••@${domain}. It works for 30 minutes.`,
    )
    const code = await mailedMatch(page, user.email, /unfreeze your Sabi account is (\d{6})/)
    await expectNoHorizontalOverflow(page)

    await dialog.getByLabel('6-digit code').fill(code)
    await dialog.getByLabel('Your account password').fill('not-my-password')
    await dialog.getByRole('button', { name: 'Unfreeze my account' }).click()
    await expect(dialog.getByText('Password is incorrect')).toBeVisible()

    const wrong = code === '000000' ? '111111' : '000000'
    await dialog.getByLabel('6-digit code').fill(wrong)
    await dialog.getByLabel('Your account password').fill(user.password)
    await dialog.getByRole('button', { name: 'Unfreeze my account' }).click()
    await expect(dialog.getByText(/That code is not right or has expired/)).toBeVisible()

    await dialog.getByLabel('6-digit code').fill(code)
    await dialog.getByRole('button', { name: 'Unfreeze my account' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Your account is unfrozen', { exact: true })).toBeVisible()
    await expect(banner).toHaveCount(0)
    expect((await me(page)).frozenAt).toBeNull()
    await expect(page.getByRole('button', { name: 'Freeze my account' })).toBeVisible()
    await friend.close()
  })
})

test.describe('the "This wasn\'t me" link', () => {
  // The page is not yet in the server's list of pages (src/shared/client-routes.ts), so its
  // document is a 404; a refused link is a 400. Chromium logs both.
  test.use({ allowConsoleErrors: [/status of (400|404)/] })

  test('an unknown link freezes nothing on load, and says so once the button is pressed', async ({
    page,
  }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
    })
    await page.goto(`/freeze?token=${unknownToken()}`)
    await expect(page.getByRole('heading', { name: 'Freeze your account?' })).toBeVisible()
    await expect(
      page.getByText(
        "If you didn't make this change, freeze your account now. Every session is signed out and no money can leave until you unfreeze it.",
      ),
    ).toBeVisible()
    await expectNoHorizontalOverflow(page)
    // Mail scanners open links: nothing is sent until the button is pressed.
    expect(posts).toEqual([])

    await page.getByRole('button', { name: 'Freeze my account' }).click()
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired')
    expect(posts).toEqual(['/api/account/freeze/link'])

    // A link that is not even a token says so at once, with no button to press.
    await page.goto('/freeze?token=nope')
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired')
    await expect(page.getByRole('button', { name: 'Freeze my account' })).toHaveCount(0)
  })

  test("a security alert's link freezes the account, signed out and on another device", async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    const user = await signUp()
    // A replaced PIN alerts the owner, with the link.
    await setPinByApi(page, '4096', user.password)
    const token = await mailedMatch(page, user.email, /\/freeze\?token=([\w-]+)/)

    const elsewhere = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      serviceWorkers: 'block',
    })
    const phone = await elsewhere.newPage()
    await phone.goto(`/freeze?token=${token}`)
    await expect(phone.getByRole('button', { name: 'Freeze my account' })).toBeVisible()
    // Opening the link changed nothing.
    expect((await me(page)).frozenAt).toBeNull()

    await phone.getByRole('button', { name: 'Freeze my account' }).click()
    await expect(phone.getByTestId('freeze-done')).toContainText(
      'Your account is frozen. Sign in and open Settings to unfreeze it once you have secured your e-mail and password.',
    )
    await expect(phone.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
    await expectNoHorizontalOverflow(phone)
    // Every session ended.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)
    await elsewhere.close()
  })
})
