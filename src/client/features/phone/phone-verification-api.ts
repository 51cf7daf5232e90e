import { apiRequest } from '#client/lib/api.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'
import { type PhoneVerificationSent, phoneVerificationSentSchema } from '#shared/schemas/phone.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'

/**
 * Asks the server to text a new code to the number (docs/phone-numbers.md "Verification").
 * `reuseRecent` is for a screen showing its first code: one texted moments ago (by sign-up) is
 * taken rather than refused. `proof` is the password (and code) a number added or changed needs
 * (docs/security.md "Step-up"); the number typed at sign-up needs none.
 */
export async function requestPhoneCode(
  phoneNumber: string,
  options: { reuseRecent?: boolean; proof?: StepUpProof | null } = {},
): Promise<PhoneVerificationSent> {
  const body = {
    phoneNumber,
    ...(options.reuseRecent ? { reuseRecent: true } : {}),
    ...options.proof,
  }
  return phoneVerificationSentSchema.parse(
    await apiRequest('POST', '/api/phone/verification', body),
  )
}

/** Sends the code back; the answer is the user with the number now verified. */
export async function confirmPhoneCode(phoneNumber: string, code: string): Promise<User> {
  return userSchema.parse(
    await apiRequest('POST', '/api/phone/verification/confirm', { phoneNumber, code }),
  )
}
