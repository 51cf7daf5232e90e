import type { IdentityVerifier } from './identity-verifier.ts'

const DOCUMENT_NAMES = {
  passport: 'passport',
  drivers_licence: "driver's licence",
  voters_card: "voter's card",
  nin_slip: 'NIN slip',
} as const

/**
 * The sandbox registry: a number ending in 0000 is not on record; any other number matches the
 * account holder, and any address is confirmed.
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
    async verifyDocument({ documentType, documentNumber }) {
      if (documentNumber.endsWith('0000')) {
        return {
          verified: false,
          reason: `This ${DOCUMENT_NAMES[documentType]} number could not be found. Check it against the document and try again.`,
        }
      }
      return { verified: true }
    },
  }
}
