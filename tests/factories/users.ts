import { randomBytes } from 'node:crypto'
import type { SignUpRequest } from '#shared/schemas/auth.ts'

/** A valid, unique sign-up body; override any field. */
export function buildSignUp(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const suffix = randomBytes(4).toString('hex')
  return {
    email: `user_${suffix}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Chidi',
    lastName: 'Okeke',
    username: `chidi_${suffix}`,
    ...overrides,
  }
}
