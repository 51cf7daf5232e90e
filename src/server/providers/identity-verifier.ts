import type { Message } from '#shared/errors.ts'
/** The identity documents a tier-3 check accepts (docs/limits.md "Tier 3"). */
export const IDENTITY_DOCUMENT_TYPES = [
  'passport',
  'drivers_licence',
  'voters_card',
  'nin_slip',
] as const
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number]

export type PostalAddress = { line: string; city: string; state: string; country: string }

/** Why a check failed: Sabi's own words as a message (the sandbox's), a registry's as they came. */
type CheckResult = { verified: true } | { verified: false; reason: Message | string }

/**
 * The person a BVN or NIN must belong to: the legal names and the date of birth (YYYY-MM-DD)
 * the registry holds for it.
 */
export type IdentityHolder = { firstName: string; lastName: string; dateOfBirth: string }

/**
 * Checks a Nigerian BVN or NIN, and an identity document with an address, with the registry.
 * A number is verified only when the registry's record is of the person given: a number that
 * exists but is someone else's answers `verified: false` with the reason, as one not found does.
 */
export type IdentityVerifier = {
  readonly name: string
  verify(input: { idType: 'bvn' | 'nin'; idNumber: string } & IdentityHolder): Promise<CheckResult>
  verifyDocument(input: {
    documentType: IdentityDocumentType
    documentNumber: string
    address: PostalAddress
  }): Promise<CheckResult>
}
