import type { Locator, Page } from '@playwright/test'
import { addFundsByApi, expect, test } from './fixtures.ts'

// Flags are images (docs/screens.md "Flags"): an emoji flag is a box on a phone without an
// emoji font and two letters on Windows. Each flag shown must have loaded, and no flag emoji
// may be left in the page's text.

/** Regional indicator letters: what an emoji flag is made of. */
const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u

/** The flags inside `scope`, as the countries they show, once every one has loaded. */
async function loadedFlags(scope: Locator): Promise<string[]> {
  const flags = scope.getByTestId('flag')
  await expect(flags.first()).toBeAttached()
  await expect
    .poll(() =>
      flags.evaluateAll((images) =>
        images.every((image) => image instanceof HTMLImageElement && image.naturalWidth > 0),
      ),
    )
    .toBe(true)
  return flags.evaluateAll((images) =>
    images.map((image) => image.getAttribute('data-country') ?? ''),
  )
}

async function expectNoFlagEmoji(page: Page) {
  const text = await page.locator('body').textContent()
  expect(text).not.toMatch(FLAG_EMOJI)
}

test('wallets, currencies and destinations show their flags as images', async ({
  page,
  signUp,
}) => {
  await signUp({ country: 'NG' })
  await addFundsByApi(page, 'USD', '25.00')

  // The dashboard's other wallets: the dollar wallet of a naira user.
  await page.goto('/')
  expect(await loadedFlags(page.getByTestId('wallet-card'))).toContain('US')
  await expectNoFlagEmoji(page)

  // A wallet choice, closed and open.
  await page.goto('/exchange')
  const from = page.getByRole('combobox', { name: 'From' })
  await from.click()
  const options = page.getByRole('listbox')
  expect(await loadedFlags(options)).toEqual(expect.arrayContaining(['NG', 'US']))
  await options.getByRole('option', { name: /USD/ }).click()
  expect(await loadedFlags(from)).toEqual(['US'])
  expect(await loadedFlags(page.getByRole('main'))).toEqual(expect.arrayContaining(['NG', 'US']))
  await expectNoFlagEmoji(page)

  // The regions abroad, each with its countries' flags, and a country's own choice.
  await page.goto('/transfer-global')
  const regions = page.getByTestId('regions')
  expect(await loadedFlags(regions)).toEqual(
    expect.arrayContaining(['US', 'GB', 'IN', 'AE', 'JM', 'BR']),
  )
  await expectNoFlagEmoji(page)
  await regions.getByRole('link', { name: /Europe/ }).click()
  await page.getByRole('combobox', { name: 'Country' }).click()
  expect(await loadedFlags(page.getByRole('listbox'))).toEqual(
    expect.arrayContaining(['GB', 'IE', 'DE', 'FR', 'IT', 'ES', 'NL']),
  )
})

test('a flag is an SVG file kept for a year, and an unknown flag is not found', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/transfer-global')
  const src = await page.getByTestId('regions').getByTestId('flag').first().getAttribute('src')
  expect(src).toMatch(/^\/assets\/flags-[\w.-]+\/[A-Z]{2}\.svg$/)
  const flag = await page.request.get(src ?? '')
  expect(flag.status()).toBe(200)
  expect(flag.headers()['content-type']).toContain('image/svg+xml')
  expect(flag.headers()['cache-control']).toContain('immutable')
  const unknown = await page.request.get((src ?? '').replace(/[A-Z]{2}\.svg$/, 'ZZ.svg'))
  expect(unknown.status()).toBe(404)
})
