import { expect, newUserDetails, test } from './fixtures.ts'

test.describe('sign-up', () => {
  test('the form creates an account and lands on the dashboard greeting the user', async ({
    page,
  }) => {
    const details = newUserDetails({ firstName: 'Amaka', lastName: 'Eze' })
    await page.goto('/sign-up')
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()

    // Client-side rules from the shared schema show beside their fields, before any request.
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Password must be at least 10 characters')).toBeVisible()
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()

    await page.getByLabel('First name').fill(details.firstName)
    await page.getByLabel('Last name').fill(details.lastName)
    await page.getByLabel('Username').fill(details.username)
    await page.getByLabel('Email').fill(details.email)
    await page.getByLabel('Password', { exact: true }).fill(details.password)

    // Hold the request so the pending state can be seen.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/auth/signup', async (route) => {
      await held
      await route.continue()
    })
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled()
    release()

    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: 'Welcome, Amaka' })).toBeVisible()
    await expect(page.getByTestId('balance-amount')).toHaveText('$0.00')
    await expect(page.getByTestId('balance-currency')).toHaveText('USD')
    // A new account is not verified yet, and the dashboard says so instead of the opposite.
    await expect(page.getByText('Account Verified')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Verify your account' })).toHaveAttribute(
      'href',
      '/profile',
    )
    // Each route names itself in the browser tab.
    await expect(page).toHaveTitle('Home · Sabi')
  })
})

test.describe('sign-up conflicts', () => {
  // Chromium logs the 409 answer; here it is the expected outcome.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] })

  test('a used e-mail is refused with the server message in a form alert', async ({
    page,
    signUp,
  }) => {
    const existing = await signUp()
    await page.context().clearCookies()
    await page.goto('/sign-up')
    await page.getByLabel('First name').fill('Other')
    await page.getByLabel('Last name').fill('Person')
    await page.getByLabel('Username').fill(`${existing.username}_2`.slice(0, 30))
    await page.getByLabel('Email').fill(existing.email)
    await page.getByLabel('Password', { exact: true }).fill('another-password-1')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists')
    await expect(page).toHaveURL('/sign-up')
  })
})

test.describe('signed in', () => {
  test('the user menu shows the full name, the e-mail and its entries', async ({
    page,
    signUp,
  }) => {
    const user = await signUp({ firstName: 'Ngozi', lastName: 'Adeyemi' })
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Welcome, Ngozi' })).toBeVisible()

    await page.getByRole('button', { name: 'Account menu for Ngozi' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByTestId('user-menu-full-name')).toHaveText('Ngozi Adeyemi')
    await expect(menu.getByTestId('user-menu-email')).toHaveText(user.email)
    await expect(menu.getByText('NA').first()).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    )
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    )
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute(
      'href',
      '/api/logout',
    )
  })

  test('signing out ends the session and shows the landing page', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/')
    await page.getByRole('button', { name: /^Account menu for / }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()

    await expect(page).toHaveURL('/')
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveCount(0)
    const me = await page.request.get('/api/auth/user')
    expect(me.status()).toBe(401)
  })

  test('the auth pages send a signed-in user on to where they were going', async ({
    page,
    signUp,
  }) => {
    await signUp()
    await page.goto('/sign-in')
    await expect(page).toHaveURL('/')
    await page.goto('/sign-up?returnTo=%2Fcard')
    await expect(page).toHaveURL('/card')
  })
})

test.describe('sign-in', () => {
  test('the same credentials sign in again, and a wrong password is refused', async ({
    page,
    signUp,
  }) => {
    const user = await signUp({ firstName: 'Bola' })
    await page.context().clearCookies()

    await page.goto('/sign-in')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password')
    await expect(page).toHaveURL('/sign-in')

    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: 'Welcome, Bola' })).toBeVisible()
  })

  test('returnTo is honoured when it is a path on this site, and kept by the sign-up link', async ({
    page,
    signUp,
  }) => {
    const user = await signUp()
    await page.context().clearCookies()

    await page.goto('/sign-in?returnTo=%2Fcard')
    await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute(
      'href',
      '/sign-up?returnTo=%2Fcard',
    )
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/card')
  })

  test('a returnTo on another site is ignored', async ({ page, signUp }) => {
    const user = await signUp()
    await page.context().clearCookies()

    await page.goto('/sign-in?returnTo=%2F%2Fevil.example%2F')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/')
  })

  test('the server sign-in path leads to the form and back to the page asked for', async ({
    page,
  }) => {
    await page.goto('/api/login?returnTo=%2Fcard')
    await expect(page).toHaveURL('/sign-in?returnTo=%2Fcard')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  })
})

// `/` shows the landing page to a visitor; /transactions is a protected page (docs/screens.md).
for (const network of ['a quick', 'a slow'] as const) {
  test(`a signed-out visit to a protected page toasts and goes to sign in, on ${network} network`, async ({
    page,
  }) => {
    // The toast has only 500 ms before the browser leaves, too short to poll for reliably on a
    // busy machine; the page itself notes every toast text it shows, in storage that outlives
    // the navigation, and the test reads the notes on the sign-in page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('li[data-state="open"] div')) {
          if (element.checkVisibility()) sessionStorage.setItem(`toast:${element.textContent}`, '1')
        }
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    if (network === 'a slow') {
      // The toast region's code arrives a second and a half late, as on a slow phone network:
      // the page must still show the toast before it leaves (docs/screens.md "Signed-in pages").
      await page.route(/\/assets\/toast-region-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
    }
    await page.goto('/transactions')
    await expect(page).toHaveURL('/sign-in?returnTo=%2Ftransactions')
    const shown = await page.evaluate(() => [
      sessionStorage.getItem('toast:Unauthorized'),
      sessionStorage.getItem('toast:You are logged out. Logging in again...'),
    ])
    expect(shown).toEqual(['1', '1'])
  })
}
