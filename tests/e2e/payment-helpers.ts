import { randomUUID } from 'node:crypto'
import type { Browser, Locator, Page } from '@playwright/test'
import jsQRImport from 'jsqr'
import { type PaymentRequest, paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import {
  E2E_PIN,
  expect,
  newUserDetails,
  raiseTierByApi,
  type SignedUpUser,
  setPinByApi,
  walletIn,
} from './fixtures.ts'

// Node hands a CommonJS module's exports over as the default import, where some loaders
// unwrap its `default` first: take the function wherever it is.
const jsQR: typeof jsQRImport =
  typeof jsQRImport === 'function' ? jsQRImport : Reflect.get(jsQRImport, 'default')

/**
 * Reads a QR code image on the page the way a phone camera would: its pixels, drawn into a
 * canvas in the page, decoded in Node by jsQR (the page's CSP rightly refuses injected
 * scripts, so the decoder does not run there).
 */
export async function decodeQrImage(image: Locator): Promise<string | null> {
  const { width, height, base64 } = await image.evaluate((element) => {
    if (!(element instanceof HTMLImageElement)) throw new Error('not an image')
    const canvas = document.createElement('canvas')
    canvas.width = element.naturalWidth
    canvas.height = element.naturalHeight
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas')
    context.drawImage(element, 0, 0)
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    let binary = ''
    for (let start = 0; start < data.length; start += 0x8000) {
      binary += String.fromCharCode(...data.subarray(start, start + 0x8000))
    }
    return { width: canvas.width, height: canvas.height, base64: btoa(binary) }
  })
  const pixels = new Uint8ClampedArray(Buffer.from(base64, 'base64'))
  return jsQR(pixels, width, height)?.data ?? null
}

/**
 * A second user in a browser context of their own (same viewport as the test's page), signed
 * in, with their console watched like the test's own page.
 */
export async function signUpElsewhere(
  browser: Browser,
  page: Page,
  baseURL: string | undefined,
  overrides: Parameters<typeof newUserDetails>[0] = {},
) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    serviceWorkers: 'block',
  })
  const other = await context.newPage()
  const problems: string[] = []
  other.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  other.on('pageerror', (error) => problems.push(error.message))
  const details = newUserDetails(overrides)
  const response = await other.request.post('/api/auth/signup', { data: details })
  expect(response.status(), await response.text()).toBe(201)
  const body: unknown = await response.json()
  const id =
    typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string'
      ? body.id
      : ''
  await setPinByApi(other, E2E_PIN, details.password)
  await raiseTierByApi(other, 3)
  const user: SignedUpUser = { ...details, id, pin: E2E_PIN }
  return { page: other, user, problems, close: () => context.close() }
}

/** A payment request made through the API, for tests whose subject is paying it. */
export async function requestPaymentByApi(
  page: Page,
  currency: string,
  amount: string,
  description: string,
): Promise<PaymentRequest> {
  const wallet = await walletIn(page, currency)
  const response = await page.request.post('/api/payment-requests', {
    data: { walletId: wallet.id, amount, description },
  })
  expect(response.status(), await response.text()).toBe(201)
  return paymentRequestSchema.parse(await response.json())
}

/** Pays a request through the API, as a customer's phone would. */
export async function payRequestByApi(page: Page, request: PaymentRequest) {
  const wallet = await walletIn(page, request.currency.code)
  const response = await page.request.post(`/api/payment-requests/${request.id}/pay`, {
    data: { fromWalletId: wallet.id, amount: request.amount, pin: E2E_PIN },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(response.status(), await response.text()).toBe(201)
}
