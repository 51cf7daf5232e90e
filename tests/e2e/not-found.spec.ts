import { expect, test } from './fixtures.ts'

// The server answers a path that is no page with a 404 status (and the app), which Chromium
// reports in the console for the document itself.
test.use({
  allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
})

test('an unknown path shows the not-found page with a way home, under a 404 status', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page/anywhere')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  await page.getByRole('link', { name: 'Go to home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0)
})
