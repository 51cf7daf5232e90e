import { generate } from 'otplib'
import { expect } from 'vitest'
import { createSealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { addOperator, readEnrolment } from '#server/ops/operators.ts'
import { type OperatorRole, opsMeSchema } from '#shared/schemas/ops.ts'
import { createTestClient, TEST_SESSION_SECRET, type TestClient } from '../setup/test-app.ts'

const sealer = createSealer(TEST_SESSION_SECRET)
export const STAFF_PASSWORD = 'a-long-staff-password'

export type Staff = { client: TestClient; id: string; email: string; secret: string }

/**
 * An operator of `role` (docs/operations-console.md "Operators"), added as `npm run ops:add`
 * adds one, enrolled through the API with a code from their TOTP secret and signed in on a client
 * of their own.
 */
export async function signedInOperator(
  app: Parameters<typeof createTestClient>[0],
  db: Database,
  role: OperatorRole,
): Promise<Staff> {
  const email = `${role}-${Math.random().toString(36).slice(2)}@ops.sabi.example`
  const { token } = await addOperator(db, sealer, {
    email,
    name: `${role} operator`,
    role,
    createdBy: null,
  })
  const { secret } = await readEnrolment(db, sealer, token)
  const client = createTestClient(app)
  const code = await generate({ secret })
  const enrolled = await client.post('/api/ops/enrolment', {
    token,
    password: STAFF_PASSWORD,
    code,
  })
  expect(enrolled.status, enrolled.text).toBe(204)
  const signedIn = await client.post('/api/ops/auth/login', {
    email,
    password: STAFF_PASSWORD,
    code,
  })
  expect(signedIn.status, signedIn.text).toBe(200)
  return { client, id: opsMeSchema.parse(signedIn.body).operator.id, email, secret }
}
