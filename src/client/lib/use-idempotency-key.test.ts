import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/schemas/money-requests.ts'
import { createIdempotencyKeys, randomIdempotencyKey } from './use-idempotency-key.ts'

function counter() {
  let next = 0
  return () => `key-${String(++next).padStart(4, '0')}`
}

describe('createIdempotencyKeys', () => {
  it('reuses the key while the same submission is retried', () => {
    const keys = createIdempotencyKeys(counter())
    const payload = { walletId: 'w1', amount: '10.00' }
    expect(keys.keyFor(payload)).toBe('key-0001')
    expect(keys.keyFor({ ...payload })).toBe('key-0001')
  })

  it('makes a new key when a value changed', () => {
    const keys = createIdempotencyKeys(counter())
    expect(keys.keyFor({ amount: '10.00' })).toBe('key-0001')
    expect(keys.keyFor({ amount: '10.01' })).toBe('key-0002')
  })

  it('makes a new key for the next submission after a success', () => {
    const keys = createIdempotencyKeys(counter())
    const payload = { amount: '10.00' }
    expect(keys.keyFor(payload)).toBe('key-0001')
    keys.settle()
    expect(keys.keyFor(payload)).toBe('key-0002')
  })
})

describe('randomIdempotencyKey', () => {
  it('is accepted by the server and differs each time', () => {
    const first = randomIdempotencyKey()
    expect(first).toMatch(IDEMPOTENCY_KEY_PATTERN)
    expect(randomIdempotencyKey()).not.toBe(first)
  })
})
