import type { IdentityVerifier } from './identity-verifier.ts'

const DOCUMENT_NAMES = {
  passport: 'passport',
  drivers_licence: "driver's licence",
  voters_card: "voter's card",
  nin_slip: 'NIN slip',
} as const

/**
 * The sandbox registry (docs/account.md "Identity verification"): an identity number (BVN, NIN
 * or national ID) ending in 0000 is not on record, one ending in 1111 is someone else's (whatever
 * name is given, it does not match), one ending in 2222 is the person given but born on another
 * day, and any other is on record as the person given. A document number ending in 0000 is not
 * on record; any other, and any address, is confirmed at once.
 */
export function createSandboxIdentityVerifier(): IdentityVerifier {
  return {
    name: 'sandbox-identity',
    async verify({ idNumber }) {
      const providerJobId = null
      if (idNumber.endsWith('0000')) return { result: 'not_found', providerJobId }
      if (idNumber.endsWith('1111')) return { result: 'name_mismatch', providerJobId }
      if (idNumber.endsWith('2222')) return { result: 'date_mismatch', providerJobId }
      return { result: 'verified', providerJobId }
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
