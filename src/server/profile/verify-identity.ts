import { randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { identityChecks, users } from '#server/db/schema.ts'
import {
  type IdentityCheckResult,
  IdentityRegistryUnavailable,
  type IdentityVerifier,
} from '#server/providers/identity-verifier.ts'
import { requireProvider } from '#server/providers/providers.ts'
import { findUserById, type UserRow } from '#server/users/find-user.ts'
import { hashIdentityNumber, type IdentityNumberKey } from '#server/users/identity-number-key.ts'
import { claimIdentityNumber, findIdentityNumberOwner } from '#server/users/identity-numbers.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import {
  type IdentityCountry,
  identityCountryOf,
  identityKindOf,
  identityNumberProblem,
  nationalIdCountryOf,
  type VerificationIdType,
} from '#shared/identity-numbers.ts'
import type { VerificationRequest } from '#shared/schemas/account.ts'

/** Where the registry's answer may be logged for the operators: never a name or a number. */
export type IdentityLog = { warn(details: Record<string, unknown>, message: string): void }

/** The refusal of a number that already backs another account (docs/security.md "Identity"). */
function alreadyLinked(idType: VerificationIdType): AppError {
  if (idType === 'bvn') return new AppError('CONFLICT', msg('bvnAlreadyLinkedAnother'))
  if (idType === 'nin') return new AppError('CONFLICT', msg('ninAlreadyLinkedAnother'))
  return new AppError('CONFLICT', msg('idNumberAlreadyLinkedAnother'))
}

/**
 * Why the registry's record is not the person, in the catalogs' words: a BVN or NIN by its name,
 * a national ID as "ID number" in the user's language.
 */
function failureMessage(
  result: Exclude<IdentityCheckResult['result'], 'verified'>,
  idType: VerificationIdType,
): Message {
  if (idType === 'national_id') {
    if (result === 'not_found') return msg('nationalIdNotFound')
    if (result === 'name_mismatch') return msg('nationalIdNameMismatch')
    return msg('nationalIdDateMismatch')
  }
  const type = idType.toUpperCase()
  if (result === 'not_found') return msg('typeCouldNotFound', { type })
  if (result === 'name_mismatch') return msg('identityNameMismatch', { type })
  return msg('identityDateMismatch', { type })
}

/**
 * The number's country, and the number's shape for it, or a 400 saying which field is wrong: a
 * BVN or NIN is Nigeria's 11 digits; a national ID is the South African (13 digits) or Kenyan
 * one of a user who lives there.
 */
function countryFor(user: UserRow, input: VerificationRequest): IdentityCountry {
  const country = identityCountryOf(input.idType, nationalIdCountryOf(user))
  if (country === null) {
    throw new AppError('VALIDATION_FAILED', msg('nationalIdZaKeOnly'), [
      { path: 'idType', message: msg('nationalIdZaKeOnly') },
    ])
  }
  const problem = identityNumberProblem(input.idType, country, input.idNumber)
  if (problem !== null) {
    throw new AppError('VALIDATION_FAILED', msg(problem), [
      { path: 'idNumber', message: msg(problem) },
    ])
  }
  return country
}

/**
 * Complete Verification (docs/account.md "Identity verification"): the registry of the number's
 * country (a BVN or NIN in Nigeria, a national ID in South Africa or Kenya) is asked for its
 * record, Sabi decides whether it is the person by legal name and date of birth, and a match
 * raises the account to tier 2.
 *
 * A number backs one account only: it is kept as a keyed hash in `identity_numbers`, never as
 * itself, and claimed in the same transaction that raises the tier, so of two accounts racing
 * for one number exactly one is verified. A number another account holds is refused before the
 * registry is asked (a lookup that must fail is not paid for). A mismatch or unknown number
 * keeps the failed status and the check's record, and answers why. A registry that does not
 * answer keeps nothing at all: the user is told to try again (503).
 */
export async function verifyIdentity(
  db: Queryable,
  deps: {
    verifier: IdentityVerifier | undefined
    identityKey: IdentityNumberKey
    log?: IdentityLog | undefined
  },
  user: UserRow,
  input: VerificationRequest,
): Promise<{ user: UserRow; failureReason: Message | null }> {
  const country = countryFor(user, input)
  if (user.verificationStatus === 'verified') {
    throw new AppError('CONFLICT', msg('identityAlreadyVerified'))
  }
  const registry = requireProvider(deps.verifier, msg('identityVerificationNotAvailable'))
  const kind = identityKindOf(input.idType, country)
  const numberHash = hashIdentityNumber(deps.identityKey, {
    idType: kind,
    idNumber: input.idNumber,
  })
  const owner = await findIdentityNumberOwner(db, numberHash)
  if (owner !== undefined && owner !== user.id) throw alreadyLinked(input.idType)

  const checkId = randomUUID()
  let check: IdentityCheckResult
  try {
    check = await registry.verify({
      idType: input.idType,
      country,
      idNumber: input.idNumber,
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      userId: user.id,
      checkId,
    })
  } catch (error) {
    if (!(error instanceof IdentityRegistryUnavailable)) throw error
    deps.log?.warn(
      { provider: registry.name, checkId, failure: error.detail },
      'identity registry gave no answer to act on',
    )
    throw new AppError('PROVIDER_UNAVAILABLE', msg('identityRegistryNotAnswering'))
  }
  const now = new Date()
  const checkRow = {
    id: checkId,
    userId: user.id,
    provider: registry.name,
    idType: input.idType,
    country,
    result: check.result,
    providerJobId: check.providerJobId?.slice(0, 64) ?? null,
    createdAt: now,
  }
  // Never turns a verified account back to failed: an attempt that lost a race to a match
  // from another tab leaves the match standing.
  const notVerified = and(eq(users.id, user.id), ne(users.verificationStatus, 'verified'))
  if (check.result !== 'verified') {
    const failure = check.result
    const row = await db.transaction(async (tx) => {
      await tx.insert(identityChecks).values(checkRow)
      const [updated] = await tx
        .update(users)
        .set({ verificationStatus: 'failed', verificationIdType: input.idType, updatedAt: now })
        .where(notVerified)
        .returning()
      return updated ?? (await findUserById(tx, user.id))
    })
    if (!row) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
    return { user: row, failureReason: failureMessage(failure, input.idType) }
  }

  const row = await db.transaction(async (tx) => {
    const claimed = await claimIdentityNumber(tx, { numberHash, userId: user.id, idType: kind })
    if (!claimed) throw alreadyLinked(input.idType)
    await tx.insert(identityChecks).values(checkRow)
    const [updated] = await tx
      .update(users)
      .set({
        verificationStatus: 'verified',
        verificationIdType: input.idType,
        verifiedAt: now,
        isVerified: true,
        // A verified identity number is tier 2 (docs/limits.md); a tier-3 user stays tier 3.
        kycTier: sql`greatest(${users.kycTier}, 2)`,
        updatedAt: now,
      })
      .where(notVerified)
      .returning()
    // Verified meanwhile with another number (two tabs): this one is not kept either.
    if (!updated) throw new AppError('CONFLICT', msg('identityAlreadyVerified'))
    return updated
  })
  return { user: row, failureReason: null }
}
