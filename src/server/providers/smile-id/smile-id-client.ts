import { z } from 'zod'
import { ProviderFailure } from '../provider-api-client.ts'
import { type SmileIdCredentials, smileIdSignature } from './smile-id-signature.ts'

/**
 * The synchronous lookup waits on the ID authority behind Smile ID; one that has not answered
 * after this is treated as lost, and the user is asked to try again.
 */
export const SMILE_ID_TIMEOUT_MS = 30_000
/** The documented answer carries a photo of up to about 1.5 MB; anything far larger is not it. */
const MAX_ANSWER_CHARACTERS = 5_000_000

/** What Sabi sends as `source_sdk` and `source_sdk_version`: the REST API's documented values. */
const SOURCE_SDK = 'rest_api'
const SOURCE_SDK_VERSION = '1.0.0'
/** `partner_params.job_type` of an Enhanced KYC (and Basic KYC) job. */
const ENHANCED_KYC_JOB_TYPE = 5

/** One Enhanced KYC lookup: the number, the person it should be, and Sabi's ids for the job. */
export type IdVerificationRequest = {
  /** ISO 3166-1 alpha-2 of the issuing country: NG, ZA, KE. */
  country: string
  /** Smile ID's name of the ID type: BVN, NIN_V2, NATIONAL_ID. */
  idType: string
  idNumber: string
  firstName: string
  lastName: string
  /** YYYY-MM-DD. */
  dateOfBirth: string
  userId: string
  jobId: string
}

const jobIdSchema = z.union([z.string().max(100), z.number()]).transform(String)

/**
 * The fields of Smile ID's answer Sabi reads; the rest (the photo, the address, the phone
 * number, `FullData`...) is dropped by the parse and never kept.
 */
const answerSchema = z.object({
  ResultCode: z.string().regex(/^\d{4}$/),
  ResultText: z.string().max(500).nullish(),
  SmileJobID: z
    .union([z.string().max(64), z.number()])
    .transform(String)
    .nullish(),
  PartnerParams: z.object({ job_id: jobIdSchema.nullish() }).nullish(),
  Actions: z.record(z.string(), z.unknown()).nullish(),
  FullName: z.string().max(500).nullish(),
  DOB: z.string().max(50).nullish(),
})
export type IdVerificationAnswer = z.infer<typeof answerSchema>

/** Smile ID's error body: `{"code": "2205", "error": "..."}`. */
const errorSchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  error: z.string().max(500).optional(),
})

export type SmileIdOptions = SmileIdCredentials & {
  /** Where Smile ID's API is: https://api.smileidentity.com, or the sandbox's. */
  baseUrl: string
  timeoutMs?: number
  /** The clock the signature's timestamp is read from. */
  now?: () => Date
}

export type SmileIdClient = {
  /** `POST /v1/id_verification`: the synchronous Enhanced KYC lookup of one ID number. */
  verifyIdNumber(request: IdVerificationRequest): Promise<IdVerificationAnswer>
}

/**
 * The one way Sabi talks to Smile ID (docs/smile-id.md "The call"): every request signed with a
 * fresh timestamp, JSON both ways, a timeout on every call, and the answer checked against the
 * documented shape, so a caller gets either the fields it reads or a ProviderFailure: `lost` (a
 * timeout, a dropped connection, a 5xx), `refused` (a 4xx with Smile ID's `{code, error}`: 2205
 * the signature, 2213 a missing field) or `malformed`. Smile ID signs the request body rather
 * than taking a bearer key, so this is not the money providers' `createProviderApiClient`. The
 * API key never appears in a request, an error or a log line; neither does an ID number.
 */
export function createSmileIdClient(options: SmileIdOptions): SmileIdClient {
  const timeoutMs = options.timeoutMs ?? SMILE_ID_TIMEOUT_MS
  const now = options.now ?? (() => new Date())
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/id_verification`

  return {
    async verifyIdNumber(request) {
      const timestamp = now().toISOString()
      const body = {
        partner_id: options.partnerId,
        signature: smileIdSignature(options, timestamp),
        timestamp,
        source_sdk: SOURCE_SDK,
        source_sdk_version: SOURCE_SDK_VERSION,
        country: request.country,
        id_type: request.idType,
        id_number: request.idNumber,
        first_name: request.firstName,
        last_name: request.lastName,
        dob: request.dateOfBirth,
        partner_params: {
          job_id: request.jobId,
          user_id: request.userId,
          job_type: ENHANCED_KYC_JOB_TYPE,
        },
      }
      let response: Response
      let text: string
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
        text = await response.text()
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'unknown'
        throw new ProviderFailure('lost', 0, `Smile ID id_verification got no answer (${reason})`)
      }
      if (response.status >= 500) {
        throw new ProviderFailure(
          'lost',
          response.status,
          `Smile ID id_verification answered ${response.status}`,
        )
      }
      const parsed = text.length <= MAX_ANSWER_CHARACTERS ? parseJson(text) : undefined
      if (!response.ok) {
        const refusal = errorSchema.safeParse(parsed)
        const detail = refusal.success
          ? `code ${refusal.data.code}${refusal.data.error ? `: ${refusal.data.error}` : ''}`
          : 'an unknown body'
        throw new ProviderFailure(
          'refused',
          response.status,
          `Smile ID id_verification refused (${response.status}) with ${detail}`,
        )
      }
      const answer = answerSchema.safeParse(parsed)
      if (!answer.success) {
        throw new ProviderFailure(
          'malformed',
          response.status,
          `Smile ID id_verification answered in an unknown format: ${answer.error.issues[0]?.path.join('.') ?? ''}`,
        )
      }
      return answer.data
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
