import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { userSchema } from '#shared/schemas/auth.ts'
import {
  expect,
  expectNoHorizontalOverflow,
  newIdentityNumber,
  newUserDetails,
  test,
} from './fixtures.ts'

async function currentUser(page: Page) {
  const response = await page.request.get('/api/auth/user')
  expect(response.status()).toBe(200)
  return userSchema.parse(await response.json())
}

test('shows name, e-mail, member since, "Not provided" for an empty phone, and the badges', async ({
  page,
  signUp,
}) => {
  const user = await signUp({ firstName: 'Ngozi', lastName: 'Adeyemi' }, { tier: 1 })
  const me = await currentUser(page)
  await page.goto('/profile')

  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByTestId('profile-name')).toHaveText('Ngozi Adeyemi')
  await expect(page.getByTestId('profile-email')).toHaveText(user.email)
  await expect(page.getByTestId('profile-first-name')).toHaveText('Ngozi')
  await expect(page.getByTestId('profile-last-name')).toHaveText('Adeyemi')
  await expect(page.getByTestId('profile-username')).toHaveText(`@${user.username}`)
  // The browser and this test run on the same machine, so they share its time zone.
  const since = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(me.createdAt))
  expect(since).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  await expect(page.getByTestId('profile-member-since')).toHaveText(since)
  await expect(page.getByTestId('profile-phone')).toHaveText('Not provided')

  await expect(page.getByTestId('verification-badge')).toHaveText('Not verified')
  await expect(page.getByText('Verified Account')).toHaveCount(0)
  // Issue 18: the card tells the truth; nobody opened a verification link for this account.
  await expect(page.getByTestId('status-email')).toContainText('Not verified')
  await expect(page.getByTestId('status-account')).toContainText('Active')
  await expect(page.getByTestId('status-identity')).toContainText('Unverified')
  await expectNoHorizontalOverflow(page)
})

test.describe('Edit Profile', () => {
  // The taken username is the server's 409, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 409/] })

  test('Edit Profile saves names, username and phone; a taken username and a bad phone are refused', async ({
    page,
    signUp,
    request,
  }) => {
    const other = newUserDetails()
    const created = await request.post('/api/auth/signup', { data: other })
    expect(created.status(), await created.text()).toBe(201)
    const user = await signUp({ firstName: 'Tunde' })
    await page.goto('/profile')
    await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveAccessibleName(
      'Account menu for Tunde',
    )

    await page.getByRole('button', { name: 'Edit Profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit profile' })
    await dialog.getByLabel('Phone number').fill('call me')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog.getByText('Enter a valid phone number')).toBeVisible()

    await dialog.getByLabel('Phone number').fill('+234 803 123 4567')
    // A changed phone number is a credential change (issue 32): the password is asked with it.
    await dialog.getByLabel('Your account password').fill(user.password)
    await dialog.getByLabel('Username').fill(other.username)
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog.getByText('This username is already taken')).toBeVisible()

    const username = `ada_${randomBytes(4).toString('hex')}`
    await dialog.getByLabel('First name').fill('Adaeze')
    await dialog.getByLabel('Last name').fill('Okoro')
    await dialog.getByLabel('Username').fill(username)
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Profile updated', { exact: true })).toBeVisible()

    const check = async () => {
      await expect(page.getByTestId('profile-name')).toHaveText('Adaeze Okoro')
      await expect(page.getByTestId('profile-first-name')).toHaveText('Adaeze')
      await expect(page.getByTestId('profile-last-name')).toHaveText('Okoro')
      await expect(page.getByTestId('profile-username')).toHaveText(`@${username}`)
      // Stored in E.164, shown in the national format (docs/phone-numbers.md).
      await expect(page.getByTestId('profile-phone')).toHaveText('0803 123 4567')
      await expect(page.getByRole('button', { name: /^Account menu for / })).toHaveAccessibleName(
        'Account menu for Adaeze',
      )
    }
    await check()
    await page.reload()
    await check()
    await page.getByRole('button', { name: 'Account menu for Adaeze' }).click()
    await expect(page.getByTestId('user-menu-full-name')).toHaveText('Adaeze Okoro')
    await page.keyboard.press('Escape')

    // Emptying the phone number removes it.
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await dialog.getByLabel('Phone number').fill('')
    await dialog.getByLabel('Your account password').fill(user.password)
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('profile-phone')).toHaveText('Not provided')
    await expectNoHorizontalOverflow(page)
  })
})

test('Complete Verification: the registry must find the number and the person on it', async ({
  page,
  signUp,
}) => {
  await signUp({ firstName: 'Ngozi', lastName: 'Eze' }, { tier: 1 })
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Complete Verification' }).click()
  const dialog = page.getByRole('dialog', { name: 'Complete verification' })
  // The legal name starts as the profile's; the date of birth is the user's to give.
  await expect(dialog.getByLabel('Legal first name')).toHaveValue('Ngozi')
  await expect(dialog.getByLabel('Legal last name')).toHaveValue('Eze')
  await expectNoHorizontalOverflow(page)

  await dialog.getByLabel('Your 11-digit BVN').fill('12345')
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog.getByText('BVN and NIN are 11 digits')).toBeVisible()
  await expect(dialog.getByText('Enter your date of birth')).toBeVisible()

  const dateOfBirth = dialog.getByLabel('Date of birth')
  const lastYear = new Date().getUTCFullYear() - 1
  await dateOfBirth.fill(`${lastYear}-01-15`)
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog.getByText('You must be at least 18 to verify your identity')).toBeVisible()
  await dateOfBirth.fill('1992-03-14')

  await dialog.getByRole('radio', { name: /NIN/ }).check()
  const number = dialog.getByLabel('Your 11-digit NIN')
  await number.fill('12345670000')
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog.getByRole('alert')).toContainText('This NIN could not be found')
  await expect(page.getByTestId('verification-badge')).toHaveText('Verification failed')
  await expect(page.getByTestId('status-identity')).toContainText('Failed')

  // A number on record as someone else: refused, saying it is the name that is not the record's.
  await number.fill('12345671111')
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'The name on this NIN is not the name you entered',
  )
  await expect(page.getByTestId('verification-badge')).toHaveText('Verification failed')
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: test.info().outputPath('verification-mismatch.png') })

  await dialog.getByLabel('Legal first name').fill('Ngozika')
  await number.fill(newIdentityNumber())
  await dialog.getByRole('button', { name: 'Verify identity' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Identity verified', { exact: true })).toBeVisible()
  await expect(page.getByTestId('verification-badge')).toHaveText('Verified Account')
  await expect(page.getByTestId('status-identity')).toContainText('Verified')
  await expect(page.getByTestId('tier-badge')).toHaveText('Tier 2')
  await expect(page.getByRole('button', { name: 'Complete Verification' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByTestId('verification-badge')).toHaveText('Verified Account')
  expect((await currentUser(page)).verificationStatus).toBe('verified')
})

test.describe('a BVN already linked', () => {
  // The refusal is a 409, which Chromium logs as a failed resource.
  test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] })

  test('Complete Verification: a BVN already linked to another account is refused in the dialog', async ({
    page,
    signUp,
    browser,
    baseURL,
  }) => {
    const bvn = newIdentityNumber()
    // Another account is verified with this BVN first, from a browser of its own.
    const owner = await browser.newContext({ baseURL, serviceWorkers: 'block' })
    const signedUp = await owner.request.post('/api/auth/signup', { data: newUserDetails() })
    expect(signedUp.status(), await signedUp.text()).toBe(201)
    const first = await owner.request.post('/api/profile/verification', {
      data: {
        idType: 'bvn',
        idNumber: bvn,
        firstName: 'Tunde',
        lastName: 'Bakare',
        dateOfBirth: '1990-05-17',
      },
    })
    expect(first.status(), await first.text()).toBe(200)
    expect(await first.json()).toMatchObject({ failureReason: null })
    await owner.close()

    await signUp({}, { tier: 1 })
    await page.goto('/profile')
    await page.getByRole('button', { name: 'Complete Verification' }).click()
    const dialog = page.getByRole('dialog', { name: 'Complete verification' })
    await dialog.getByLabel('Your 11-digit BVN').fill(bvn)
    await dialog.getByLabel('Date of birth').fill('1990-05-17')
    await dialog.getByRole('button', { name: 'Verify identity' }).click()
    await expect(dialog.getByRole('alert')).toContainText(
      'This BVN is already linked to another Sabi account',
    )
    await expectNoHorizontalOverflow(page)
    await page.screenshot({ path: test.info().outputPath('verification-duplicate.png') })
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('verification-badge')).toHaveText('Not verified')
    const user = await currentUser(page)
    expect(user).toMatchObject({ verificationStatus: 'unverified', kycTier: 1 })
  })
})

test('quick actions go where they say', async ({ page, signUp }) => {
  await signUp()
  const targets = [
    ['Settings', '/settings'],
    ['Security', '/settings'],
    ['Transaction history', '/transactions'],
    ['My card', '/card'],
  ] as const
  for (const [name, path] of targets) {
    await page.goto('/profile')
    await page
      .getByRole('list', { name: 'Quick actions' })
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
})
