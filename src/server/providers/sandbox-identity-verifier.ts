import { msg } from '#shared/errors.ts'
import type { IdentityVerifier } from './identity-verifier.ts'

const DOCUMENT_NAMES = {
  passport: 'passport',
  drivers_licence: "driver's licence",
  voters_card: "voter's card",
  nin_slip: 'NIN slip',
} as const

/**
 * The sandbox registry (docs/running.md "Sandbox"): a BVN or NIN ending in 0000 is not on
 * record, one ending in 1111 is someone else's (whatever name is given, it does not match), and
 * any other is on record as the person given. A document number ending in 0000 is not on record;
 * any other, and any address, is confirmed.
 */
export function createSandboxIdentityVerifier(): IdentityVerifier {
  return {
    name: 'sandbox-identity',
    async verify({ idType, idNumber }) {
      // Sabi's own words, which the catalogs word in the user's language.
      if (idNumber.endsWith('0000')) {
        return {
          verified: false,
          reason: msg('typeCouldNotFound', { type: idType.toUpperCase() }),
        }
      }
      if (idNumber.endsWith('1111')) {
        return {
          verified: false,
          reason: msg('nameDateBirthDo', { type: idType.toUpperCase() }),
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
