import { expect, test } from './fixtures.ts'

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page/anywhere')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found')
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  await page.getByRole('link', { name: 'Go to home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0)
})
