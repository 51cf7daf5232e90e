/** The identity documents a tier-3 check accepts (docs/limits.md "Tier 3"). */
export const IDENTITY_DOCUMENT_TYPES = [
  'passport',
  'drivers_licence',
  'voters_card',
  'nin_slip',
] as const
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number]

export type PostalAddress = { line: string; city: string; state: string; country: string }

type CheckResult = { verified: true } | { verified: false; reason: string }

/** Checks a Nigerian BVN or NIN, and an identity document with an address, with the registry. */
export type IdentityVerifier = {
  readonly name: string
  verify(input: { idType: 'bvn' | 'nin'; idNumber: string }): Promise<CheckResult>
  verifyDocument(input: {
    documentType: IdentityDocumentType
    documentNumber: string
    address: PostalAddress
  }): Promise<CheckResult>
}
