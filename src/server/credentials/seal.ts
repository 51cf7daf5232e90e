import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

export type Sealer = {
  seal(plain: string): string
  open(sealed: string): string
}

const VERSION = 'v1'

/**
 * Encryption at rest for the few secrets Sabi must be able to read back (a card's number and
 * CVV, a TOTP secret): AES-256-GCM with a key derived (HKDF-SHA256) from the server's secret,
 * so one configured secret protects sessions and data alike. Sealed text is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered value fails to open.
 */
export function createSealer(serverSecret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'sabi', 'data-at-rest-v1', 32))
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed value')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
