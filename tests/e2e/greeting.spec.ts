import { expect, test } from './fixtures.ts'

const DAY_MS = 24 * 60 * 60 * 1000

test('a brand-new account is greeted "Welcome", and "Welcome back" only once it has been here a day', async ({
  page,
  signUp,
}) => {
  await signUp({ firstName: 'Adaeze' })
  await page.goto('/')
  // The first paint of the app on two shared cores may take longer than an assertion's default.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Adaeze', {
    timeout: 20_000,
  })

  // Two days on, the same account is a returning one.
  await page.clock.setFixedTime(Date.now() + 2 * DAY_MS)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Adaeze')
})

test.describe('in Hausa', () => {
  test.use({ locale: 'ha-NG' })

  test('the new greeting is worded in Hausa too', async ({ page, signUp }) => {
    await signUp({ firstName: 'Hauwa' })
    await page.goto('/')
    // The Hausa catalog arrives after the first paint: on two shared cores, past the default.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barka da zuwa, Hauwa', {
      timeout: 20_000,
    })
  })
})
