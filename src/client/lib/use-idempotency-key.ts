import { useState } from 'react'

/**
 * The Idempotency-Key of a money form (docs/api.md "Idempotency keys"): one key per submission,
 * kept while the same submission is retried, so a retry after a lost answer can never move money
 * twice.
 */
export type IdempotencyKeys = {
  /**
   * The key to send with `payload`: the previous key when the payload is the same as last
   * time (a retry of that submission), a new key when any value changed.
   */
  keyFor: (payload: unknown) => string
  /** Forgets the key once its submission succeeded, so the next submission gets a new one. */
  settle: () => void
}

const KEY_BYTES = 16

/**
 * 32 hex digits from the browser's random source. `crypto.randomUUID` exists only in secure
 * contexts, and an installation reached over plain HTTP on a LAN must still be able to send.
 */
export function randomIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The key store behind `useIdempotencyKey`, apart from React so it can be tested alone.
 * Payloads are compared by their JSON text; the forms build them with a fixed key order.
 */
export function createIdempotencyKeys(
  makeKey: () => string = randomIdempotencyKey,
): IdempotencyKeys {
  let current: { key: string; fingerprint: string } | null = null
  return {
    keyFor(payload) {
      const fingerprint = JSON.stringify(payload)
      if (current === null || current.fingerprint !== fingerprint) {
        current = { key: makeKey(), fingerprint }
      }
      return current.key
    },
    settle() {
      current = null
    },
  }
}

/** One key store per mounted form; every money form uses it. */
export function useIdempotencyKey(): IdempotencyKeys {
  const [keys] = useState(() => createIdempotencyKeys())
  return keys
}
