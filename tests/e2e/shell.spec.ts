import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

test.describe('phone', () => {
  test.beforeEach(({ isMobile }, testInfo) => {
    testInfo.skip(!isMobile, 'the tab bar and menu toggle are for small screens')
  })

  test('the bottom tab bar shows with Home active on /', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/')
    const tabs = page.getByRole('navigation', { name: 'Quick navigation' })
    await expect(tabs).toBeVisible()
    const expected = [
      ['Home', '/'],
      ['Send', '/send-money'],
      ['Exchange', '/exchange'],
      ['Card', '/card'],
    ] as const
    for (const [name, href] of expected) {
      await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1)
    await expectNoHorizontalOverflow(page)

    // The last content scrolls clear of the fixed bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const barTop = await tabs.evaluate((element) => element.getBoundingClientRect().top)
    const tools = page.getByRole('heading', { name: 'Business Tools' }).locator('xpath=../..')
    const toolsBottom = await tools.evaluate((element) => element.getBoundingClientRect().bottom)
    expect(toolsBottom).toBeLessThanOrEqual(barTop)
  })

  test('the menu button opens and closes the four nav links', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const menu = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(menu).toBeHidden()

    await toggle.click()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(menu).toBeVisible()
    const expected = [
      ['Send Money', '/send-money'],
      ['Receive', '/receive-money'],
      ['Pay Bills', '/bill-pay'],
      ['Shop', '/pos-terminal'],
    ] as const
    for (const [name, href] of expected) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href)
    }
    await expectNoHorizontalOverflow(page)

    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()
  })

  test('the dashboard never scrolls sideways', async ({ page, signUp }) => {
    await signUp({ firstName: 'Oluwaseyifunmi', lastName: 'Abdulrahman-Okonkwo' })
    await page.goto('/')
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible()
    await expect(page.getByTestId('balance-amount')).toHaveText('$0.00')
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('desktop', () => {
  test.beforeEach(({ isMobile }, testInfo) => {
    testInfo.skip(isMobile, 'the header nav shows on wide screens')
  })

  test('the header shows its nav links and no tab bar or menu button', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Send Money' })).toHaveAttribute(
      'href',
      '/send-money',
    )
    await expect(nav.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/pos-terminal')
    await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
    await expect(page.getByRole('button', { name: /^Account menu for / })).toContainText('Tunde')
    await expectNoHorizontalOverflow(page)
  })
})

test('the language choice applies to the page and survives a reload', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/')
  await page.getByRole('button', { name: 'Language: English' }).click()
  await page.getByRole('menuitemradio', { name: /FR/ }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  // Every text changes at once, the selector's own name too (docs/i18n.md).
  const frenchSelector = page.getByRole('button', { name: 'Langue\u00a0: Français' })
  await expect(frenchSelector).toContainText('FR')
  await expect(page.getByRole('main')).toContainText('Envoyer')
  await page.reload()
  await expect(frenchSelector).toContainText('FR')
  await expect(page.getByRole('main')).toContainText('Envoyer')
})

test('the dashboard lists its quick actions, tiles and business tools', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/')
  const links = [
    ['Send Money', '/send-money'],
    ['Receive Money', '/receive-money'],
    ['Exchange', '/exchange'],
    ['Buy Crypto', '/crypto-purchase'],
    ['Transaction History', '/transactions'],
    ['Business POS', '/pos-terminal'],
    ['View All', '/transactions'],
  ] as const
  const main = page.getByRole('main')
  for (const [name, href] of links) {
    await expect(main.getByRole('link', { name, exact: false }).first()).toHaveAttribute(
      'href',
      href,
    )
  }
  await expect(
    main.getByRole('link', { name: /virtual card active, no fees, instant rewards/ }),
  ).toHaveAttribute('href', '/card')
  const tools = main.getByRole('region', { name: 'Business Tools' })
  await expect(tools.getByRole('link', { name: /Point-of-Sale Terminal.*Active/ })).toBeVisible()
  await expect(tools.getByRole('link', { name: /Request Payment.*Ready/ })).toBeVisible()
  await expect(tools.getByRole('link', { name: /Bill Pay.*Available/ })).toBeVisible()
  const inventory = tools.getByTestId('business-tool-disabled')
  await expect(inventory).toContainText('Coming soon')
  await expect(inventory).toHaveAttribute('aria-disabled', 'true')
  await expect(tools.getByRole('link', { name: /Inventory/ })).toHaveCount(0)
})
