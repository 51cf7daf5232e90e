import type { Locator, Page } from '@playwright/test'
import { currencySchema, type Wallet, walletSchema } from '#shared/schemas/reference.ts'
import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

const LARGEST = '999999999.99'
const CODES = ['USD', 'NGN', 'KES', 'GBP', 'EUR', 'ZAR']

/** The user's real wallets, each answered with `balance`, in `codes`. */
async function serveBalances(page: Page, balance = LARGEST, codes = CODES) {
  const real = walletSchema.array().parse(await (await page.request.get('/api/wallets')).json())
  const template = real[0]
  if (!template) throw new Error('no wallet')
  const known = currencySchema
    .array()
    .parse(await (await page.request.get('/api/currencies')).json())
  const wallets: Wallet[] = codes.map((code, index) => {
    const currency = known.find((candidate) => candidate.code === code)
    if (!currency) throw new Error(`no ${code}`)
    return {
      ...template,
      id: `00000000-0000-4000-8000-00000000000${index}`,
      currencyId: currency.id,
      balance,
      isPrimary: code === 'USD',
      currency: {
        id: currency.id,
        code,
        symbol: currency.symbol,
        name: currency.name,
        flagEmoji: '',
      },
    }
  })
  await page.unroute('**/api/wallets')
  await page.route('**/api/wallets', (route) => route.fulfill({ json: wallets }))
  await page.route('**/api/wallets/total?**', (route) =>
    route.fulfill({
      json: { currency: { code: 'USD', symbol: '$' }, total: '999999999999.99', walletCount: 6 },
    }),
  )
}

/** How many lines the element's text takes. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })
}

/** The element shows its whole text: nothing is clipped or cut with an ellipsis. */
async function expectWhole(locator: Locator) {
  const clipped = await locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1)
  expect(clipped, `${await locator.textContent()} is cut off`).toBe(false)
}

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size })

    test('the largest balances show every digit on the dashboard and the money forms', async ({
      page,
      signUp,
    }) => {
      await signUp()
      await serveBalances(page)
      await page.goto('/')
      const headline = page.getByTestId('balance-amount')
      await expect(headline).toHaveText('$999,999,999,999.99')
      await expectWhole(headline)
      for (const code of CODES.filter((each) => each !== 'USD')) {
        const balance = page.getByTestId(`wallet-balance-${code}`)
        await expect(balance).toHaveText(/999,999,999\.99$/)
        await expectWhole(balance)
      }
      await expectNoHorizontalOverflow(page)
      await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true })

      await page.goto('/bank-transfer')
      const available = page.getByTestId('wallet-balance')
      await expect(available).toHaveText('Available: $999,999,999.99')
      await expectWhole(available)
      await expectNoHorizontalOverflow(page)
    })

    test('a wallet card keeps its balance on one line, up to the largest, wide symbols too', async ({
      page,
      signUp,
    }) => {
      await signUp()
      // Cedi and shilling symbols are the widest; a balance of 11 characters at the card's
      // largest size used to break its last digit onto a line of its own.
      const codes = ['USD', 'NGN', 'KES', 'GHS', 'GBP']
      for (const balance of ['8000.00', '388000.00', '1388000.00', '12345678.90', LARGEST]) {
        await serveBalances(page, balance, codes)
        await page.goto('/')
        const written = Number(balance).toLocaleString('en-US', { minimumFractionDigits: 2 })
        for (const code of codes.filter((each) => each !== 'USD')) {
          const card = page.getByTestId(`wallet-balance-${code}`)
          await expect(card).toHaveText(new RegExp(`${written.replaceAll('.', '[.]')}$`))
          await page.evaluate(() => document.fonts.ready)
          expect(await linesOf(card), `${await card.textContent()} in one line`).toBe(1)
        }
      }
    })
  })
}
