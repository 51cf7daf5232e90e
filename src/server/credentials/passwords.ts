import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 20 ms here,
// slow enough to hurt an attacker with a stolen table and fast enough for sign-in.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/** A hash of a random password, verified against when the e-mail is unknown so both cases take as long. */
const DUMMY_HASH = hash(crypto.randomUUID(), OPTIONS)

export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await DUMMY_HASH), password)
  } catch {
    return false
  }
}
