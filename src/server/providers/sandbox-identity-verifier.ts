import type { IdentityVerifier } from './identity-verifier.ts'

/**
 * The sandbox registry: a number ending in 0000 is not on record; any other 11-digit number
 * matches the account holder.
 */
export function createSandboxIdentityVerifier(): IdentityVerifier {
  return {
    name: 'sandbox-identity',
    async verify({ idType, idNumber }) {
      if (idNumber.endsWith('0000')) {
        return {
          verified: false,
          reason: `This ${idType.toUpperCase()} could not be found. Check the number and try again.`,
        }
      }
      return { verified: true }
    },
  }
}
