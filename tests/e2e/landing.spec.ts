import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { staticImportFiles } from '#shared/vite-manifest.ts'
import {
  APP_ENTRY,
  CLIENT_OUT_DIR,
  ENHANCE_ENTRY,
  readViteManifest,
} from '../../scripts/vite-manifest.ts'
import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

// A visitor's first load of `/` is the prerendered landing.html (ADR 003); the React app shows
// the same page to a visitor who reaches `/` inside the app. Most tests here are about the
// former, the page nearly every visitor sees; "the React landing page" covers the latter.

const SIGN_IN_PATH = '/api/login'
const SIGN_UP_PATH = '/api/login?mode=signup'
const INSTALL_TITLE = 'Install Sabi as an App'

const USER_AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
} as const

async function openLanding(page: Page) {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter Money. Bigger Impact.')
}

/** The React app's landing page: a client-side move to `/` from another page of the app. */
async function openReactLanding(page: Page) {
  await page.goto('/card')
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter Money. Bigger Impact.')
  // The React app renders into #root; the static page has none.
  await expect(page.locator('#root')).toHaveCount(1)
}

/** The built files under /assets that a static landing page may load: its CSS and script. */
async function landingPageAssets(): Promise<{ allowed: Set<string>; appEntry: string }> {
  const manifest = await readViteManifest()
  const appEntry = manifest[APP_ENTRY]
  if (!appEntry) throw new Error(`${APP_ENTRY} is missing from the build in ${CLIENT_OUT_DIR}`)
  return {
    allowed: new Set([...staticImportFiles(manifest, ENHANCE_ENTRY), ...(appEntry.css ?? [])]),
    appEntry: appEntry.file,
  }
}

/**
 * Hands the page a stand-in for Chromium's `beforeinstallprompt` event, which a test browser
 * never fires by itself. `window.installPrompts` counts the calls to `prompt()`.
 */
async function offerInstall(page: Page, behaviour: 'accepted' | 'dismissed' | 'fails') {
  await page.evaluate((mode) => {
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.assign(window, { installPrompts: 0 })
    Object.assign(event, {
      prompt: async () => {
        Object.assign(window, { installPrompts: Number(Reflect.get(window, 'installPrompts')) + 1 })
        if (mode === 'fails')
          throw new DOMException('The prompt was already used', 'InvalidStateError')
      },
      userChoice: Promise.resolve({
        outcome: mode === 'accepted' ? 'accepted' : 'dismissed',
        platform: 'web',
      }),
    })
    window.dispatchEvent(event)
  }, behaviour)
}

function installPromptCount(page: Page): Promise<number> {
  return page.evaluate(() => Number(Reflect.get(window, 'installPrompts')))
}

test.describe('landing page for a visitor', () => {
  test('the header has the logo and a Sign In button that goes to /api/login', async ({ page }) => {
    await openLanding(page)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Sabi home' })).toBeVisible()
    const signIn = header.getByRole('link', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    await expect(signIn).toHaveAttribute('href', SIGN_IN_PATH)
    await expect(signIn).not.toHaveAttribute('target', /.+/)

    // A full-page navigation in the same tab, not a client-side route change.
    const navigation = page.waitForRequest(
      (request) =>
        request.isNavigationRequest() && new URL(request.url()).pathname === SIGN_IN_PATH,
    )
    await signIn.click()
    await navigation
  })

  test('the hero shows the tagline and its two calls to action', async ({ page }) => {
    await openLanding(page)
    const hero = page.getByRole('region', { name: 'Smarter Money. Bigger Impact.' })
    await expect(hero.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      SIGN_UP_PATH,
    )
    await expect(hero.getByRole('button', { name: 'Download App' })).toBeVisible()
  })

  test('the features grid covers every feature of the landing page', async ({ page }) => {
    await openLanding(page)
    const features = page.locator('#features')
    await expect(features.getByRole('heading', { level: 2 })).toHaveText(
      'Everything you need to move money',
    )
    const expected: Record<string, string[]> = {
      'Digital Wallet': [
        'Send and receive money',
        'Pay bills and buy airtime',
        'Track your expenses',
        'Local and international transfers',
      ],
      'Cross-Border Transfers': ['To bank accounts', 'To mobile wallets', 'To cash pickup agents'],
      'Bank-Level Security': [
        'Encryption of your data',
        'Two-factor authentication',
        'Fraud monitoring',
      ],
      'Mobile-First Design': ['Offline access', 'Low data use', 'Multilingual'],
      'Community Support': ['24/7 support', 'Financial education', 'Community forums'],
      'Wealth Tools': ['Savings goals', 'Investments', 'Budgeting', 'Spending insights'],
    }
    const cards = features
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
    await expect(cards).toHaveCount(Object.keys(expected).length)
    for (const [title, points] of Object.entries(expected)) {
      const card = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      await expect(card).toBeVisible()
      for (const point of points) await expect(card.getByText(point)).toBeVisible()
    }
  })

  test('the card promotion shows the perks, the card preview and both buttons', async ({
    page,
  }) => {
    await openLanding(page)
    const promo = page.locator('#card')
    await expect(promo.getByRole('heading', { level: 2 })).toBeVisible()
    for (const perk of ['No hidden fees', 'Cashback', 'Instant discounts']) {
      await expect(promo.getByRole('heading', { name: perk, exact: true })).toBeVisible()
    }
    await expect(promo.getByText(/customize your visa debit card/i)).toBeVisible()

    const preview = promo.getByTestId('card-preview')
    await expect(preview).toHaveAccessibleName(/ending in 1234, valid thru 12\/28/)
    await expect(preview).toContainText('•••• •••• •••• 1234')
    await expect(preview).toContainText('Valid thru 12/28')
    await expect(preview).toContainText('VISA')
    await expect(preview).not.toContainText(/\d{4} \d{4}/)

    await expect(promo.getByRole('link', { name: 'Get Your Free Card' })).toHaveAttribute(
      'href',
      SIGN_UP_PATH,
    )
    await promo.getByRole('link', { name: 'Learn More' }).click()
    await expect(page).toHaveURL('/card')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Sabi card' })).toBeVisible()
  })

  test('the help, contact, security and privacy sections have real content', async ({ page }) => {
    await openLanding(page)
    await expect(page.locator('#help').getByRole('heading', { name: 'Help Center' })).toBeVisible()
    const firstQuestion = page.locator('#help details').first()
    await firstQuestion.locator('summary').click()
    await expect(firstQuestion.getByText(/free and arrive instantly/)).toBeVisible()
    await expect(page.locator('#contact').getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    )
    await expect(page.locator('#security').getByRole('listitem')).toHaveCount(4)
    await expect(page.locator('#privacy').getByText(/We never sell it/)).toBeVisible()
  })

  test('the closing call to action is "Start Your Journey"', async ({ page }) => {
    await openLanding(page)
    const cta = page.getByRole('region', { name: 'Ready for smarter money?' })
    await expect(cta.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute(
      'href',
      SIGN_UP_PATH,
    )
    await expect(cta.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', SIGN_IN_PATH)
  })

  test('the footer lists services, support, access channels and the copyright', async ({
    page,
  }) => {
    await openLanding(page)
    const footer = page.getByRole('contentinfo')
    const services = [
      ['Send Money', '/send-money'],
      ['Receive Payments', '/receive-money'],
      ['Bill Payments', '/bill-pay'],
      ['Online Shopping', '/card'],
    ] as const
    for (const [name, href] of services) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    // Support links are anchors to sections of this page: none of them may be dead.
    const support = [
      ['Help Center', 'help'],
      ['Contact Us', 'contact'],
      ['Security', 'security'],
      ['Privacy Policy', 'privacy'],
    ] as const
    for (const [name, id] of support) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `#${id}`,
      )
      await expect(
        page.locator(`#${id}`).getByRole('heading', { name, exact: true }),
      ).toBeAttached()
    }
    await footer.getByRole('link', { name: 'Privacy Policy' }).click()
    await expect(page).toHaveURL(/#privacy$/)
    await expect(page.locator('#privacy')).toBeInViewport()

    const access = footer.getByTestId('footer-access')
    for (const channel of ['iOS', 'Android', 'Web', 'USSD']) {
      await expect(access.getByText(channel, { exact: true })).toBeVisible()
    }
    await expect(footer).toContainText('© 2025 Sabi')
  })

  test("a visitor's first load of / is the static page and loads no React app code", async ({
    page,
  }) => {
    const { allowed, appEntry } = await landingPageAssets()
    const assets: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/assets/')) assets.push(path.slice(1))
    })
    await openLanding(page)
    await page.waitForLoadState('networkidle')
    expect(assets).not.toContain(appEntry)
    expect(assets.filter((file) => !allowed.has(file))).toEqual([])
    expect(assets.some((file) => file.endsWith('.js'))).toBe(true)
    await expect(page.locator('#root')).toHaveCount(0)
    // Opening the instructions loads nothing more: the alert is in the page already.
    await page.getByRole('button', { name: 'Download App' }).click()
    await expect(page.getByRole('dialog', { name: INSTALL_TITLE })).toBeVisible()
    expect(assets.filter((file) => !allowed.has(file))).toEqual([])
  })

  test('with no install prompt, Download App opens the instructions alert', async ({ page }) => {
    await openLanding(page)
    await page.getByRole('button', { name: 'Download App' }).click()
    const dialog = page.getByRole('dialog', { name: INSTALL_TITLE })
    await expect(dialog).toBeVisible()
    for (const feature of [
      'Works offline',
      'Home screen shortcut',
      'Native app experience',
      'Push notifications',
    ]) {
      await expect(dialog.getByText(feature, { exact: true })).toBeVisible()
    }
    await expect(
      (await new AxeBuilder({ page }).include('dialog[open]').analyze()).violations,
    ).toEqual([])
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Download App' })).toBeFocused()
  })

  test('a browser install prompt turns the button into Install App until it is accepted', async ({
    page,
  }) => {
    await openLanding(page)
    await offerInstall(page, 'dismissed')
    const install = page.getByRole('button', { name: 'Install App' })
    await install.click()
    await expect.poll(() => installPromptCount(page)).toBe(1)
    // Dismissed: the offer still stands.
    await expect(install).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await offerInstall(page, 'accepted')
    await install.click()
    await expect.poll(() => installPromptCount(page)).toBe(1)
    await expect(page.getByRole('button', { name: 'Download App' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0)
  })

  test('a failing install prompt is only a warning and falls back to the instructions', async ({
    page,
  }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await openLanding(page)
    await offerInstall(page, 'fails')
    await page.getByRole('button', { name: 'Install App' }).click()
    await expect(page.getByRole('dialog', { name: INSTALL_TITLE })).toBeVisible()
    expect(warnings.some((text) => text.includes('install prompt'))).toBe(true)
    // The fixture fails the test if the failure reached console.error.
  })

  test('no part of the page is wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openLanding(page)
    await expectNoHorizontalOverflow(page)
    // The body clips sideways overflow, so also look for any element poking out past the edge.
    const offenders = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const isClipped = (element: Element) => {
        for (
          let parent = element.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        ) {
          if (getComputedStyle(parent).overflowX !== 'visible') return true
        }
        return false
      }
      return [...document.body.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect()
          return box.width > 0 && box.right > width + 0.5 && !isClipped(element)
        })
        .map((element) => element.outerHTML.slice(0, 120))
    })
    expect(offenders).toEqual([])
  })

  test('the landing page has no accessibility violations', async ({ page }) => {
    await openLanding(page)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
})

test.describe('the React landing page', () => {
  test('a visitor who moves to / inside the app sees the same page and install button', async ({
    page,
  }) => {
    await openReactLanding(page)
    const hero = page.getByRole('region', { name: 'Smarter Money. Bigger Impact.' })
    await expect(hero.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      SIGN_UP_PATH,
    )
    const download = hero.getByRole('button', { name: 'Download App' })
    await download.click()
    const dialog = page.getByRole('dialog', { name: INSTALL_TITLE })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Works offline', { exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Got it' }).click()
    await expect(dialog).toBeHidden()
    await expect(download).toBeFocused()

    await offerInstall(page, 'accepted')
    await hero.getByRole('button', { name: 'Install App' }).click()
    await expect.poll(() => installPromptCount(page)).toBe(1)
    await expect(hero.getByRole('button', { name: 'Download App' })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('has no accessibility violations', async ({ page }) => {
    await openReactLanding(page)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
})

test('a signed-in user at / gets the app and the dashboard', async ({ page, signUp }) => {
  await signUp({ firstName: 'Kemi' })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Welcome, Kemi' })).toBeVisible()
  await expect(page.locator('#root')).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0)
})

test.describe('service worker', () => {
  // The project blocks service workers in tests (playwright.config.ts); these tests are about it.
  test.use({ serviceWorkers: 'allow' })

  test('the static page registers it, it precaches the page, and / still follows the session', async ({
    page,
    signUp,
  }) => {
    await openLanding(page)
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(new URL('/', page.url()).href)
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true)
    // Only the shell is precached (docs/offline.md): the app's page, never the landing page,
    // which the visitor has just downloaded once already.
    const precached = await page.evaluate(async () => ({
      app: (await caches.match('/index.html', { ignoreSearch: true })) !== undefined,
      landing: (await caches.match('/landing.html', { ignoreSearch: true })) !== undefined,
    }))
    expect(precached).toEqual({ app: true, landing: false })

    // Pages now go through the worker, network first, so the server still chooses the page,
    // and the copy it keeps is the one the visitor saw.
    const again = await page.reload()
    expect(again?.fromServiceWorker()).toBe(true)
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.match('/', { ignoreVary: true })) !== undefined),
      )
      .toBe(true)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Smarter Money. Bigger Impact.',
    )
    await expect(page.locator('#root')).toHaveCount(0)

    await signUp({ firstName: 'Zainab' })
    const signedIn = await page.goto('/')
    expect(signedIn?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('heading', { name: 'Welcome, Zainab' })).toBeVisible()
  })

  test.describe('offline', () => {
    // Offline, the app's own API calls fail, and Chromium logs each of them.
    test.use({ allowConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] })

    test('a page seen before comes from the cache; the app, never fetched, is not pretended', async ({
      page,
      context,
    }) => {
      await openLanding(page)
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
        .toBe(true)
      // Loaded through the worker once, so the page cache holds it.
      await page.reload()

      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Smarter Money. Bigger Impact.',
      )
      await expect(page.locator('#root')).toHaveCount(0)

      // The worker precaches only the shell (docs/offline.md): a visitor who only ever saw the
      // landing page has no app code on the device, so an app page offline is the landing page,
      // never the browser's error page nor a blank one.
      await page.goto('/card')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Smarter Money. Bigger Impact.',
      )
    })
  })

  test('the React app registers it too', async ({ page }) => {
    await page.goto('/card')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Sabi card' })).toBeVisible()
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    )
    expect(scriptUrl).toMatch(/\/sw\.js$/)
  })
})

test.describe('install instructions by device', () => {
  test.describe('iPhone', () => {
    test.use({ userAgent: USER_AGENTS.iphone })
    test('Safari, Share, Add to Home Screen', async ({ page }) => {
      await openLanding(page)
      await page.getByRole('button', { name: 'Download App' }).click()
      const dialog = page.getByRole('dialog', { name: INSTALL_TITLE })
      await expect(dialog.getByRole('listitem').filter({ hasText: 'Safari' })).toBeVisible()
      await expect(dialog.getByRole('listitem').filter({ hasText: 'Share' })).toBeVisible()
      await expect(
        dialog.getByRole('listitem').filter({ hasText: 'Add to Home Screen' }),
      ).toBeVisible()
      await expect(dialog).not.toContainText('Chrome')
    })
  })

  test.describe('Android', () => {
    test.use({ userAgent: USER_AGENTS.android })
    test('Chrome menu, Add to Home screen, Install', async ({ page }) => {
      await openLanding(page)
      await page.getByRole('button', { name: 'Download App' }).click()
      const dialog = page.getByRole('dialog', { name: INSTALL_TITLE })
      await expect(dialog.getByRole('listitem').filter({ hasText: 'Chrome menu' })).toBeVisible()
      await expect(
        dialog.getByRole('listitem').filter({ hasText: 'Add to Home screen' }),
      ).toContainText('Install')
      await expect(dialog).not.toContainText('Safari')
    })
  })

  test.describe('desktop', () => {
    test.use({ userAgent: USER_AGENTS.windows })
    test('the install icon in the address bar', async ({ page }) => {
      await openLanding(page)
      await page.getByRole('button', { name: 'Download App' }).click()
      const dialog = page.getByRole('dialog', { name: INSTALL_TITLE })
      await expect(dialog.getByRole('listitem').filter({ hasText: 'install icon' })).toContainText(
        'address bar',
      )
      await expect(dialog).not.toContainText('Safari')
    })
  })
})
