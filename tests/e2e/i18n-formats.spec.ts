import { randomBytes, randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { cryptocurrencySchema } from '#shared/schemas/reference.ts'
import { catalog, fill } from './catalogs.ts'
import {
  addFundsByApi,
  E2E_PIN,
  expect,
  expectNoHorizontalOverflow,
  test,
  walletIn,
} from './fixtures.ts'

/**
 * What the app writes in French and Hausa beyond its catalogs' sentences (docs/i18n.md "Money,
 * numbers and dates", "Server messages"): refusals that arrive in a 200 answer, descriptions
 * the server stored, currency names, percentages, dates, and the language switcher before
 * sign-in. Each expectation is found by the catalog's words, so a text left in English fails.
 */
/** An amount as Intl writes it in the language (Hausa on Nigerian conventions), with a symbol. */
async function money(page: Page, language: string, amount: string, symbol: string) {
  return page.evaluate(
    ({ language, amount, symbol }) => {
      const hausa = Intl.NumberFormat.supportedLocalesOf(['ha-NG']).length > 0 ? 'ha-NG' : 'en-NG'
      const parts = new Intl.NumberFormat(language === 'ha' ? hausa : language, {
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

/** A second user to pay, made through the API in a context of its own. */
async function signUpRecipient(browser: Browser, baseURL: string | undefined) {
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

for (const { language, locale } of [
  { language: 'fr', locale: 'fr-SN' },
  { language: 'ha', locale: 'ha-NG' },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ locale })
    // Each test loads a language's catalogs screen by screen: slower than an English walk.
    test.describe.configure({ timeout: 120_000 })

    test('the review warns of the limit in the language, with the amount as it writes money', async ({
      page,
      signUp,
      browser,
      baseURL,
    }) => {
      const [transfers, action] = await Promise.all(
        ['transfers', 'moneyAction'].map((area) => catalog(language, area)),
      )
      if (!transfers || !action) throw new Error('a catalog is missing')
      await signUp({ firstName: 'Halima' }, { tier: 1 })
      await addFundsByApi(page, 'NGN', '120000.00')
      const recipient = await signUpRecipient(browser, baseURL)

      await page.goto('/sabi-transfer')
      await page.getByLabel(transfers.searchLabel ?? '').fill(recipient.lastName.slice(-7))
      await page.getByRole('button', { name: new RegExp(recipient.lastName) }).click()
      await page.getByRole('combobox', { name: transfers.fromWallet }).click()
      await page.getByRole('option', { name: /^NGN/ }).click()
      await page.getByLabel(transfers.amount ?? '', { exact: true }).fill('55000')
      await page.getByRole('button', { name: transfers.submit, exact: true }).click()
      const warning = page.getByTestId('review-sheet').getByTestId('limit-warning')
      await expect(warning).toContainText(
        fill(action.limitSingleMax, { amount: await money(page, language, '50000', '₦') }),
      )
      await expect(warning).not.toContainText('current tier')
      await expectNoHorizontalOverflow(page)
      await page.screenshot({ path: `.tmp/shots/limit-warning-${language}.png` })
    })

    test('history words the description Sabi wrote in the language, and wallets their currency', async ({
      page,
      signUp,
    }) => {
      const common = await catalog(language, 'common')
      await signUp({ firstName: 'Musa' })
      await addFundsByApi(page, 'NGN', '10000.00')
      const ngn = await walletIn(page, 'NGN')
      const airtime = await page.request.post('/api/bill-pay', {
        data: {
          billType: 'mobile',
          provider: 'mtn',
          accountNumber: '08031234567',
          amount: 500,
          walletId: ngn.id,
          pin: E2E_PIN,
        },
        headers: { 'Idempotency-Key': randomUUID() },
      })
      expect(airtime.status(), await airtime.text()).toBe(201)

      await page.goto('/transactions')
      const rows = page.getByTestId('transaction-row')
      // The first screen of a language loads its catalogs: on a busy machine that takes a while.
      await expect(rows.first()).toContainText(
        fill(common.descriptionBill, {
          type: common.billTypeMobile ?? '',
          biller: 'MTN',
          numberName: common.billNumberPhone ?? '',
          // A top-up keeps its number as people read it (docs/transfers.md "Bills").
          number: '0803 123 4567',
        }),
        { timeout: 30_000 },
      )
      await expect(rows.nth(1)).toContainText(common.descriptionAddedByCard ?? '')
      await expect(page.getByRole('main')).not.toContainText('Airtime')
      await expect(page.getByRole('main')).not.toContainText('phone number')
      await expectNoHorizontalOverflow(page)
      await page.screenshot({ path: `.tmp/shots/history-${language}.png` })

      // The wallets by their currency's name in the language: Sabi's own in Hausa. Musa holds
      // naira, so the headline is naira and the other wallet is the dollar one.
      await page.goto('/')
      await expect(page.getByRole('main')).toContainText(
        language === 'ha' ? 'Dalar Amurka' : 'dollar des États-Unis',
      )
      await expect(page.getByRole('main')).not.toContainText('Nigerian Naira')
      await expect(page.getByRole('main')).not.toContainText('US Dollar')
      await page.screenshot({ path: `.tmp/shots/dashboard-${language}.png` })
    })

    test('percentages, crypto amounts and the empty amount field are written as the language writes numbers', async ({
      page,
      signUp,
    }) => {
      const [exchange, transactions] = await Promise.all(
        ['exchange', 'transactions'].map((area) => catalog(language, area)),
      )
      if (!exchange || !transactions) throw new Error('a catalog is missing')
      await signUp({ firstName: 'Awa' })
      await addFundsByApi(page, 'USD', '100.00')
      const coins = cryptocurrencySchema
        .array()
        .parse(await (await page.request.get('/api/cryptocurrencies')).json())
      const bought = await page.request.post('/api/crypto/purchase', {
        data: {
          cryptoCurrencyId: coins.find((coin) => coin.code === 'USDT')?.id ?? 0,
          fiatCurrencyId: (await walletIn(page, 'USD')).currencyId,
          amount: '5.00',
          paymentMethod: 'wallet',
          pin: E2E_PIN,
        },
        headers: { 'Idempotency-Key': randomUUID() },
      })
      expect(bought.status(), await bought.text()).toBe(201)
      const quantity: unknown = (await bought.json()).convertedAmount
      if (typeof quantity !== 'string') throw new Error('no quantity bought')
      const [whole = '0', fraction = ''] = quantity.split('.')
      const decimal = language === 'fr' ? ',' : '.'
      const written = `${whole}${decimal}${fraction.padEnd(8, '0')}`

      await page.goto('/transactions')
      await expect(page.getByTestId('transaction-conversion').first()).toHaveText(
        fill(transactions.purchaseDetail, { converted: written, to: 'USDT' }),
        { timeout: 30_000 },
      )
      await expect(page.getByTestId('transaction-row').first()).toContainText(`${written} USDT`)

      await page.goto('/exchange')
      const percent = await page.evaluate(
        (language) =>
          new Intl.NumberFormat(language === 'ha' ? 'en-NG' : language, {
            style: 'unit',
            unit: 'percent',
            minimumFractionDigits: 1,
          }).format(0.5),
        language,
      )
      await expect(page.getByRole('main')).toContainText(fill(exchange.feeNote, { percent }), {
        timeout: 30_000,
      })
      if (language === 'fr') await expect(page.getByRole('main')).not.toContainText('0.5%')
      await expect(page.getByPlaceholder(language === 'fr' ? '0,00' : '0.00').first()).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await page.screenshot({ path: `.tmp/shots/exchange-${language}.png` })
    })

    test('sign-in and sign-up offer the language switcher, which changes the page at once', async ({
      page,
    }) => {
      const auth = await catalog(language, 'auth')
      const english = await catalog('en', 'auth')
      await page.goto('/sign-in')
      await expect(page.getByRole('heading', { name: auth.signInTitle })).toBeVisible({
        timeout: 30_000,
      })
      await page.getByRole('banner').getByRole('button').click()
      await page.getByRole('menuitemradio', { name: /^EN/ }).click()
      await expect(page.getByRole('heading', { name: english.signInTitle })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
      await page.goto('/sign-up')
      await expect(page.getByRole('heading', { name: english.signUpTitle })).toBeVisible()
      await expectNoHorizontalOverflow(page)
      await page.screenshot({ path: `.tmp/shots/sign-up-switcher-${language}.png` })
    })
  })
}
