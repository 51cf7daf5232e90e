import { randomBytes } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { catalog } from './catalogs.ts'
import {
  addFundsByApi,
  expect,
  expectNoHorizontalOverflow,
  type SignedUpUser,
  test,
} from './fixtures.ts'

/**
 * The languages (docs/i18n.md). The pseudo-locale run opens every signed-in screen with each
 * catalog text accented, lengthened and wrapped in ⟦ ⟧: any visible text without the brackets
 * did not come from a catalog (or from the user's own data, an amount or a date), so it would
 * stay English on a French or Hausa screen.
 */

const PSEUDO_OPEN = '⟦'

/** Signed-in screens and what shows they have finished loading. */
const SCREENS: { path: string; ready: string }[] = [
  { path: '/', ready: 'balance-amount' },
  { path: '/transactions', ready: 'transaction-row' },
  { path: '/disputes', ready: 'disputes-empty' },
  { path: '/send-money', ready: '' },
  { path: '/sabi-transfer', ready: '' },
  { path: '/transfer-options', ready: '' },
  { path: '/bank-transfer', ready: '' },
  { path: '/exchange', ready: '' },
  { path: '/bill-pay', ready: '' },
  { path: '/crypto-purchase', ready: '' },
  { path: '/transfer-global', ready: '' },
  { path: '/receive-money', ready: '' },
  { path: '/pos-terminal', ready: '' },
  { path: '/card', ready: '' },
  { path: '/profile', ready: '' },
  { path: '/settings', ready: '' },
  { path: '/limits', ready: '' },
  { path: '/verify', ready: '' },
  { path: '/ussd', ready: 'ussd-no-phone' },
]

/** Names that are data in every language: the user's own, assets' and currencies' names. */
type DataNames = Set<string>

/** Text that is the user's own data, a number or a date rather than words of the app. */
function isData(text: string, names: DataNames): boolean {
  if (!/[A-Za-z]/.test(text)) return true
  if (names.has(text)) return true
  // Currency and asset codes, the brand, and a rate ("1 USD = ₦1,529.87"), written alike in
  // every language.
  if (/^[A-Z]{2,5}$/.test(text) || text === 'Sabi') return true
  if (/^1 [A-Z]{3,5} = [^A-Za-z]*$/.test(text)) return true
  // The browser a session was signed in from (Settings, login activity).
  if (text.startsWith('Mozilla/5.0')) return true
  // Dates and times as Intl writes them in the pseudo-locale's English.
  if (/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d/.test(text)) return true
  if (/^\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)$/.test(text)) return true
  return false
}

/** Every visible text node, placeholder and accessible label of the page. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode
      const text = node.textContent?.trim() ?? ''
      const parent = node.parentElement
      if (!text || !parent || parent.closest('script, style, noscript')) continue
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      texts.push(text)
    }
    for (const element of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    texts.push(document.title)
    return texts
  })
}

async function untranslated(page: Page, names: DataNames): Promise<string[]> {
  const texts = await visibleTexts(page)
  return [...new Set(texts.filter((text) => !text.includes(PSEUDO_OPEN) && !isData(text, names)))]
}

/**
 * The user's names as the screens show them, and the names of currencies (English is the
 * pseudo-locale's language, so Intl names them in English) and crypto assets (proper names).
 */
async function dataNames(page: Page, user: SignedUpUser): Promise<DataNames> {
  const fullName = `${user.firstName} ${user.lastName}`
  const names = new Set([
    user.firstName,
    user.lastName,
    fullName,
    fullName.toUpperCase(),
    user.email,
    user.username,
    `@${user.username}`,
  ])
  for (const path of ['/api/currencies', '/api/cryptocurrencies']) {
    const response = await page.request.get(path)
    const body: unknown = await response.json()
    if (!Array.isArray(body)) continue
    for (const item of body) {
      const name: unknown =
        typeof item === 'object' && item !== null ? Reflect.get(item, 'name') : null
      if (typeof name === 'string') names.add(name)
    }
  }
  // The user's own account number's bank and name (docs/funding.md), where the server has one.
  const account = await page.request.get('/api/funding/bank-account')
  if (account.ok()) {
    const body: unknown = await account.json()
    for (const field of ['bankName', 'accountName']) {
      const value: unknown =
        typeof body === 'object' && body !== null ? Reflect.get(body, field) : null
      if (typeof value === 'string') names.add(value)
    }
  }
  return names
}

test.describe('pseudo-locale', () => {
  test.slow()
  // The narrowest phone Sabi is laid out for, where longer words would clip or spill first.
  test.use({ viewport: { width: 360, height: 740 } })

  test('every visible text of the signed-in screens comes from a catalog', async ({
    page,
    signUp,
  }) => {
    await page.addInitScript(() => localStorage.setItem('sabi.language', 'en-XA'))
    const user = await signUp()
    await addFundsByApi(page, 'USD', '1234.56')
    const names = await dataNames(page, user)
    const leaks: Record<string, string[]> = {}
    const overflows: Record<string, string> = {}
    for (const screen of SCREENS) {
      await page.goto(screen.path)
      await expect(page.locator('main')).toBeVisible()
      if (screen.ready) await expect(page.getByTestId(screen.ready).first()).toBeVisible()
      await expect(page.locator('main .animate-pulse')).toHaveCount(0)
      await page.waitForLoadState('networkidle')
      // Every screen shows its catalog's words, so the check is not passing on a blank page.
      await expect(page.locator('main')).toContainText(PSEUDO_OPEN)
      const found = await untranslated(page, names)
      if (found.length > 0) leaks[screen.path] = found
      // The longer words still fit the phone.
      const overflow = await page.evaluate(() => {
        const extra =
          (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth
        if (extra <= 0) return null
        // Name the outermost element that sticks out, so the report says what to fix.
        const wide = [...document.querySelectorAll<HTMLElement>('body *')].find(
          (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
        )
        return `${extra}px: ${wide?.tagName.toLowerCase()} "${wide?.textContent?.slice(0, 60)}"`
      })
      if (overflow) overflows[screen.path] = overflow
    }
    expect(leaks).toEqual({})
    expect(overflows, 'screens wider than the phone').toEqual({})
  })
})

/**
 * An amount as the browser's Intl writes it in a language, for the expectations: Hausa with
 * Nigerian conventions (ha-NG, or en-NG where the browser has no Hausa data), as the app does.
 */
async function money(
  page: Page,
  language: string,
  amount: string,
  symbol: string,
): Promise<string> {
  return page.evaluate(
    ({ language, amount, symbol }) => {
      const hausa = Intl.NumberFormat.supportedLocalesOf(['ha-NG']).length > 0 ? 'ha-NG' : 'en-NG'
      const locale = language === 'ha' ? hausa : language
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).formatToParts(Number(amount))
      return parts.map((part) => (part.type === 'currency' ? symbol : part.value)).join('')
    },
    { language, amount, symbol },
  )
}

for (const { language, locale, sample } of [
  { language: 'fr', locale: 'fr-SN', sample: 'Envoyer' },
  { language: 'ha', locale: 'ha-NG', sample: 'Aika' },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ locale })
    test.skip(({ isMobile }) => !isMobile, 'a phone-sized walk is enough for each language')

    test('sign-in, the dashboard and a transfer speak the browser language, amounts too', async ({
      page,
      signUp,
      browser,
      baseURL,
    }) => {
      const [auth, dashboard, transfers, action] = await Promise.all(
        ['auth', 'dashboard', 'transfers', 'moneyAction'].map((area) => catalog(language, area)),
      )
      if (!auth || !dashboard || !transfers || !action) throw new Error('a catalog is missing')
      const user = await signUp({ firstName: 'Amina' })
      await addFundsByApi(page, 'USD', '1234.56')
      const recipient = await signUpRecipient(browser, baseURL)
      await page.request.get('/api/logout')

      // Sign-in in the browser's language, found by the catalog's words.
      await page.goto('/sign-in')
      await expect(page.getByRole('heading', { name: auth.signInTitle })).toBeVisible()
      await page.getByLabel(auth.email ?? '').fill(user.email)
      await page.getByLabel(auth.password ?? '', { exact: true }).fill(user.password)
      await page.getByRole('button', { name: auth.signIn }).click()

      // The dashboard: translated words and the balance as the language writes money.
      await expect(
        page.getByText((dashboard.welcomeNew ?? '').replace('{{name}}', 'Amina')),
      ).toBeVisible()
      await expect(page.getByTestId('balance-amount')).toHaveText(
        await money(page, language, '1234.56', '$'),
      )
      await expect(page.getByRole('main')).toContainText(sample)
      if (language === 'fr') await expect(page.getByRole('main')).toContainText('naira nigérian')
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expectNoHorizontalOverflow(page)

      // A transfer to another Sabi user, reviewed, confirmed with the PIN, in the language.
      await page.goto('/sabi-transfer')
      await page.getByLabel(transfers.searchLabel ?? '').fill(recipient.lastName.slice(-7))
      await page.getByRole('button', { name: new RegExp(recipient.lastName) }).click()
      await page.getByRole('combobox', { name: transfers.fromWallet }).click()
      await page.getByRole('option', { name: /^USD/ }).click()
      await page.getByLabel(transfers.amount ?? '', { exact: true }).fill('125.50')
      await expectNoHorizontalOverflow(page)
      await page.getByRole('button', { name: transfers.submit, exact: true }).click()
      const review = page.getByTestId('review-sheet')
      await expect(review.getByRole('heading', { name: transfers.reviewTitle })).toBeVisible()
      await expect(review).toContainText(await money(page, language, '125.50', '$'))
      await review.getByRole('button', { name: action.confirm }).click()
      await page.getByRole('textbox', { name: action.pinLabel }).fill(user.pin ?? '')
      await expect(page.getByText(transfers.successTitle ?? '', { exact: true })).toBeVisible()
      const receipt = page.getByTestId('money-receipt')
      await expect(receipt.getByTestId('receipt-outcome')).toHaveText(action.statusCompleted ?? '')
      await expect(receipt.getByTestId('receipt-headline-amount')).toHaveText(
        await money(page, language, '-125.50', '$'),
      )
      await expectNoHorizontalOverflow(page)
    })
  })
}

/** A second user to pay, made through the API in a context of its own. */
async function signUpRecipient(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ lastName: string }> {
  const context = await browser.newContext({ baseURL })
  const suffix = randomBytes(4).toString('hex')
  const letters = Array.from(randomBytes(7), (byte) => String.fromCharCode(97 + (byte % 26)))
  const lastName = `Okafor${letters.join('')}`
  const response = await context.request.post('/api/auth/signup', {
    data: {
      email: `e2e_r_${suffix}@example.com`,
      password: 'e2e-password-123',
      firstName: 'Chidi',
      lastName,
      username: `chidi_${suffix}`,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  await context.close()
  return { lastName }
}

test.describe('the landing page', () => {
  test.use({ locale: 'fr-FR' })

  test("is served in the browser's language, and its selector changes it", async ({ page }) => {
    const [french, spanish] = await Promise.all([
      catalog('fr', 'landing'),
      catalog('es', 'landing'),
    ])
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(french.heroTitle ?? '')
    await expect(page).toHaveTitle(/Un argent plus malin/)
    await expectNoHorizontalOverflow(page)

    await page.getByLabel(french.languageChoice?.replace('{{language}}', 'Français') ?? '').click()
    await page.getByRole('link', { name: /Español/ }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(spanish.heroTitle ?? '')
    // The choice holds on the next visit, over the browser's French.
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    // And the app opens in it too.
    await page.goto('/sign-in')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
})
