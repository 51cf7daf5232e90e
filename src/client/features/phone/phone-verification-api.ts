import { apiRequest } from '#client/lib/api.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'
import { type PhoneVerificationSent, phoneVerificationSentSchema } from '#shared/schemas/phone.ts'

/**
 * Asks the server to text a new code to the number (docs/phone-numbers.md "Verification").
 * `reuseRecent` is for a screen showing its first code: one texted moments ago (by sign-up) is
 * taken rather than refused.
 */
export async function requestPhoneCode(
  phoneNumber: string,
  options: { reuseRecent?: boolean } = {},
): Promise<PhoneVerificationSent> {
  const body = options.reuseRecent ? { phoneNumber, reuseRecent: true } : { phoneNumber }
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
