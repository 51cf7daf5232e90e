import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { queryRows } from '#server/db/client.ts'
import { type Providers, providersFor } from '#server/providers/providers.ts'
import { createSmileIdClient } from '#server/providers/smile-id/smile-id-client.ts'
import { createSmileIdVerifier } from '#server/providers/smile-id/smile-id-verifier.ts'
import { passesLuhn } from '#shared/identity-numbers.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { limitsSchema, tierThreeResponseSchema } from '#shared/schemas/limits.ts'
import { signUpClient, TIER_THREE_BODY } from '../factories/money.ts'
import { newDocumentNumber, newIdentityNumber } from '../factories/users.ts'
import { type FakeSmileId, startFakeSmileId } from '../fakes/fake-smile-id.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'
import { createTestDatabase } from '../setup/test-database.ts'

/** One fake per database kind, so one suite's jobs never show in the other's. */
const fakes: FakeSmileId[] = []
let fake: FakeSmileId
afterAll(() => Promise.all(fakes.map((each) => each.close())))

/** A client timeout short enough for a test: the fake's "hang" never answers. */
const TIMEOUT_MS = 1_000

/** Words that only the registry's record holds: they must never reach the database. */
const REGISTRY_MIDDLE_NAME = 'ZUBERIYAREGISTRY'
const REGISTRY_PHOTO = '/9j/4AAQSkZJRgABAQAAAQABAAD-REGISTRY-PHOTO-MARKER'

/** A production server's parties: Smile ID as the registry, and nothing else. */
async function smileIdProviders(): Promise<Providers> {
  fake = await startFakeSmileId()
  fakes.push(fake)
  return {
    identityVerifier: createSmileIdVerifier(
      createSmileIdClient({
        partnerId: fake.partnerId,
        apiKey: fake.apiKey,
        baseUrl: fake.url,
        timeoutMs: TIMEOUT_MS,
      }),
    ),
  }
}

/** A South African ID number: 12 digits and their Luhn check digit. */
function newSouthAfricanId(): string {
  const base = `9${String(Math.floor(Math.random() * 10 ** 11)).padStart(11, '0')}`
  for (let digit = 0; digit <= 9; digit += 1) {
    if (passesLuhn(`${base}${digit}`)) return `${base}${digit}`
  }
  throw new Error('no check digit')
}

function newKenyanId(): string {
  return String(10_000_000 + Math.floor(Math.random() * 89_999_999))
}

const PERSON = { firstName: 'Chioma', lastName: 'Okafor', dateOfBirth: '1991-03-04' }

/**
 * Identity through Smile ID's Enhanced KYC (issue 35; docs/smile-id.md), against a fake that
 * speaks its documented API: the registry's record must be the person, by name and date of
 * birth, and only the result, the job id and the number's keyed hash are kept.
 */
describeMoneyApi(
  'identity checks through Smile ID',
  (context) => {
    const db = () => context.database.db

    async function member(country?: 'ZA' | 'KE', tier: 1 | 2 = 1) {
      const client = createTestClient(context.app)
      const user = await signUpClient(
        client,
        { firstName: PERSON.firstName, lastName: PERSON.lastName, ...(country ? { country } : {}) },
        { tier: 1, pin: null },
      )
      if (tier === 2) {
        const idNumber = newIdentityNumber()
        onRecord('NG', 'BVN', idNumber)
        const verified = await verify(client, { idType: 'bvn', idNumber })
        expect(verified.body, verified.text).toMatchObject({ failureReason: null })
      }
      return { client, user }
    }

    function onRecord(country: string, idType: string, idNumber: string, over: object = {}) {
      fake.addRecord(country, idType, idNumber, {
        fullName: `OKAFOR ${REGISTRY_MIDDLE_NAME} CHIOMA`,
        dob: PERSON.dateOfBirth,
        photo: REGISTRY_PHOTO,
        ...over,
      })
    }

    function verify(client: TestClient, body: Record<string, string>) {
      return client.post('/api/profile/verification', { ...PERSON, ...body })
    }

    async function stateOf(userId: string) {
      const [user] = await queryRows(
        db(),
        sql`select kyc_tier, verification_status, is_verified from users where id = ${userId}`,
      )
      const checks = await queryRows(
        db(),
        sql`select id, provider, id_type, country, result, provider_job_id from identity_checks where user_id = ${userId} order by created_at`,
      )
      const numbers = await queryRows(
        db(),
        sql`select id_type from identity_numbers where user_id = ${userId}`,
      )
      return { user, checks, numbers }
    }

    it('verifies a BVN whose record is the person, whatever the order and case of the names, and sends the signed, documented request', async () => {
      const { client, user } = await member()
      const idNumber = newIdentityNumber()
      onRecord('NG', 'BVN', idNumber)
      const asked = fake.requests.length
      const response = await verify(client, {
        idType: 'bvn',
        idNumber,
        firstName: 'chioma',
        lastName: ' OKAFOR',
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({
        failureReason: null,
        user: { verificationStatus: 'verified', isVerified: true, kycTier: 2 },
      })

      const state = await stateOf(user.id)
      expect(state.numbers).toEqual([{ id_type: 'bvn' }])
      expect(state.checks).toEqual([
        {
          id: expect.any(String),
          provider: 'smile-id',
          id_type: 'bvn',
          country: 'NG',
          result: 'verified',
          provider_job_id: expect.stringMatching(/^\d{10}$/),
        },
      ])
      // The request, field by field as the Enhanced KYC reference has it; Sabi's check id is
      // the job id, so Smile ID's records and Sabi's meet.
      expect(fake.requests.slice(asked)).toEqual([
        {
          path: '/v1/id_verification',
          body: {
            partner_id: fake.partnerId,
            signature: expect.any(String),
            timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            source_sdk: 'rest_api',
            source_sdk_version: '1.0.0',
            country: 'NG',
            id_type: 'BVN',
            id_number: idNumber,
            first_name: 'chioma',
            last_name: 'OKAFOR',
            dob: PERSON.dateOfBirth,
            partner_params: { job_id: state.checks[0]?.id, user_id: user.id, job_type: 5 },
          },
        },
      ])
      expect(JSON.stringify(fake.requests)).not.toContain(fake.apiKey)
    })

    it('checks a NIN as NIN_V2', async () => {
      const { client } = await member()
      const idNumber = newIdentityNumber()
      onRecord('NG', 'NIN_V2', idNumber)
      const response = await verify(client, { idType: 'nin', idNumber })
      expect(response.body, response.text).toMatchObject({ failureReason: null })
      expect(fake.requests.at(-1)?.body).toMatchObject({ id_type: 'NIN_V2', country: 'NG' })
    })

    it('fails a record of another name, another date of birth, or none, each with its reason, keeping the result but no number', async () => {
      const { client, user } = await member()
      const otherName = newIdentityNumber()
      onRecord('NG', 'BVN', otherName, { fullName: 'BELLO IBRAHIM CHIOMA' })
      const otherDay = newIdentityNumber()
      onRecord('NG', 'BVN', otherDay, { dob: '1991-03-05' })
      const noDate = newIdentityNumber()
      onRecord('NG', 'BVN', noDate, { dob: 'Not Available' })
      const unknown = newIdentityNumber()

      const cases = [
        [
          otherName,
          'The name on this BVN is not the name you entered. Enter your legal first and last name as they are on your ID.',
        ],
        [
          otherDay,
          'The date of birth on this BVN is not the date you entered. Check your date of birth and try again.',
        ],
        [
          noDate,
          'The date of birth on this BVN is not the date you entered. Check your date of birth and try again.',
        ],
        [unknown, 'This BVN could not be found. Check the number and try again.'],
      ] as const
      for (const [idNumber, reason] of cases) {
        const response = await verify(client, { idType: 'bvn', idNumber })
        expect(response.status, response.text).toBe(200)
        expect(response.body).toMatchObject({
          failureReason: reason,
          user: { verificationStatus: 'failed', isVerified: false, kycTier: 1 },
        })
      }
      const state = await stateOf(user.id)
      expect(state.user).toEqual({ kyc_tier: 1, verification_status: 'failed', is_verified: false })
      expect(state.numbers).toEqual([])
      expect(state.checks.map((check) => check.result)).toEqual([
        'name_mismatch',
        'date_mismatch',
        'date_mismatch',
        'not_found',
      ])
      // In the user's language, as every refusal is (docs/i18n.md).
      const inHausa = await client.post(
        '/api/profile/verification',
        { ...PERSON, idType: 'bvn', idNumber: otherName },
        { 'accept-language': 'ha' },
      )
      expect(inHausa.body).toMatchObject({
        failureReason:
          'Sunan da ke kan wannan BVN ba shi ne sunan da kuka shigar ba. Ku shigar da sunanku na farko da na ƙarshe kamar yadda suke a katin shaidarku.',
      })
    })

    it('tells the user to try again when Smile ID errs, hangs or its ID authority is away, and keeps nothing of the attempt', async () => {
      const { client, user } = await member()
      const idNumber = newIdentityNumber()
      onRecord('NG', 'BVN', idNumber)
      const before = await stateOf(user.id)
      for (const failure of [
        { mode: '500' },
        { mode: 'hang' },
        { mode: 'result', code: '1015', text: 'Error - Queried Database Unavailable' },
      ] as const) {
        fake.failNumber(idNumber, failure)
        const started = Date.now()
        const response = await verify(client, { idType: 'bvn', idNumber })
        expect(response.status, response.text).toBe(503)
        expect(apiErrorSchema.parse(response.body)).toMatchObject({
          code: 'PROVIDER_UNAVAILABLE',
          message:
            'The identity registry is not answering right now. Nothing was saved: please try again in a few minutes.',
        })
        if (failure.mode === 'hang') expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5)
        // Not half-stored: no failed status, no check, no number claimed.
        expect(await stateOf(user.id)).toEqual(before)
      }
      expect(before.user).toMatchObject({ verification_status: 'unverified', kyc_tier: 1 })

      // Once Smile ID answers again, the same number goes through.
      fake.clearFailure(idNumber)
      const again = await verify(client, { idType: 'bvn', idNumber })
      expect(again.body, again.text).toMatchObject({ failureReason: null, user: { kycTier: 2 } })
    })

    it('never stores the registry’s full name or photo', async () => {
      const { client } = await member()
      const matched = newIdentityNumber()
      onRecord('NG', 'BVN', matched)
      const { client: other } = await member()
      const mismatched = newIdentityNumber()
      onRecord('NG', 'BVN', mismatched, { dob: '1970-01-01' })
      expect((await verify(other, { idType: 'bvn', idNumber: mismatched })).status).toBe(200)
      expect((await verify(client, { idType: 'bvn', idNumber: matched })).status).toBe(200)

      // Every row of every table, as text.
      const tables = await queryRows(
        db(),
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
      expect(tables.length).toBeGreaterThan(20)
      for (const { table_name: table } of tables) {
        const found = await queryRows(
          db(),
          sql`select count(*)::int as count from ${sql.identifier(String(table))} as row where row::text ilike ${`%${REGISTRY_MIDDLE_NAME}%`} or row::text like ${'%REGISTRY-PHOTO-MARKER%'} or row::text like ${`%${matched}%`}`,
        )
        expect({ table, found }).toEqual({ table, found: [{ count: 0 }] })
      }
    })

    it('lets one number back one account: another account gets 409 without asking Smile ID', async () => {
      const { client: owner } = await member()
      const { client: latecomer, user } = await member()
      const idNumber = newIdentityNumber()
      onRecord('NG', 'BVN', idNumber)
      expect((await verify(owner, { idType: 'bvn', idNumber })).body).toMatchObject({
        failureReason: null,
      })
      const asked = fake.requests.length
      const taken = await verify(latecomer, { idType: 'bvn', idNumber })
      expect(taken.status, taken.text).toBe(409)
      expect(apiErrorSchema.parse(taken.body).message).toBe(
        'This BVN is already linked to another Sabi account',
      )
      expect(fake.requests.length).toBe(asked)
      expect((await stateOf(user.id)).numbers).toEqual([])
    })

    it('verifies a South African with their 13-digit ID number, and refuses one that is not', async () => {
      const { client, user } = await member('ZA')
      const idNumber = newSouthAfricanId()
      onRecord('ZA', 'NATIONAL_ID', idNumber, { fullName: `Chioma ${REGISTRY_MIDDLE_NAME} Okafor` })

      const lastDigit = Number(idNumber.slice(-1))
      for (const [wrong, message] of [
        [
          `${idNumber.slice(0, 12)}${(lastDigit + 1) % 10}`,
          'Check your South African ID number: it has 13 digits, as printed on your ID',
        ],
        [
          idNumber.slice(0, 11),
          'Check your South African ID number: it has 13 digits, as printed on your ID',
        ],
        ['12345678901a', "Enter the ID number's digits only, as printed"],
      ] as const) {
        const refused = await verify(client, { idType: 'national_id', idNumber: wrong })
        expect(refused.status, refused.text).toBe(400)
        expect(apiErrorSchema.parse(refused.body).errors).toContainEqual(
          expect.objectContaining({ path: 'idNumber', message }),
        )
      }
      const asked = fake.requests.length
      const response = await verify(client, { idType: 'national_id', idNumber })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({ failureReason: null, user: { kycTier: 2 } })
      expect(fake.requests.slice(asked).map((request) => request.body)).toEqual([
        expect.objectContaining({ country: 'ZA', id_type: 'NATIONAL_ID', id_number: idNumber }),
      ])
      const state = await stateOf(user.id)
      expect(state.numbers).toEqual([{ id_type: 'za_national_id' }])
      expect(state.checks).toMatchObject([{ id_type: 'national_id', country: 'ZA' }])
    })

    it('verifies a Kenyan with their national ID, and fails it on a name the record does not hold', async () => {
      const { client, user } = await member('KE')
      const idNumber = newKenyanId()
      onRecord('KE', 'NATIONAL_ID', idNumber, { fullName: 'CHIOMA WANJIRU' })
      const mismatch = await verify(client, { idType: 'national_id', idNumber })
      expect(mismatch.body).toMatchObject({
        failureReason:
          'The name on this ID number is not the name you entered. Enter your legal first and last name as they are on your ID.',
      })
      const matched = await verify(client, {
        idType: 'national_id',
        idNumber,
        lastName: 'Wanjiru',
      })
      expect(matched.body, matched.text).toMatchObject({
        failureReason: null,
        user: { kycTier: 2 },
      })
      expect(fake.requests.at(-1)?.body).toMatchObject({ country: 'KE', id_type: 'NATIONAL_ID' })
      expect((await stateOf(user.id)).numbers).toEqual([{ id_type: 'ke_national_id' }])

      const tooLong = await verify((await member('KE')).client, {
        idType: 'national_id',
        idNumber: '1234567890',
      })
      expect(apiErrorSchema.parse(tooLong.body).errors).toContainEqual(
        expect.objectContaining({
          path: 'idNumber',
          message: 'A Kenyan national ID number is up to 9 digits',
        }),
      )
    })

    it('takes a national ID only from someone living in South Africa or Kenya', async () => {
      const { client } = await member()
      const refused = await verify(client, { idType: 'national_id', idNumber: newKenyanId() })
      expect(refused.status, refused.text).toBe(400)
      expect(apiErrorSchema.parse(refused.body)).toMatchObject({
        message:
          'A national ID can be checked for people living in South Africa or Kenya. Use your BVN or NIN',
      })
    })

    it('sends a tier-3 document to compliance review instead of passing it, one at a time, and keeps it to one account', async () => {
      const { client, user } = await member(undefined, 2)
      const documentNumber = newDocumentNumber()
      const response = await client.post('/api/kyc/tier-3', { ...TIER_THREE_BODY, documentNumber })
      expect(response.status, response.text).toBe(200)
      const answer = tierThreeResponseSchema.parse(response.body)
      expect(answer).toMatchObject({
        status: 'in_review',
        failureReason: null,
        limits: { tier: 2, documentReview: { documentType: 'passport' } },
      })
      const limits = limitsSchema.parse((await client.get('/api/limits')).body)
      expect(limits.tier).toBe(2)
      expect(limits.documentReview?.documentType).toBe('passport')
      expect(
        await queryRows(
          db(),
          sql`select status, document_number_last4 from kyc_documents where user_id = ${user.id}`,
        ),
      ).toEqual([{ status: 'in_review', document_number_last4: documentNumber.slice(-4) }])

      const again = await client.post('/api/kyc/tier-3', {
        ...TIER_THREE_BODY,
        documentNumber: newDocumentNumber(),
      })
      expect(again.status, again.text).toBe(409)
      expect(apiErrorSchema.parse(again.body).message).toBe(
        'Your document is already with our compliance team. Your limits go up once it is approved.',
      )
      const { client: other } = await member(undefined, 2)
      const taken = await other.post('/api/kyc/tier-3', { ...TIER_THREE_BODY, documentNumber })
      expect(taken.status, taken.text).toBe(409)
      expect(apiErrorSchema.parse(taken.body).message).toBe(
        'This document is already linked to another Sabi account',
      )
      expect((await stateOf(user.id)).user).toMatchObject({ kyc_tier: 2 })
    })
  },
  {},
  { providers: smileIdProviders },
)

describe('Smile ID configuration', () => {
  const credentials = { SMILE_ID_PARTNER_ID: '2047', SMILE_ID_API_KEY: 'k'.repeat(32) }

  it('puts Smile ID in place of the sandbox registry in any mode, with its production URL by default', async () => {
    const database = await createTestDatabase('pglite')
    try {
      for (const SANDBOX of ['0', '1']) {
        const providers = providersFor(loadConfig({ SANDBOX, ...credentials }), database.db)
        expect(providers.identityVerifier?.name).toBe('smile-id')
      }
      expect(providersFor(loadConfig({ SANDBOX: '0' }), database.db).identityVerifier).toBe(
        undefined,
      )
      expect(loadConfig(credentials).smileId).toEqual({
        partnerId: '2047',
        apiKey: 'k'.repeat(32),
        baseUrl: 'https://api.smileidentity.com',
      })
    } finally {
      await database.destroy()
    }
  })

  it('refuses half a configuration at start-up, in one line', () => {
    expect(() => loadConfig({ SMILE_ID_PARTNER_ID: '2047' })).toThrow(
      new ConfigError(
        'Invalid configuration: SMILE_ID_PARTNER_ID and SMILE_ID_API_KEY go together',
      ),
    )
    expect(() => loadConfig({ ...credentials, SMILE_ID_BASE_URL: 'ftp://x' })).toThrow(ConfigError)
  })
})

describeMoneyApi(
  'a Smile ID that refuses Sabi’s signature',
  (context) => {
    it('answers 503 and logs why for the operators, with no key, number or name in the log', async () => {
      const client = createTestClient(context.app)
      await signUpClient(client, {}, { tier: 1, pin: null })
      const idNumber = newIdentityNumber()
      const response = await client.post('/api/profile/verification', {
        ...PERSON,
        idType: 'bvn',
        idNumber,
      })
      expect(response.status, response.text).toBe(503)
      const log = context.logLines.join('\n')
      expect(log).toContain('Smile ID id_verification refused (400) with code 2205')
      for (const secret of [fake.apiKey, 'wrong-key-of-at-least-16', idNumber, PERSON.lastName]) {
        expect(log).not.toContain(secret)
      }
    })
  },
  { LOG_LEVEL: 'info' },
  {
    captureLog: true,
    providers: async () => {
      fake = await startFakeSmileId()
      fakes.push(fake)
      return {
        identityVerifier: createSmileIdVerifier(
          createSmileIdClient({
            partnerId: fake.partnerId,
            apiKey: 'wrong-key-of-at-least-16',
            baseUrl: fake.url,
            timeoutMs: TIMEOUT_MS,
          }),
        ),
      }
    },
  },
)
