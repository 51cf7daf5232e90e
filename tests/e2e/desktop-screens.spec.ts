import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'
import { openScreen, userWithEveryScreen } from './signed-in-screens.ts'

/**
 * Every signed-in screen at desktop width (docs/screens.md "Header", "Signed-in pages"), after a history of every
 * kind: the header's navigation instead of the tab bar, the page's own heading, and nothing
 * wider than the window. The flows themselves run on the phone (playwright.config.ts), where
 * Sabi is used most; this walk is what the desktop adds.
 */

/** Where screenshots for a closing note go, when asked for. */
const SHOTS = process.env.E2E_SCREENSHOTS

test.skip(({ isMobile }) => isMobile, 'the phone walks these screens in narrow-screens.spec.ts')

test('every signed-in screen lays out at desktop width', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  test.slow()
  const screens = await userWithEveryScreen(page, browser, baseURL, () => signUp())

  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  for (const screen of screens) {
    await openScreen(page, screen.path)
    if (screen.tab !== undefined) await page.getByRole('tab').nth(screen.tab).click()
    await expect(page.locator('main h1').first(), screen.name).toBeVisible()
    await expect(page.locator('main .animate-pulse'), screen.name).toHaveCount(0)
    // The header's links, never the phone's tab bar or menu button.
    if (!('publicPage' in screen)) await expect(nav, screen.name).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Quick navigation' }),
      screen.name,
    ).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' }), screen.name).toBeHidden()
    await expectNoHorizontalOverflow(page)
    if (SHOTS) {
      const name = screen.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
      await page.screenshot({ path: `${SHOTS}/desktop-${name}.png`, fullPage: true })
    }
  }
})
