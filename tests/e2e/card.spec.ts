import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { twoFactorSetupSchema } from '#shared/schemas/account.ts'
import { cardSchema } from '#shared/schemas/card.ts'
import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

/** The Luhn check, written out here so the test does not trust the server's own. */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

async function myCard(page: Page) {
  const response = await page.request.get('/api/card')
  expect(response.status()).toBe(200)
  return cardSchema.parse(await response.json())
}

/** "Dec 1", as the page writes a delivery day. */
function deliveryDay(iso: string): string {
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  )
}

test.describe('reveal', () => {
  // The wrong password is the server's 400, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 400/] })

  test('a signed-in user sees their own card; reveal needs the password and hides after 30 s', async ({
    page,
    context,
    signUp,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const user = await signUp({ firstName: 'Kemi', lastName: 'Balogun' })
    const card = await myCard(page)
    await page.clock.install()
    await page.goto('/card')

    const masked = `•••• •••• •••• ${card.last4}`
    const number = page.getByTestId('card-number')
    const cvv = page.getByTestId('card-cvv')
    await expect(number).toHaveText(masked)
    await expect(cvv).toHaveText('•••')
    const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100)}`
    await expect(page.getByTestId('virtual-card')).toContainText(expiry)
    await expect(page.getByTestId('virtual-card')).toContainText('KEMI BALOGUN')
    await expect(page.getByText('Sample card', { exact: true })).toHaveCount(0)
    await expect(page.getByText('No card payments yet')).toBeVisible()
    await expect(page.getByTestId('card-balance')).toHaveText('$0.00')
    await expect(page.getByRole('progressbar', { name: 'Monthly spending' })).toHaveAttribute(
      'aria-valuetext',
      '$0.00 of $5,000.00',
    )
    await expectNoHorizontalOverflow(page)

    // A wrong password shows nothing.
    await page.getByRole('button', { name: 'Show details' }).click()
    const dialog = page.getByRole('dialog', { name: 'Show card details' })
    await dialog.getByRole('button', { name: 'Show details' }).click()
    await expect(dialog.getByText('Enter your password to reveal the card details')).toBeVisible()
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password')
    await dialog.getByRole('button', { name: 'Show details' }).click()
    await expect(dialog.getByText('Password is incorrect')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(number).toHaveText(masked)

    // Copy while hidden asks for the password, then shows and copies the number.
    await page.getByRole('button', { name: 'Copy number' }).click()
    await dialog.getByLabel('Password', { exact: true }).fill(user.password)
    await dialog.getByRole('button', { name: 'Show details' }).click()
    await expect(dialog).toBeHidden()
    await expect(number).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/)
    const digits = ((await number.textContent()) ?? '').replaceAll(' ', '')
    expect(digits.endsWith(card.last4)).toBe(true)
    expect(digits.startsWith('400012')).toBe(true)
    expect(passesLuhn(digits)).toBe(true)
    await expect(cvv).toHaveText(/^\d{3}$/)
    await expect(page.getByText('Card number copied', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits)
    await expect(page.getByTestId('reveal-countdown')).toHaveText(/^Hidden again in \d+ s$/)

    // Thirty seconds later it is hidden again by itself.
    await page.clock.fastForward('00:31')
    await expect(number).toHaveText(masked)
    await expect(cvv).toHaveText('•••')
    await expect(page.getByTestId('reveal-countdown')).toHaveCount(0)

    // Shown again, then hidden by hand; the copy button copies straight away while shown.
    await page.getByRole('button', { name: 'Show details' }).click()
    await dialog.getByLabel('Password', { exact: true }).fill(user.password)
    await dialog.getByRole('button', { name: 'Show details' }).click()
    await expect(number).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/)
    await page.getByRole('button', { name: 'Hide details' }).click()
    await expect(number).toHaveText(masked)
    await expectNoHorizontalOverflow(page)
  })
})

test('with two-factor sign-in on, the card can be revealed with an authenticator code', async ({
  page,
  signUp,
}) => {
  const user = await signUp()
  const setup = twoFactorSetupSchema.parse(
    await (await page.request.post('/api/auth/2fa/setup')).json(),
  )
  const enabled = await page.request.post('/api/auth/2fa/enable', {
    data: { code: await generate({ secret: setup.secret }), password: user.password },
  })
  expect(enabled.status(), await enabled.text()).toBe(200)
  const card = await myCard(page)

  await page.goto('/card')
  await page.getByRole('button', { name: 'Show details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Show card details' })
  await dialog.getByRole('tab', { name: 'Authenticator code' }).click()
  // The next code: the one that turned two-factor on is spent (a code works once).
  await dialog
    .getByLabel('6-digit code')
    .fill(await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 }))
  await dialog.getByRole('button', { name: 'Show details' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('card-number')).toHaveText(
    new RegExp(`^\\d{4} \\d{4} \\d{4} ${card.last4}$`),
  )
})

test('lock, the payment toggles and the theme persist after reload', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/card')
  const status = page.getByTestId('card-status')
  const contactless = page.getByRole('switch', { name: 'Contactless payments' })
  const online = page.getByRole('switch', { name: 'Online payments' })
  const face = page.getByTestId('virtual-card')
  await expect(status).toHaveText('Active')
  await expect(contactless).toHaveAttribute('aria-checked', 'true')
  await expect(online).toHaveAttribute('aria-checked', 'true')
  await expect(face).toHaveAttribute('data-theme', 'rainbow')

  await page.getByRole('button', { name: 'Lock card' }).click()
  await expect(status).toHaveText('Locked')
  await expect(page.getByText('Card locked')).toBeVisible()
  await contactless.click()
  await expect(contactless).toHaveAttribute('aria-checked', 'false')
  await online.click()
  await expect(online).toHaveAttribute('aria-checked', 'false')
  await page.getByRole('radio', { name: 'Galaxy' }).click()
  await expect(page.getByRole('radio', { name: 'Galaxy' })).toBeChecked()
  await expect(face).toHaveAttribute('data-theme', 'galaxy')
  // The controls are enabled again once the last change is saved.
  await expect(online).toBeEnabled()

  await page.reload()
  await expect(status).toHaveText('Locked')
  await expect(contactless).toHaveAttribute('aria-checked', 'false')
  await expect(online).toHaveAttribute('aria-checked', 'false')
  await expect(face).toHaveAttribute('data-theme', 'galaxy')
  await expect(page.getByRole('radio', { name: 'Galaxy' })).toBeChecked()

  await page.getByRole('button', { name: 'Unlock card' }).click()
  await expect(status).toHaveText('Active')
  await expect(online).toBeEnabled()
  await page.reload()
  await expect(status).toHaveText('Active')
  expect(await myCard(page)).toMatchObject({
    status: 'active',
    contactless: false,
    online: false,
    theme: 'galaxy',
  })
  await expectNoHorizontalOverflow(page)
})

test('a replacement and a physical card order show their 5-7 business-day estimate', async ({
  page,
  signUp,
}) => {
  await signUp()
  await page.goto('/card')

  await page.getByRole('button', { name: 'Request replacement' }).click()
  const replace = page.getByRole('dialog', { name: 'Replace your card' })
  await replace.getByRole('button', { name: 'Request replacement' }).click()
  await expect(replace.getByText('Choose why the card needs replacing')).toBeVisible()
  await replace.getByRole('radio', { name: /Stolen/ }).check()
  await replace.getByRole('button', { name: 'Request replacement' }).click()
  await expect(replace).toBeHidden()
  await expect(page.getByText('Replacement requested', { exact: true })).toBeVisible()
  // A stolen card is locked at once.
  await expect(page.getByTestId('card-status')).toHaveText('Locked')

  await page.getByRole('button', { name: 'Order physical card' }).click()
  const order = page.getByRole('dialog', { name: 'Order your physical card' })
  await order.getByRole('button', { name: 'Place order' }).click()
  await expect(order.getByText('Address is required')).toBeVisible()
  await expect(order.getByText('City is required')).toBeVisible()
  await order.getByLabel('Address').fill('12 Allen Avenue')
  await order.getByLabel('City').fill('Ikeja')
  await order.getByLabel('Country').fill('Nigeria')
  await order.getByRole('button', { name: 'Place order' }).click()
  await expect(order).toBeHidden()
  await expect(page.getByText('Physical card ordered', { exact: true })).toBeVisible()

  const card = await myCard(page)
  const estimate = (kind: 'replacement' | 'physical') => {
    const request = card.requests.find((candidate) => candidate.kind === kind)
    if (!request) throw new Error(`no ${kind} request`)
    return `Arrives between ${deliveryDay(request.estimatedFrom)} and ${deliveryDay(request.estimatedTo)}`
  }
  const check = async () => {
    const replacement = page.getByTestId('replacement-request')
    await expect(replacement).toContainText('Replacement on its way (Stolen)')
    await expect(replacement).toContainText(estimate('replacement'))
    await expect(replacement).toContainText('5-7 business days')
    const physical = page.getByTestId('physical-request')
    await expect(physical).toContainText('Physical card on its way')
    await expect(physical).toContainText('12 Allen Avenue, Ikeja, Nigeria')
    await expect(physical).toContainText(estimate('physical'))
    await expect(physical).toContainText('5-7 business days')
    await expect(page.getByRole('button', { name: 'Order physical card' })).toHaveCount(0)
  }
  await check()
  await page.reload()
  await check()
  await expectNoHorizontalOverflow(page)
})

test('a visitor still sees the static sample card', async ({ page }) => {
  await page.goto('/card')
  await expect(page.getByText('Sample card', { exact: true })).toBeVisible()
  await expect(page.getByTestId('card-number')).toHaveText('•••• •••• •••• 1234')
  await expect(page.getByTestId('virtual-card')).toContainText('Sample Cardholder')
  await expectNoHorizontalOverflow(page)
})
