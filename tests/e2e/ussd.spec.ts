import { DEMO_PIN } from '#server/seed/demo-activity.ts'
import { DEMO_ACCOUNT } from '#server/seed/seed.ts'
import { expect, expectNoHorizontalOverflow, test } from './fixtures.ts'

// The sandbox USSD simulator (docs/ussd.md "Simulator"): a feature phone on the screen that
// dials the service code from the signed-in user's own verified number. The sandbox demo
// account has one (its seed verifies a demo number); a new account has none yet.

test('the demo account dials the service code and reads its balance with its PIN', async ({
  page,
}) => {
  const signIn = await page.request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  await page.goto('/ussd')
  await expect(page.getByRole('heading', { name: 'USSD simulator' })).toBeVisible()
  await expect(page.getByTestId('ussd-caller')).toHaveText('Calling from 0803 000 0001')

  const screen = page.getByTestId('ussd-screen')
  const keypad = page.getByRole('group', { name: 'Keypad' })
  // Dialled on the keypad, key by key, as on a phone.
  for (const key of '*347*123#')
    await keypad.getByRole('button', { name: key, exact: true }).click()
  await expect(page.getByRole('textbox', { name: 'Number to dial' })).toHaveValue('*347*123#')
  await page.getByRole('button', { name: 'Call', exact: true }).click()
  await expect(screen).toContainText('1 Balance')
  await expect(screen).toContainText('7 Freeze account')

  await page.getByRole('textbox', { name: 'Your answer' }).fill('1')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(screen).toHaveText('Enter your PIN:')
  await page.getByRole('textbox', { name: 'Your answer' }).fill(DEMO_PIN)
  await page.getByRole('textbox', { name: 'Your answer' }).press('Enter')
  // Each funded wallet on its own line (docs/ussd.md), the demo account holds two.
  await expect(screen).toHaveText(/^Balance:(\n[A-Z]{3} [\d,]+\.\d\d)+$/)
  await expect(page.getByText('Session ended')).toBeVisible()
  await expectNoHorizontalOverflow(page)

  // End, then a wrong code is refused on the phone itself.
  await page.getByRole('button', { name: 'End', exact: true }).click()
  await page.getByRole('textbox', { name: 'Number to dial' }).fill('*999#')
  await page.getByRole('button', { name: 'Call', exact: true }).click()
  await expect(screen).toHaveText('Unknown code. Dial *347*123#.')
})

test('a user without a verified number is sent to their profile', async ({ page, signUp }) => {
  await signUp()
  await page.goto('/ussd')
  await expect(page.getByTestId('ussd-no-phone')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
    'href',
    '/profile',
  )
  await expect(page.getByRole('group', { name: 'Keypad' })).toHaveCount(0)
})
