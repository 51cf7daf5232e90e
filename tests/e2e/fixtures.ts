import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'
import { passesLuhn } from '#shared/identity-numbers.ts'
import type { SignUpRequest } from '#shared/schemas/auth.ts'
import { type Wallet, walletSchema } from '#shared/schemas/reference.ts'

/** Console errors a correct page still produces: Chromium logs every 401 a visitor gets. */
const EXPECTED_CONSOLE_ERRORS = [
  /Failed to load resource: the server responded with a status of 401/,
]

export type SignedUpUser = SignUpRequest & { id: string; pin: string | null }

/** The transaction PIN every signed-up user gets, unless a test asks for none. */
export const E2E_PIN = '2580'

type Fixtures = {
  /** Patterns of console errors this test expects (on top of the usual ones). */
  allowConsoleErrors: RegExp[]
  /** Fails the test on any unexpected console error or uncaught page error. */
  failOnConsoleErrors: undefined
  /** Creates a new account through the API in this page's browser context: the page is signed in. */
  signUp: (
    overrides?: Partial<SignUpRequest>,
    options?: { pin?: string | null; tier?: 1 | 2 | 3 },
  ) => Promise<SignedUpUser>
}

export function newUserDetails(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const suffix = randomBytes(4).toString('hex')
  return {
    email: `e2e_${suffix}@example.com`,
    password: 'e2e-password-123',
    firstName: 'Tunde',
    lastName: 'Bakare',
    username: `tunde_${suffix}`,
    ...overrides,
  }
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = []
      const allowed = [...EXPECTED_CONSOLE_ERRORS, ...allowConsoleErrors]
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = message.text()
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`)
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      await use(undefined)
      expect(problems, 'unexpected errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
  signUp: async ({ page }, use) => {
    await use(async (overrides = {}, options = {}) => {
      const details = newUserDetails(overrides)
      const response = await page.request.post('/api/auth/signup', { data: details })
      expect(response.status(), await response.text()).toBe(201)
      const body: unknown = await response.json()
      const id =
        typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string'
          ? body.id
          : ''
      expect(id).not.toBe('')
      const pin = options.pin === undefined ? E2E_PIN : options.pin
      if (pin !== null) await setPinByApi(page, pin, details.password)
      await raiseTierByApi(page, options.tier ?? 3)
      return { ...details, id, pin }
    })
  },
})

export { expect }

/** No part of the page sticks out sideways (the most common phone-layout bug). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth - window.innerWidth
  })
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0)
}

/** The signed-in user's wallet in a currency, read through the API as the app reads it. */
export async function walletIn(page: Page, code: string): Promise<Wallet> {
  const response = await page.request.get('/api/wallets')
  expect(response.status()).toBe(200)
  const wallet = walletSchema
    .array()
    .parse(await response.json())
    .find((candidate) => candidate.currency.code === code)
  if (!wallet) throw new Error(`no ${code} wallet`)
  return wallet
}

export async function walletBalance(page: Page, code: string): Promise<string> {
  return (await walletIn(page, code)).balance
}

/**
 * An 11-digit BVN or NIN no other test uses, that the sandbox registry finds and matches to any
 * name: never ending in 0000 (not found), 1111 (someone else's) or 2222 (born another day;
 * docs/account.md "Identity verification"). A number backs one account only (docs/security.md
 * "Identity").
 */
export function newIdentityNumber(): string {
  for (;;) {
    const number = `2${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`
    if (!['0000', '1111', '2222'].some((tail) => number.endsWith(tail))) return number
  }
}

/**
 * A South African ID number no other test uses: 13 digits, the last the Luhn check digit, never
 * ending in one of the sandbox's 0000, 1111 or 2222.
 */
export function newSouthAfricanIdNumber(): string {
  for (;;) {
    const base = `9${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`
    for (let digit = 0; digit <= 9; digit += 1) {
      const number = `${base}${digit}`
      if (passesLuhn(number) && !['0000', '1111', '2222'].some((tail) => number.endsWith(tail)))
        return number
    }
  }
}

/** Eight digits for a document number no other test uses, never ending in 0000 (not found). */
export function newDocumentDigits(): string {
  return String(randomInt(10 ** 7, 10 ** 8)).replace(/0000$/, '0001')
}

/**
 * Takes the signed-in user up to a KYC tier through the API (docs/limits.md). Test users are
 * tier 3 unless a test asks otherwise, so tests of other screens are not stopped by the limits.
 */
export async function raiseTierByApi(page: Page, tier: 1 | 2 | 3) {
  if (tier === 1) return
  const verified = await page.request.post('/api/profile/verification', {
    data: {
      idType: 'bvn',
      idNumber: newIdentityNumber(),
      firstName: 'Tunde',
      lastName: 'Bakare',
      dateOfBirth: '1990-05-17',
    },
  })
  expect(verified.status(), await verified.text()).toBe(200)
  expect(await verified.json()).toMatchObject({ failureReason: null })
  if (tier === 2) return
  const upgraded = await page.request.post('/api/kyc/tier-3', {
    data: {
      documentType: 'passport',
      documentNumber: `A${newDocumentDigits()}`,
      address: { line: '12 Broad Street', city: 'Lagos', state: 'Lagos', country: 'NG' },
    },
  })
  expect(upgraded.status(), await upgraded.text()).toBe(200)
}

/** Sets the signed-in user's transaction PIN through the API. */
export async function setPinByApi(page: Page, pin: string, password: string) {
  const response = await page.request.post('/api/pin', { data: { pin, password } })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * Confirms the review sheet of a money action and enters the PIN, as a user taps through it;
 * the receipt (or the form's answer) follows.
 */
export async function confirmWithPin(page: Page, pin: string = E2E_PIN) {
  const review = page.getByTestId('review-sheet')
  await expect(review).toBeVisible()
  await review.getByRole('button', { name: 'Confirm and enter PIN' }).click()
  await enterPin(page, pin)
}

/** Types the PIN on the PIN step; the fourth digit sends. */
export async function enterPin(page: Page, pin: string = E2E_PIN) {
  await expect(page.getByTestId('pin-step')).toBeVisible()
  await page.getByRole('textbox', { name: 'Transaction PIN' }).fill(pin)
}

/** Closes the receipt a money action lands on, back to the form. */
export async function closeReceipt(page: Page) {
  const receipt = page.getByTestId('money-receipt')
  await expect(receipt).toBeVisible()
  await receipt.getByRole('button', { name: 'Done' }).click()
  await expect(receipt).toBeHidden()
}

/** A sandbox top-up through the API, for tests whose subject is what comes after it. */
export async function addFundsByApi(page: Page, code: string, amount: string) {
  const wallet = await walletIn(page, code)
  const response = await page.request.post('/api/add-funds', {
    data: { walletId: wallet.id, amount, method: 'card' },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
}
