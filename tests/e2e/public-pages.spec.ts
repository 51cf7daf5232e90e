import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

const SIGN_UP_PATH = '/api/login?mode=signup'

test.describe('/minimal', () => {
  test('shows the fixed sample balance and sample transactions, labelled as sample', async ({
    page,
  }) => {
    await page.goto('/minimal')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minimal dashboard')
    await expect(page.getByRole('banner').getByText('Sample', { exact: true })).toBeVisible()
    await expect(page.getByRole('note')).toContainText('Sample data')
    await expect(page.getByTestId('sample-balance')).toHaveText('$1,234.56')
    const transactions = page
      .getByRole('heading', { name: 'Sample transactions' })
      .locator('xpath=../..')
    await expect(transactions.getByRole('listitem')).toHaveCount(5)
    await expect(transactions.getByRole('listitem').first()).toContainText('+$1,850.00')
    await expect(transactions.getByText('Completed').first()).toBeVisible()
    await expect(transactions.getByText('Pending')).toBeVisible()
    await expect(transactions.getByText('Failed')).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('/logo-sample', () => {
  test('shows the two designs side by side with the green S active', async ({ page }) => {
    await page.goto('/logo-sample')
    const green = page.getByTestId('logo-green')
    const alternative = page.getByTestId('logo-alternative')
    await expect(green.getByRole('heading', { name: 'Green S' })).toBeVisible()
    await expect(green).toHaveAttribute('aria-current', 'true')
    await expect(green.getByText('Active', { exact: true })).toBeVisible()
    await expect(alternative.getByText('Alternative', { exact: true })).toBeVisible()
    await expect(alternative).not.toHaveAttribute('aria-current', /.+/)

    const greenBox = await green.boundingBox()
    const alternativeBox = await alternative.boundingBox()
    expect(greenBox && alternativeBox).toBeTruthy()
    if (greenBox && alternativeBox) {
      expect(Math.abs(greenBox.y - alternativeBox.y)).toBeLessThan(1)
      expect(greenBox.x + greenBox.width).toBeLessThanOrEqual(alternativeBox.x)
    }
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('/card', () => {
  test('reveals and hides the number and CVV, and copies the number', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/card')
    await expect(page.getByText('Sample card', { exact: true })).toBeVisible()
    const number = page.getByTestId('card-number')
    const cvv = page.getByTestId('card-cvv')
    await expect(number).toHaveText('•••• •••• •••• 1234')
    await expect(cvv).toHaveText('•••')

    await page.getByRole('button', { name: 'Show details' }).click()
    await expect(number).toHaveText(/^\d{4} \d{4} \d{4} 1234$/)
    await expect(cvv).toHaveText(/^\d{3}$/)

    await page.getByRole('button', { name: 'Copy number' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Card number copied' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe((await number.textContent())?.replaceAll(' ', ''))

    await page.getByRole('button', { name: 'Hide details' }).click()
    await expect(number).toHaveText('•••• •••• •••• 1234')
    await expect(cvv).toHaveText('•••')
  })

  test('lock toggles the status between Active and Locked', async ({ page }) => {
    await page.goto('/card')
    const status = page.getByTestId('card-status')
    await expect(status).toHaveText('Active')
    await page.getByRole('button', { name: 'Lock card' }).click()
    await expect(status).toHaveText('Locked')
    await expect(page.getByText('Card locked')).toBeVisible()
    await page.getByRole('button', { name: 'Unlock card' }).click()
    await expect(status).toHaveText('Active')
    await expect(page.getByText('Card locked')).toHaveCount(0)
  })

  test('controls, theme, spending, replacement and physical card work locally', async ({
    page,
  }) => {
    await page.goto('/card')
    for (const name of ['Contactless payments', 'Online payments']) {
      const toggle = page.getByRole('switch', { name })
      await expect(toggle).toHaveAttribute('aria-checked', 'true')
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-checked', 'false')
    }

    const card = page.getByTestId('virtual-card')
    for (const theme of ['Rainbow', 'Ocean', 'Sunset', 'Galaxy']) {
      await page.getByRole('radio', { name: theme }).check()
      await expect(card).toHaveAttribute('data-theme', theme.toLowerCase())
    }

    const spending = page.getByRole('progressbar', { name: 'Monthly spending' })
    await expect(spending).toHaveAttribute('aria-valuetext', /of \$5,000\.00$/)
    await expect(page.getByTestId('card-balance')).toHaveText(/^\$[\d,]+\.\d{2}$/)
    await expect(page.getByText(/Recent card transactions/)).toBeVisible()

    await page.getByRole('button', { name: 'Request replacement' }).click()
    await expect(page.getByText(/Replacement requested.*5-7 business days/)).toBeVisible()
    await page.getByRole('button', { name: 'Order physical card' }).click()
    await expect(page.getByText(/Order placed/)).toBeVisible()
    await expectNoHorizontalOverflow(page)
  })
})

test.describe('/test', () => {
  test('shows the server and database status from GET /api/health', async ({ page }) => {
    const response = await page.request.get('/api/health')
    const health: unknown = await response.json()
    const version =
      typeof health === 'object' &&
      health !== null &&
      'version' in health &&
      typeof health.version === 'string'
        ? health.version
        : 'missing'

    await page.goto('/test')
    const report = page.getByTestId('health-report')
    await expect(report).toContainText('All systems operational')
    const row = (label: string) =>
      report.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) })
    await expect(row('Server')).toContainText('OK')
    await expect(row('Database')).toContainText('Connected')
    await expect(row('Database kind')).toContainText(/PGlite \(embedded\)|PostgreSQL/)
    await expect(row('Sandbox mode')).toContainText(/On|Off/)
    await expect(row('Version')).toContainText(version)
    await expect(row('Uptime')).toContainText(/\d+s$/)

    const refreshed = page.waitForResponse(
      (reply) => new URL(reply.url()).pathname === '/api/health',
    )
    await page.getByRole('button', { name: 'Refresh' }).click()
    await refreshed
    await expect(report).toContainText('All systems operational')
  })

  test.describe('when the health call fails', () => {
    test.use({ allowConsoleErrors: [/status of 500/] })

    test('shows an error state and recovers on retry', async ({ page }) => {
      await page.route('**/api/health', (route) => route.fulfill({ status: 500, body: 'boom' }))
      await page.goto('/test')
      const alert = page.getByRole('alert')
      await expect(alert).toContainText('The server could not be reached')
      await expect(alert).toContainText('500: boom')

      await page.unroute('**/api/health')
      await alert.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByTestId('health-report')).toContainText('Connected')
    })
  })
})

test.describe('/dashboard demo', () => {
  test('a visitor sees a demo with sample data and a way to sign up', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('banner').getByText('Demo', { exact: true })).toBeVisible()
    await expect(page.getByRole('note')).toContainText('sample data')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back')
    await expect(page.getByText('Account Verified')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Business Tools' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      SIGN_UP_PATH,
    )
    await expectNoHorizontalOverflow(page)
  })

  test('a signed-in user is sent to the real dashboard at /', async ({ page, signUp }) => {
    await signUp()
    await page.goto('/dashboard')
    await expect(page).toHaveURL('/')
    await expect(page.getByText('Demo', { exact: true })).toHaveCount(0)
  })
})
