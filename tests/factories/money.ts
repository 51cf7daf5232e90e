import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { type Wallet, walletSchema } from '#shared/schemas/reference.ts'
import {
  type Transaction,
  transactionPageSchema,
  transactionSchema,
} from '#shared/schemas/transactions.ts'
import type { TestClient } from '../setup/test-app.ts'
import { buildSignUp } from './users.ts'

/** The transaction PIN every signed-up test user gets, unless a test asks for none. */
export const TEST_PIN = '2580'

export async function signUpClient(
  client: TestClient,
  overrides: Parameters<typeof buildSignUp>[0] = {},
  options: { pin?: string | null } = {},
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
  return { ...body, id, pin }
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
