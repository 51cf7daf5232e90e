import { type IdentityKind, identityKindOf } from '#shared/identity-numbers.ts'
import {
  type IdentityCheckRequest,
  type IdentityCheckResult,
  IdentityRegistryUnavailable,
  type IdentityVerifier,
} from '../identity-verifier.ts'
import { ProviderFailure } from '../provider-api-client.ts'
import { namesMatch, registryDate } from '../registry-match.ts'
import type { IdVerificationAnswer, SmileIdClient } from './smile-id-client.ts'

/** Smile ID's `id_type` for each identity Sabi checks (its "Using ID Number" list). */
const SMILE_ID_TYPES: Record<IdentityKind, string> = {
  bvn: 'BVN',
  nin: 'NIN_V2',
  za_national_id: 'NATIONAL_ID',
  ke_national_id: 'NATIONAL_ID',
}

/**
 * Result codes that mean the registry has a record of the number (1012 "Valid ID" of Enhanced
 * KYC; 1020 to 1022, Basic KYC's exact, partial and no match): Sabi then compares the person.
 */
const RECORD_FOUND = new Set(['1012', '1020', '1021', '1022'])
/**
 * Result codes that mean there is no record to compare: 1013 "Unable to Validate ID" (not in the
 * ID authority's database), 1014 an ID number format it does not take, 1023 "Not Found".
 * Anything else (1015 the ID authority is unavailable, 1016 the product is not enabled) gives
 * no answer to act on.
 */
const NO_RECORD = new Set(['1013', '1014', '1023'])
/** What Basic KYC's Names action says when the names agree, the order aside. */
const NAMES_AGREE = new Set(['Exact Match', 'Transposed'])

function actionOf(answer: IdVerificationAnswer, name: string): string | undefined {
  const value = answer.Actions?.[name]
  return typeof value === 'string' ? value : undefined
}

/** The registry's full name, unless it says it has none. */
function fullNameOf(answer: IdVerificationAnswer): string | undefined {
  const name = answer.FullName?.trim()
  return name && !/^not available$/i.test(name) ? name : undefined
}

/**
 * Sabi's decision on Smile ID's answer (docs/smile-id.md "Matching"): the record must be found,
 * its full name must hold the first and last name given (registry-match.ts), and its date of
 * birth must be the one given. Where the answer carries no full name or no date, Basic KYC's
 * Names and DOB actions decide; where it carries both, an action that says "No Match" still
 * refuses. Nothing of the registry's record leaves this function but the verdict.
 */
export function decideSmileIdAnswer(
  given: IdentityCheckRequest,
  answer: IdVerificationAnswer,
): IdentityCheckResult {
  const providerJobId = answer.SmileJobID ?? null
  const echoedJob = answer.PartnerParams?.job_id
  if (echoedJob != null && echoedJob !== given.checkId) {
    throw new IdentityRegistryUnavailable('Smile ID answered for another job')
  }
  if (NO_RECORD.has(answer.ResultCode)) return { result: 'not_found', providerJobId }
  if (!RECORD_FOUND.has(answer.ResultCode)) {
    throw new IdentityRegistryUnavailable(
      `Smile ID answered result code ${answer.ResultCode}${answer.ResultText ? ` (${answer.ResultText})` : ''}`,
    )
  }
  const idNumberAction = actionOf(answer, 'Verify_ID_Number')
  if (idNumberAction === 'Not Verified') return { result: 'not_found', providerJobId }
  if (idNumberAction !== undefined && idNumberAction !== 'Verified') {
    throw new IdentityRegistryUnavailable(
      `Smile ID could not verify the number (${idNumberAction})`,
    )
  }

  const fullName = fullNameOf(answer)
  const namesAction = actionOf(answer, 'Names')
  const nameAgrees =
    namesAction !== 'No Match' &&
    (fullName !== undefined
      ? namesMatch(given, fullName)
      : namesAction !== undefined && NAMES_AGREE.has(namesAction))
  if (!nameAgrees) return { result: 'name_mismatch', providerJobId }

  const dateOfBirth = registryDate(answer.DOB ?? undefined)
  const dateAction = actionOf(answer, 'DOB')
  const dateAgrees =
    dateAction !== 'No Match' &&
    (dateOfBirth !== undefined ? dateOfBirth === given.dateOfBirth : dateAction === 'Exact Match')
  if (!dateAgrees) return { result: 'date_mismatch', providerJobId }
  return { result: 'verified', providerJobId }
}

/**
 * Smile ID as Sabi's identity registry (docs/smile-id.md): Enhanced KYC looks the number up with
 * the ID authority of its country, and Sabi decides from the answer whether it is the person.
 * Smile ID's Enhanced KYC does not check an identity document and an address at once, so this
 * verifier has no `verifyDocument`: tier 3 goes to the compliance review queue.
 */
export function createSmileIdVerifier(client: SmileIdClient): IdentityVerifier {
  return {
    name: 'smile-id',
    async verify(input) {
      let answer: IdVerificationAnswer
      try {
        answer = await client.verifyIdNumber({
          country: input.country,
          idType: SMILE_ID_TYPES[identityKindOf(input.idType, input.country)],
          idNumber: input.idNumber,
          firstName: input.firstName,
          lastName: input.lastName,
          dateOfBirth: input.dateOfBirth,
          userId: input.userId,
          jobId: input.checkId,
        })
      } catch (error) {
        if (error instanceof ProviderFailure) throw new IdentityRegistryUnavailable(error.message)
        throw error
      }
      return decideSmileIdAnswer(input, answer)
    },
  }
}
