import { describe, expect, it } from 'vitest'
import { type IdentityCheckRequest, IdentityRegistryUnavailable } from '../identity-verifier.ts'
import type { IdVerificationAnswer } from './smile-id-client.ts'
import { smileIdSignature } from './smile-id-signature.ts'
import { decideSmileIdAnswer } from './smile-id-verifier.ts'

const GIVEN: IdentityCheckRequest = {
  idType: 'bvn',
  country: 'NG',
  idNumber: '22345678901',
  firstName: 'Adeyemi',
  lastName: 'Adele',
  dateOfBirth: '1993-10-21',
  userId: 'user-1',
  checkId: 'check-1',
}

/** Smile ID's documented Enhanced KYC answer (its SDKs' fixtures), for GIVEN's person. */
function answer(over: Partial<IdVerificationAnswer> = {}): IdVerificationAnswer {
  return {
    ResultCode: '1012',
    ResultText: 'ID Number Validated',
    SmileJobID: '0000001105',
    PartnerParams: { job_id: 'check-1' },
    Actions: { Verify_ID_Number: 'Verified', Return_Personal_Info: 'Returned' },
    FullName: 'ADEYEMI KEHIN ADELE',
    DOB: '1993-10-21',
    ...over,
  }
}

describe('decideSmileIdAnswer', () => {
  it('verifies a found record of the same names and date, keeping only the job id', () => {
    expect(decideSmileIdAnswer(GIVEN, answer())).toEqual({
      result: 'verified',
      providerJobId: '0000001105',
    })
  })

  it('fails on the name before the date, and on a date the record does not have', () => {
    expect(decideSmileIdAnswer(GIVEN, answer({ FullName: 'BELLO KEHIN ADEYEMI' })).result).toBe(
      'name_mismatch',
    )
    expect(
      decideSmileIdAnswer(GIVEN, answer({ FullName: 'BELLO ADEYEMI', DOB: '1990-01-01' })).result,
    ).toBe('name_mismatch')
    expect(decideSmileIdAnswer(GIVEN, answer({ DOB: '1993-10-22' })).result).toBe('date_mismatch')
    expect(decideSmileIdAnswer(GIVEN, answer({ DOB: 'NaN-NaN-NaN' })).result).toBe('date_mismatch')
    expect(decideSmileIdAnswer(GIVEN, answer({ FullName: 'Not Available' })).result).toBe(
      'name_mismatch',
    )
  })

  it('reads 1013, 1014 and 1023, or a number not verified, as no record', () => {
    for (const code of ['1013', '1014', '1023']) {
      expect(decideSmileIdAnswer(GIVEN, answer({ ResultCode: code })).result).toBe('not_found')
    }
    const notVerified = answer({
      Actions: { Verify_ID_Number: 'Not Verified', Return_Personal_Info: 'Not Returned' },
    })
    expect(decideSmileIdAnswer(GIVEN, notVerified).result).toBe('not_found')
  })

  it('gives no verdict on 1015, 1016, an unknown code or another job’s answer: the user tries again', () => {
    for (const over of [
      { ResultCode: '1015', ResultText: 'Error - Queried Database Unavailable' },
      { ResultCode: '1016' },
      { ResultCode: '0001' },
      { PartnerParams: { job_id: 'someone-elses' } },
      { Actions: { Verify_ID_Number: 'Issuer Unavailable' } },
    ]) {
      expect(() => decideSmileIdAnswer(GIVEN, answer(over))).toThrow(IdentityRegistryUnavailable)
    }
  })

  it('lets Basic KYC actions decide where no full name or date came, and a "No Match" always refuse', () => {
    const basic = (names: string, dob: string) =>
      answer({
        ResultCode: '1020',
        FullName: undefined,
        DOB: undefined,
        Actions: { Verify_ID_Number: 'Verified', Names: names, DOB: dob },
      })
    expect(decideSmileIdAnswer(GIVEN, basic('Exact Match', 'Exact Match')).result).toBe('verified')
    expect(decideSmileIdAnswer(GIVEN, basic('Transposed', 'Exact Match')).result).toBe('verified')
    expect(decideSmileIdAnswer(GIVEN, basic('Partial Match', 'Exact Match')).result).toBe(
      'name_mismatch',
    )
    expect(decideSmileIdAnswer(GIVEN, basic('Exact Match', 'Partial Match')).result).toBe(
      'date_mismatch',
    )
    const saysNoMatch = answer({
      Actions: { Verify_ID_Number: 'Verified', Names: 'No Match', DOB: 'Exact Match' },
    })
    expect(decideSmileIdAnswer(GIVEN, saysNoMatch).result).toBe('name_mismatch')
  })
})

describe('smileIdSignature', () => {
  it('is the base64 HMAC-SHA256 of timestamp, partner id and "sid_request" under the API key', () => {
    const signature = smileIdSignature(
      { partnerId: '2047', apiKey: 'key' },
      '2024-01-01T00:00:00.000Z',
    )
    // Computed independently: printf '2024-01-01T00:00:00.000Z2047sid_request' | openssl dgst -sha256 -hmac key -binary | base64
    expect(signature).toBe('lrqR6J2XKFPVnfM/KpWtvzQFSL84yvIdXUWGdFpk3UY=')
  })
})
