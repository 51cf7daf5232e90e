import type { Locator } from '@playwright/test'
import { addFundsByApi, expect, test } from './fixtures.ts'

/** What the screen shows at the element's centre, where it stands now: itself, the offline notice, or something else. */
async function shownAtCentre(locator: Locator): Promise<'itself' | 'notice' | 'other'> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (top !== null && (top === element || element.contains(top))) return 'itself'
    return top?.closest('#offline-notice') ? 'notice' : 'other'
  })
}

// Offline, the browser logs every request it could not send.
test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/] })

test('offline, the notice takes its own space and covers no balance', async ({
  page,
  context,
  signUp,
}) => {
  await signUp({ firstName: 'Halima', lastName: 'Bello' })
  await addFundsByApi(page, 'USD', '123.45')
  await addFundsByApi(page, 'NGN', '4200.00')
  await page.goto('/')
  const total = page.getByTestId('balance-amount')
  const naira = page.getByTestId('wallet-balance-NGN')
  // The total is every wallet in dollars at today's rate: it is above the dollars alone.
  await expect(naira).toContainText('4,200.00')
  await expect(total).not.toHaveText('$0.00')

  await context.setOffline(true)
  const notice = page.getByRole('status').filter({ hasText: "You're offline" })
  await expect(notice).toBeVisible()
  for (const size of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size)
    await page.evaluate(() => window.scrollTo(0, 0))
    // Where the page first shows them, and scrolled anywhere, the notice is on neither.
    await expect.poll(() => shownAtCentre(total), `total at ${size.width}`).toBe('itself')
    await expect.poll(() => shownAtCentre(naira), `naira at ${size.width}`).not.toBe('notice')
    for (const scrolled of [total, naira]) {
      await scrolled.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await expect.poll(() => shownAtCentre(scrolled)).toBe('itself')
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    const noticeBox = await notice.boundingBox()
    const totalBox = await total.boundingBox()
    expect(noticeBox && totalBox && noticeBox.y + noticeBox.height <= totalBox.y).toBe(true)
    await page.screenshot({ path: `.tmp/shots/offline-dashboard-${size.width}.png` })
  }
  await context.setOffline(false)
  await expect(notice).toBeHidden()
})
