import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import { generate } from 'otplib'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  newUserDetails,
  type SignedUpUser,
  test,
  walletIn,
} from './fixtures.ts'

/** Runs a change on the Settings page and waits for the server to have saved it. */
async function saving(page: Page, change: () => Promise<void>) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/settings') && response.request().method() === 'PUT',
  )
  await change()
  expect((await saved).status()).toBe(200)
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

async function signOut(page: Page) {
  await page.goto('/api/logout')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
}

async function openSettings(page: Page) {
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible()
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<[Download, string]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  return [download, await readFile(path, 'utf8')]
}

const SWITCHES = {
  push: 'Push notifications',
  email: 'Email notifications',
  sms: 'SMS notifications',
  autoSave: 'Auto-save recipients',
} as const

test('settings: notification, payment and currency choices are saved on the server', async ({
  page,
  signUp,
}) => {
  const user = await signUp()
  await openSettings(page)
  await expectNoHorizontalOverflow(page)

  // The defaults: push on, e-mail on, SMS off, language English, USD, light, auto-save on.
  const sw = (name: string) => page.getByRole('switch', { name })
  await expect(sw(SWITCHES.push)).toHaveAttribute('aria-checked', 'true')
  await expect(sw(SWITCHES.email)).toHaveAttribute('aria-checked', 'true')
  await expect(sw(SWITCHES.sms)).toHaveAttribute('aria-checked', 'false')
  await expect(sw(SWITCHES.autoSave)).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveText('English')
  await expect(page.getByRole('combobox', { name: 'Currency display' })).toContainText('USD')
  await expect(page.getByRole('radio', { name: /^Light/ })).toBeChecked()
  await expect(sw('Two-factor authentication')).toHaveAttribute('aria-checked', 'false')

  await saving(page, () => sw(SWITCHES.sms).click())
  await expect(page.getByText('Your settings have been updated.', { exact: true })).toBeVisible()
  await saving(page, () => sw(SWITCHES.push).click())
  await saving(page, () => sw(SWITCHES.autoSave).click())
  await saving(page, async () => {
    await page.getByRole('combobox', { name: 'Default wallet' }).click()
    await page.getByRole('option', { name: /NGN/ }).click()
  })
  await saving(page, async () => {
    await page.getByRole('combobox', { name: 'Currency display' }).click()
    await page.getByRole('option', { name: /EUR/ }).click()
  })

  const expectSaved = async () => {
    await expect(sw(SWITCHES.push)).toHaveAttribute('aria-checked', 'false')
    await expect(sw(SWITCHES.email)).toHaveAttribute('aria-checked', 'true')
    await expect(sw(SWITCHES.sms)).toHaveAttribute('aria-checked', 'true')
    await expect(sw(SWITCHES.autoSave)).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByRole('combobox', { name: 'Default wallet' })).toContainText('NGN')
    await expect(page.getByRole('combobox', { name: 'Currency display' })).toContainText('EUR')
  }
  await page.reload()
  await expectSaved()

  // Sign Out is the logout path; the choices are still there after signing in again.
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout')
  await page.getByRole('link', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
  await signInWithForm(page, user.email, user.password)
  await expect(page).toHaveURL('/')
  await openSettings(page)
  await expectSaved()
})

test('theme: dark mode is applied at once, kept on the server, and the landing page stays light', async ({
  page,
  signUp,
}) => {
  const user = await signUp()
  await openSettings(page)
  await saving(page, () => page.getByRole('radio', { name: /^Dark/ }).click())
  await expect(page.getByRole('radio', { name: /^Dark/ })).toBeChecked()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  const backgroundIsDark = () =>
    page.evaluate(() => {
      const [r = 255, g = 255, b = 255] = (
        getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []
      ).map(Number)
      return r < 60 && g < 60 && b < 60
    })
  expect(await backgroundIsDark()).toBe(true)

  await page.reload()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('radio', { name: /^Dark/ })).toBeChecked()
  await page.goto('/transactions')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await backgroundIsDark()).toBe(true)

  // A visitor's landing page is light, whatever this device showed last.
  await signOut(page)
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  expect(await backgroundIsDark()).toBe(false)

  // On a device that has never seen the theme, signing in brings it from the server.
  await page.evaluate(() => localStorage.clear())
  await signInWithForm(page, user.email, user.password)
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  await openSettings(page)
  await saving(page, () => page.getByRole('radio', { name: /^Light/ }).click())
  await expect(page.getByRole('radio', { name: /^Light/ })).toBeChecked()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  expect(await backgroundIsDark()).toBe(false)
})

test('language: the Settings language and the header selector are one saved setting', async ({
  page,
  signUp,
}) => {
  await signUp()
  await openSettings(page)
  await saving(page, async () => {
    await page.getByRole('combobox', { name: 'Language' }).click()
    await page.getByRole('option', { name: 'Hausa' }).click()
  })
  // The page speaks Hausa at once, the header's selector included.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha')
  const hausaSelector = page.getByRole('button', { name: 'Harshe: Hausa' })
  await expect(hausaSelector).toHaveText('HA')
  await expect(page.getByRole('combobox', { name: 'Harshe' })).toHaveText('Hausa')

  await saving(page, async () => {
    await hausaSelector.click()
    await page.getByRole('menuitemradio', { name: /Français/ }).click()
  })
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  const frenchSetting = page.getByRole('combobox', { name: 'Langue' })
  await expect(frenchSetting).toHaveText('Français')

  // The server has it: a device that forgot its choice (and a browser in English) gets it back.
  await page.evaluate(() => {
    localStorage.clear()
    // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the device's choice.
    document.cookie = 'sabi_lang=; Path=/; Max-Age=0'
  })
  await page.reload()
  await expect(frenchSetting).toHaveText('Français')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('button', { name: 'Langue\u00a0: Français' })).toHaveText('FR')
})

test.describe('two-factor', () => {
  // A wrong password is the server's 403 REAUTH_REQUIRED, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 403/] })

  test('two-factor: enrol with the QR secret and the password, then sign-in asks for a code or a backup code', async ({
    page,
    signUp,
  }) => {
    // Enrolling, two sign-ins and turning it off again is a long walk: on a busy machine it needs
    // more than the usual time budget.
    test.slow()
    const user = await signUp()
    await openSettings(page)
    await page.getByRole('switch', { name: 'Two-factor authentication' }).click()
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' })
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
    const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(
      /\s/g,
      '',
    )
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await expectNoHorizontalOverflow(page)

    // A code and the password are required before anything changes (issue 32: step-up).
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click()
    await expect(
      dialog.getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible()
    await expect(dialog.getByText('Enter your password', { exact: true })).toBeVisible()
    await dialog.getByLabel('6-digit code').fill(await generate({ secret }))
    await dialog.getByLabel('Your account password').fill('not-my-password')
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click()
    await expect(dialog.getByText('Password is incorrect')).toBeVisible()
    await dialog.getByLabel('Your account password').fill(user.password)
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click()

    const backup = page.getByRole('dialog', { name: 'Save your backup codes' })
    await expect(backup.getByTestId('backup-code')).toHaveCount(10)
    const backupCodes = await backup.getByTestId('backup-code').allTextContents()
    expect(new Set(backupCodes).size).toBe(10)
    await expect(backup.getByRole('button', { name: 'Copy codes' })).toBeVisible()
    await expect(backup.getByRole('button', { name: 'Download codes' })).toBeVisible()
    await backup.getByRole('button', { name: 'I have saved them' }).click()
    await expect(backup).toBeHidden()
    await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    const me = await page.request.get('/api/auth/user')
    expect(await me.json()).toMatchObject({ twoFactorEnabled: true })

    // Sign-in now takes a second step; a wrong code is refused with a clear message.
    await signOut(page)
    await signInWithForm(page, user.email, user.password)
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
    await expect(page.getByTestId('sign-in-email')).toContainText(user.email)
    await expectNoHorizontalOverflow(page)
    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'That code is not right. Check your authenticator app.',
    )
    await expect(page.getByLabel('Authentication code')).toHaveValue('')
    // A code works once (issue 32): the one that turned it on is spent, the next one signs in.
    await page.getByLabel('Authentication code').fill(await nextCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible()

    // A backup code signs in once, and only once.
    const [firstBackup = ''] = backupCodes
    for (const attempt of ['accepted', 'refused'] as const) {
      await signOut(page)
      await signInWithForm(page, user.email, user.password)
      await page.getByRole('button', { name: 'Use a backup code instead' }).click()
      await page.getByLabel('Backup code').fill(firstBackup)
      await page.getByRole('button', { name: 'Verify' }).click()
      if (attempt === 'accepted') {
        await expect(page).toHaveURL('/')
        await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible()
      } else {
        await expect(page.getByRole('alert')).toHaveText(
          'That code is not right. Check your authenticator app.',
        )
      }
    }
    // The authenticator's code of this moment is spent already: a second backup code signs in.
    await page.getByLabel('Backup code').fill(backupCodes[1] ?? '')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/')

    // Turning it off takes the password and a code too; a wrong password changes nothing.
    await openSettings(page)
    await page.getByRole('switch', { name: 'Two-factor authentication' }).click()
    const off = page.getByRole('dialog', { name: 'Turn off two-factor authentication' })
    await off.getByRole('button', { name: 'Turn off' }).click()
    await expect(off.getByText('Enter your password', { exact: true })).toBeVisible()
    await expect(
      off.getByText('Enter the 6-digit code from your authenticator app, or a backup code'),
    ).toBeVisible()
    await off.getByLabel('Your account password').fill('not-my-password')
    await off
      .getByLabel('Code from your authenticator app or a backup code')
      .fill(backupCodes[2] ?? '')
    await off.getByRole('button', { name: 'Turn off' }).click()
    await expect(off.getByText('Password is incorrect')).toBeVisible()
    await expectNoHorizontalOverflow(page)
    expect(await (await page.request.get('/api/auth/user')).json()).toMatchObject({
      twoFactorEnabled: true,
    })
    await off.getByLabel('Your account password').fill(user.password)
    await off.getByRole('button', { name: 'Turn off' }).click()
    await expect(off).toBeHidden()
    await expect(page.getByRole('switch', { name: 'Two-factor authentication' })).toHaveAttribute(
      'aria-checked',
      'false',
    )
    await signOut(page)
    await signInWithForm(page, user.email, user.password)
    await expect(page).toHaveURL('/')
  })
})

test('password change: other devices are signed out and the new password works', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  const user = await signUp()
  const otherContext = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const other = await otherContext.newPage()
  await signInWithForm(other, user.email, user.password)
  await expect(other).toHaveURL('/')

  await openSettings(page)
  await page.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await dialog.getByLabel('Current password', { exact: true }).fill(user.password)
  await dialog.getByLabel('New password', { exact: true }).fill('a-brand-new-password')
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('a-different-password')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByText('The passwords do not match')).toBeVisible()
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-password')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText('Your other devices have been signed out.', { exact: true }),
  ).toBeVisible()
  await expect(page.getByTestId('session-row')).toHaveCount(1)

  // The other device's next visit to a protected page goes to sign-in.
  await other.goto('/transactions')
  await expect(other).toHaveURL('/sign-in?returnTo=%2Ftransactions')
  await otherContext.close()

  await signOut(page)
  await signInWithForm(page, user.email, 'a-brand-new-password')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible()
})

test('login activity: both sessions are listed and the other one can be signed out', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  const user = await signUp()
  const phoneContext = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  })
  const phone = await phoneContext.newPage()
  await signInWithForm(phone, user.email, user.password)
  await expect(phone).toHaveURL('/')

  await openSettings(page)
  const rows = page.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('This device')
  const theirs = rows.filter({ hasText: 'Safari on iOS' })
  await expect(theirs).toHaveCount(1)
  await expect(theirs).not.toContainText('This device')
  // The raw user agent is one tap away.
  await theirs.getByText('Safari on iOS').click()
  await expect(theirs.getByText(/iPhone OS 17_5/)).toBeVisible()
  await expectNoHorizontalOverflow(page)

  await theirs.getByRole('button', { name: 'Sign out Safari on iOS' }).click()
  await expect(page.getByText('That device has been signed out.', { exact: true })).toBeVisible()
  await expect(rows).toHaveCount(1)
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401)
  await phoneContext.close()
})

test('your data: the JSON download and the CSV export hold the user’s records', async ({
  page,
  signUp,
}) => {
  const user: SignedUpUser = await signUp()
  await addFundsByApi(page, 'USD', '25.00')
  await openSettings(page)

  const [dataFile, dataText] = await downloadText(page, () =>
    page.getByRole('link', { name: 'Download data' }).click(),
  )
  expect(dataFile.suggestedFilename()).toBe('sabi-data.json')
  const data: unknown = JSON.parse(dataText)
  expect(data).toMatchObject({
    profile: { email: user.email, firstName: user.firstName },
    settings: { displayCurrency: 'USD' },
  })
  expect(dataText).toContain('"add_funds"')
  expect(dataText).not.toContain('passwordHash')

  const exportCsv = page.getByRole('link', { name: 'Export CSV' })
  const [csvFile, csv] = await downloadText(page, () => exportCsv.click())
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/)
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe(
    'Date,Reference,Type,Status,Description,Amount,Fee,Currency,Converted amount,Converted currency',
  )
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(',add_funds,completed,')
  expect(lines[1]).toContain(',25.00,')

  // A range in the past holds nothing: the header only.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01')
  await page.getByLabel('To', { exact: true }).fill('2020-01-31')
  const [, pastCsv] = await downloadText(page, () => exportCsv.click())
  expect(pastCsv.trim().split('\r\n')).toEqual([lines[0]])
})

test.describe('deactivation', () => {
  // The refusal while money remains is a 409, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] })

  test('refused while a wallet holds money, allowed when empty, then sign-in says so', async ({
    page,
    signUp,
    playwright,
    baseURL,
  }) => {
    // Someone to hand the money to, signed up in a request context of their own.
    const friendContext = await playwright.request.newContext({ baseURL })
    const created = await friendContext.post('/api/auth/signup', { data: newUserDetails() })
    expect(created.status()).toBe(201)
    const friendId = String((await created.json()).id)
    await friendContext.dispose()
    const user = await signUp()
    await addFundsByApi(page, 'USD', '10.00')
    await openSettings(page)

    const deactivate = async () => {
      await page.getByRole('button', { name: 'Deactivate account' }).click()
      const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' })
      await dialog.getByLabel('Your account password').fill(user.password)
      await dialog.getByRole('button', { name: 'Deactivate' }).click()
      return dialog
    }
    const dialog = await deactivate()
    await expect(dialog.getByRole('alert')).toContainText('Your wallets still hold')
    await expect(dialog.getByRole('alert')).toContainText('10.00')
    await expectNoHorizontalOverflow(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Empty the wallet (a free transfer to someone else), and it goes through.
    const usd = await walletIn(page, 'USD')
    const sent = await page.request.post('/api/send-money/sabi-user', {
      data: { fromWalletId: usd.id, recipientUserId: friendId, amount: '10.00', pin: E2E_PIN },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    await deactivate()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
    expect((await page.request.get('/api/auth/user')).status()).toBe(401)

    await signInWithForm(page, user.email, user.password)
    await expect(page.getByRole('alert')).toContainText('This account has been deactivated')
    await expect(page).toHaveURL('/sign-in')
  })
})

test('dashboard: the headline is every wallet together in the display currency', async ({
  page,
  signUp,
}) => {
  // Someone abroad (docs/account.md "Country and currency"): their display currency is the dollar.
  await signUp({ country: 'GB' })
  // Money all in naira: the headline is never $0.00, but the naira valued in dollars.
  await addFundsByApi(page, 'NGN', '50000.00')
  await page.goto('/')
  await expect(page.getByTestId('balance-currency')).toHaveText('USD')
  await expect(page.getByTestId('balance-amount')).toHaveText(/^\$[1-9]\d{0,2}(,\d{3})*\.\d{2}$/)
  await expect(page.getByTestId('balance-estimate')).toBeVisible()

  await addFundsByApi(page, 'USD', '100.00')
  await openSettings(page)
  await saving(page, async () => {
    await page.getByRole('combobox', { name: 'Currency display' }).click()
    await page.getByRole('option', { name: /NGN/ }).click()
  })
  // On a phone the "Saved" toast lies over the header's Back link, and a pointer resting on it
  // keeps it open: close it, as a person would, before going back.
  const savedToast = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: 'Your settings have been updated.' })
  await savedToast.getByRole('button', { name: 'Close notification' }).click()
  await expect(savedToast).toBeHidden()
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/')
  // In naira: the 50,000 naira and the dollars' worth of naira together.
  await expect(page.getByTestId('balance-currency')).toHaveText('NGN')
  await expect(page.getByTestId('balance-amount')).toHaveText(/^₦\d{1,3}(,\d{3})*\.\d{2}$/)
  await expect(page.getByTestId('balance-amount')).not.toHaveText('₦50,000.00')
  await expect(page.getByTestId('balance-estimate')).toBeVisible()
  await expectNoHorizontalOverflow(page)
})

/** The authenticator's next code: the current one may be spent already (a code works once). */
async function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
}
