import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { type Wallet, walletSchema } from '#shared/schemas/reference.ts'
import {
  type Transaction,
  transactionPageSchema,
  transactionSchema,
} from '#shared/schemas/transactions.ts'
import type { TestClient } from '../setup/test-app.ts'
import { buildSignUp, buildVerification, newDocumentNumber } from './users.ts'

/** The transaction PIN every signed-up test user gets, unless a test asks for none. */
export const TEST_PIN = '2580'

export async function signUpClient(
  client: TestClient,
  overrides: Parameters<typeof buildSignUp>[0] = {},
  options: { pin?: string | null; tier?: 1 | 2 | 3 } = {},
) {
  const body = buildSignUp(overrides)
  const response = await client.post('/api/auth/signup', body)
  expect(response.status, response.text).toBe(201)
  const id =
    typeof response.body === 'object' && response.body && 'id' in response.body
      ? String(response.body.id)
      : ''
  const pin = options.pin === undefined ? TEST_PIN : options.pin
  if (pin !== null) {
    const set = await client.post('/api/pin', { pin, password: body.password })
    expect(set.status, set.text).toBe(200)
  }
  await raiseTier(client, options.tier ?? 3)
  return { ...body, id, pin }
}

/**
 * Test users are tier 3 unless a test asks otherwise, so tests of other features can move any
 * amount; tests of the KYC limits (docs/limits.md) ask for tier 1 or 2.
 */
export async function raiseTier(client: TestClient, tier: 1 | 2 | 3): Promise<void> {
  if (tier === 1) return
  // A new BVN and document for each user: a number backs one account only (docs/security.md).
  const verified = await client.post('/api/profile/verification', buildVerification())
  expect(verified.status, verified.text).toBe(200)
  expect(verified.body).toMatchObject({ failureReason: null })
  if (tier === 2) return
  const upgraded = await client.post('/api/kyc/tier-3', {
    ...TIER_THREE_BODY,
    documentNumber: newDocumentNumber(),
  })
  expect(upgraded.status, upgraded.text).toBe(200)
}

export const TIER_THREE_BODY = {
  documentType: 'passport',
  documentNumber: 'A12345678',
  address: { line: '12 Broad Street', city: 'Lagos', state: 'Lagos', country: 'NG' },
}

/** A money body with the test PIN beside it, unless the test has put its own `pin` there. */
export function withPin(body: unknown, pin: string = TEST_PIN): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'pin' in body) return body
  return { ...body, pin }
}

export async function listWallets(client: TestClient): Promise<Wallet[]> {
  const response = await client.get('/api/wallets')
  expect(response.status).toBe(200)
  return walletSchema.array().parse(response.body)
}

export async function walletIn(client: TestClient, code: string): Promise<Wallet> {
  const wallet = (await listWallets(client)).find((candidate) => candidate.currency.code === code)
  if (!wallet) throw new Error(`no ${code} wallet`)
  return wallet
}

export function moneyPost(
  client: TestClient,
  url: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return client.post(url, withPin(body), { 'idempotency-key': key })
}

export async function addFunds(
  client: TestClient,
  walletId: string,
  amount: string,
): Promise<Transaction> {
  const response = await moneyPost(client, '/api/add-funds', { walletId, amount, method: 'card' })
  expect(response.status, response.text).toBe(201)
  return transactionSchema.parse(response.body)
}

export async function history(client: TestClient, query = ''): Promise<Transaction[]> {
  const response = await client.get(`/api/transactions${query}`)
  expect(response.status, response.text).toBe(200)
  return transactionPageSchema.parse(response.body).items
}
