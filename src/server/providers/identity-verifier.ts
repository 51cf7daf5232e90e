import type { Message } from '#shared/errors.ts'
import type { IdentityCountry, VerificationIdType } from '#shared/identity-numbers.ts'

/** The identity documents a tier-3 check accepts (docs/limits.md "Tier 3"). */
export const IDENTITY_DOCUMENT_TYPES = [
  'passport',
  'drivers_licence',
  'voters_card',
  'nin_slip',
] as const
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number]

export type PostalAddress = { line: string; city: string; state: string; country: string }

/** Why a document check failed: Sabi's own words as a message (the sandbox's), a registry's as they came. */
type DocumentCheckResult = { verified: true } | { verified: false; reason: Message | string }

/**
 * The person a number must belong to: the legal names and the date of birth (YYYY-MM-DD)
 * the registry holds for it.
 */
export type IdentityHolder = { firstName: string; lastName: string; dateOfBirth: string }

/** An identity number to check, and whose check it is. */
export type IdentityCheckRequest = IdentityHolder & {
  idType: VerificationIdType
  /** The country whose registry holds the number: NG for a BVN or NIN. */
  country: IdentityCountry
  idNumber: string
  /** Sabi's id of the user and of this check, which a registry may keep with its record of the job. */
  userId: string
  checkId: string
}

/**
 * What the registry said of a number, decided by Sabi (docs/smile-id.md "Matching"): the
 * person given, no record of the number, or a record of someone else, by name or by date of
 * birth. `providerJobId` is the registry's id of the check, kept for the record; never the
 * registry's name, date or photo.
 */
export type IdentityCheckResult = {
  result: 'verified' | 'not_found' | 'name_mismatch' | 'date_mismatch'
  providerJobId: string | null
}

/**
 * The registry did not answer, or not in a way to act on: a timeout, a 5xx, a refusal of Sabi's
 * request, an answer of an unknown shape. The user is told to try again and nothing is kept.
 * `detail` is for the operators' log: it never holds a secret, a name or a number.
 */
export class IdentityRegistryUnavailable extends Error {
  override name = 'IdentityRegistryUnavailable'
  constructor(readonly detail: string) {
    super(detail)
  }
}

/**
 * Checks an identity number with the registry that holds it (a Nigerian BVN or NIN, a South
 * African or Kenyan national ID) and, where the registry can, an identity document with an
 * address. A number is verified only when the registry's record is of the person given: a number
 * that exists but is someone else's fails with the reason, as one not found does. `verify` throws
 * IdentityRegistryUnavailable when the registry gives no answer to act on.
 *
 * `verifyDocument` is there only for a registry that checks a document and an address at once;
 * without it, a tier-3 attempt goes to the compliance review queue (docs/limits.md "Tier 3").
 */
export type IdentityVerifier = {
  readonly name: string
  verify(input: IdentityCheckRequest): Promise<IdentityCheckResult>
  verifyDocument?(input: {
    documentType: IdentityDocumentType
    documentNumber: string
    address: PostalAddress
  }): Promise<DocumentCheckResult>
}
