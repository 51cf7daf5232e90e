import { createHmac } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import type { IdentityVerifier } from '#server/providers/identity-verifier.ts'
import { sandboxProviders } from '#server/providers/providers.ts'
import { createSandboxIdentityVerifier } from '#server/providers/sandbox-identity-verifier.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { tierThreeResponseSchema } from '#shared/schemas/limits.ts'
import { signUpClient, TIER_THREE_BODY } from '../factories/money.ts'
import { buildVerification, newDocumentNumber, newIdentityNumber } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import {
  createTestApp,
  createTestClient,
  TEST_SESSION_SECRET,
  type TestClient,
  type TestResponse,
} from '../setup/test-app.ts'

const BVN_TAKEN = 'This BVN is already linked to another Sabi account'

/**
 * Identity bound to the person, once (issue 32; docs/security.md "Identity"): the registry is
 * given the legal name and date of birth, and a BVN, NIN or document backs one account only.
 */
describeMoneyApi('identity verification', (context) => {
  async function member(tier: 1 | 2 | 3 = 1) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, {}, { tier })
    return { client, user }
  }

  async function accountOf(userId: string) {
    const [row] = await context.database.db
      .select({
        kycTier: users.kycTier,
        verificationStatus: users.verificationStatus,
        isVerified: users.isVerified,
      })
      .from(users)
      .where(eq(users.id, userId))
    return row
  }

  async function identityRowsOf(userId: string) {
    return queryRows(
      context.database.db,
      sql`select number_hash, id_type from identity_numbers where user_id = ${userId}`,
    )
  }

  /** The same client's session on another app over the same database (another instance). */
  function sameSessionOn(app: FastifyInstance, client: TestClient): TestClient {
    const there = createTestClient(app)
    there.cookies.set('sabi_sid', client.cookies.get('sabi_sid') ?? '')
    return there
  }

  it('refuses a number that is someone else’s with the reason, and keeps nothing of it', async () => {
    const { client, user } = await member()
    const mismatch = await client.post(
      '/api/profile/verification',
      buildVerification({ idNumber: '22345671111' }),
    )
    expect(mismatch.status, mismatch.text).toBe(200)
    expect(mismatch.body).toMatchObject({
      user: { verificationStatus: 'failed', isVerified: false, kycTier: 1 },
      failureReason:
        'The name on this BVN is not the name you entered. Enter your legal first and last name as they are on your ID.',
    })
    expect(await accountOf(user.id)).toEqual({
      kycTier: 1,
      verificationStatus: 'failed',
      isVerified: false,
    })
    expect(await identityRowsOf(user.id)).toEqual([])

    // The reason in the user's language, as every refusal is (docs/i18n.md).
    const inFrench = await client.post(
      '/api/profile/verification',
      buildVerification({ idType: 'nin', idNumber: '22345671111' }),
      { 'accept-language': 'fr' },
    )
    expect(inFrench.body).toMatchObject({
      failureReason:
        "Le nom enregistré pour ce NIN n'est pas celui que vous avez saisi. Saisissez vos prénom et nom légaux tels qu'ils figurent sur votre pièce d'identité.",
    })

    // A record of the right name born on another day fails on the date, and says so.
    const otherDay = await client.post(
      '/api/profile/verification',
      buildVerification({ idNumber: '22345672222' }),
    )
    expect(otherDay.body).toMatchObject({
      user: { verificationStatus: 'failed', kycTier: 1 },
      failureReason:
        'The date of birth on this BVN is not the date you entered. Check your date of birth and try again.',
    })
    expect(await identityRowsOf(user.id)).toEqual([])
    // Each completed check is on record: its result, never the number, the name or the date.
    expect(
      await queryRows(
        context.database.db,
        sql`select provider, id_type, country, result, provider_job_id from identity_checks where user_id = ${user.id} order by created_at`,
      ),
    ).toEqual([
      {
        provider: 'sandbox-identity',
        id_type: 'bvn',
        country: 'NG',
        result: 'name_mismatch',
        provider_job_id: null,
      },
      {
        provider: 'sandbox-identity',
        id_type: 'nin',
        country: 'NG',
        result: 'name_mismatch',
        provider_job_id: null,
      },
      {
        provider: 'sandbox-identity',
        id_type: 'bvn',
        country: 'NG',
        result: 'date_mismatch',
        provider_job_id: null,
      },
    ])
  })

  it('refuses a number the registry does not know, and keeps nothing of it', async () => {
    const { client, user } = await member()
    const unknown = await client.post(
      '/api/profile/verification',
      buildVerification({ idType: 'nin', idNumber: '22345670000' }),
    )
    expect(unknown.status, unknown.text).toBe(200)
    expect(unknown.body).toMatchObject({
      user: { verificationStatus: 'failed', kycTier: 1 },
      failureReason: 'This NIN could not be found. Check the number and try again.',
    })
    expect(await identityRowsOf(user.id)).toEqual([])
    expect((await accountOf(user.id))?.kycTier).toBe(1)
  })

  it('wants the legal name and a real date of birth of an adult', async () => {
    const { client, user } = await member()
    const refused = async (body: unknown) => {
      const response = await client.post('/api/profile/verification', body)
      expect(response.status, response.text).toBe(400)
      // The field errors' words; their keys and values are the errors catalog's (docs/api.md).
      const errors = apiErrorSchema.parse(response.body).errors ?? []
      return errors.map(({ path, message }) => ({ path, message }))
    }
    const nextYear = new Date().getUTCFullYear() + 1
    const seventeen = new Date().getUTCFullYear() - 17
    const {
      firstName: _first,
      lastName: _last,
      dateOfBirth: _date,
      ...noPerson
    } = buildVerification()
    expect((await refused(noPerson)).map((error) => error.path).sort()).toEqual([
      'dateOfBirth',
      'firstName',
      'lastName',
    ])
    for (const [dateOfBirth, message] of [
      ['17/05/1990', 'Enter your date of birth as YYYY-MM-DD'],
      ['1990-02-30', 'Enter your date of birth as YYYY-MM-DD'],
      ['1850-01-01', 'Enter a real date of birth'],
      [`${nextYear}-01-01`, 'You must be at least 18 to verify your identity'],
      [`${seventeen}-01-01`, 'You must be at least 18 to verify your identity'],
    ] as const) {
      expect(await refused(buildVerification({ dateOfBirth }))).toContainEqual({
        path: 'dateOfBirth',
        message,
      })
    }
    expect(await refused(buildVerification({ firstName: '   ' }))).toContainEqual({
      path: 'firstName',
      message: 'First name is required',
    })
    expect(await refused(buildVerification({ lastName: 'x'.repeat(51) }))).toContainEqual({
      path: 'lastName',
      message: 'Last name must be at most 50 characters',
    })
    expect(await refused(buildVerification({ firstName: 'Ch1di' }))).toContainEqual({
      path: 'firstName',
      message: 'Enter your name as it is on your ID: letters, spaces, hyphens and apostrophes only',
    })
    expect(await accountOf(user.id)).toMatchObject({ kycTier: 1, verificationStatus: 'unverified' })

    // Names are trimmed, and a name of any script with its accents and apostrophes is a name.
    const passed = await client.post(
      '/api/profile/verification',
      buildVerification({ firstName: '  Ọláolúwa ', lastName: "D'Souza-Ẹ̀kọ́" }),
    )
    expect(passed.status, passed.text).toBe(200)
    expect(passed.body).toMatchObject({ failureReason: null, user: { kycTier: 2 } })
  })

  it('keeps a number as a keyed hash only, and lets it back one account: the second gets 409', async () => {
    const { client: first, user: firstUser } = await member()
    const { client: second, user: secondUser } = await member()
    const idNumber = newIdentityNumber()

    const verified = await first.post('/api/profile/verification', buildVerification({ idNumber }))
    expect(verified.status, verified.text).toBe(200)
    expect(verified.body).toMatchObject({ failureReason: null, user: { kycTier: 2 } })
    // HMAC-SHA256 of "bvn:<number>" under a key derived from the server secret: never the number.
    const key = createHmac('sha256', TEST_SESSION_SECRET)
      .update('sabi identity numbers v1')
      .digest()
    expect(await identityRowsOf(firstUser.id)).toEqual([
      {
        number_hash: createHmac('sha256', key).update(`bvn:${idNumber}`).digest('hex'),
        id_type: 'bvn',
      },
    ])
    const stored = await queryRows(
      context.database.db,
      sql`select count(*)::int as count from identity_numbers where number_hash like ${`%${idNumber}%`}`,
    )
    expect(stored).toEqual([{ count: 0 }])

    const taken = await second.post(
      '/api/profile/verification',
      buildVerification({ idNumber, firstName: 'Someone', lastName: 'Else' }),
    )
    expect(taken.status, taken.text).toBe(409)
    expect(apiErrorSchema.parse(taken.body)).toMatchObject({
      code: 'CONFLICT',
      message: BVN_TAKEN,
    })
    expect(await accountOf(secondUser.id)).toEqual({
      kycTier: 1,
      verificationStatus: 'unverified',
      isVerified: false,
    })
    expect(await identityRowsOf(secondUser.id)).toEqual([])
    expect(
      (
        await second.post('/api/profile/verification', buildVerification({ idNumber }), {
          'accept-language': 'ha',
        })
      ).body,
    ).toMatchObject({ message: 'An riga an haɗa wannan BVN da wani asusun Sabi' })

    // The owner verifying the same number again is no conflict with itself.
    await context.database.db
      .update(users)
      .set({ verificationStatus: 'unverified', isVerified: false })
      .where(eq(users.id, firstUser.id))
    const again = await first.post('/api/profile/verification', buildVerification({ idNumber }))
    expect(again.status, again.text).toBe(200)
    expect(again.body).toMatchObject({
      failureReason: null,
      user: { verificationStatus: 'verified' },
    })
    expect(await identityRowsOf(firstUser.id)).toHaveLength(1)
  })

  it('takes the same digits as a BVN and as a NIN for two identities', async () => {
    const { client: first, user: firstUser } = await member()
    const { client: second, user: secondUser } = await member()
    const idNumber = newIdentityNumber()
    const asBvn = await first.post(
      '/api/profile/verification',
      buildVerification({ idType: 'bvn', idNumber }),
    )
    const asNin = await second.post(
      '/api/profile/verification',
      buildVerification({ idType: 'nin', idNumber }),
    )
    expect([asBvn.status, asNin.status]).toEqual([200, 200])
    expect((await accountOf(firstUser.id))?.kycTier).toBe(2)
    expect((await accountOf(secondUser.id))?.kycTier).toBe(2)
    expect((await identityRowsOf(secondUser.id)).map((row) => row.id_type)).toEqual(['nin'])
  })

  it('asks the registry nothing for a number another account holds', async () => {
    const calls: string[] = []
    const sandbox = createSandboxIdentityVerifier()
    const counting: IdentityVerifier = {
      ...sandbox,
      async verify(input) {
        calls.push(input.idNumber)
        return sandbox.verify(input)
      },
    }
    const counted = await createTestApp(
      context.database,
      {},
      {
        providers: { ...sandboxProviders(), identityVerifier: counting },
      },
    )
    try {
      const { client: owner } = await member()
      const { client: latecomer, user } = await member()
      const idNumber = newIdentityNumber()
      const body = buildVerification({ idNumber })
      expect(
        (await sameSessionOn(counted, owner).post('/api/profile/verification', body)).status,
      ).toBe(200)
      expect(calls).toEqual([idNumber])
      const taken = await sameSessionOn(counted, latecomer).post('/api/profile/verification', body)
      expect(taken.status).toBe(409)
      expect(calls).toEqual([idNumber])
      expect((await accountOf(user.id))?.kycTier).toBe(1)
    } finally {
      await counted.close()
    }
  })

  it('lets exactly one of two accounts racing for one number win; the other stays tier 1', async () => {
    // Every registry answer waits until both requests have asked, so both are past the check
    // before the claim and the primary key alone decides.
    let asked = 0
    let release: () => void = () => {}
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve
    })
    const sandbox = createSandboxIdentityVerifier()
    const gated: IdentityVerifier = {
      ...sandbox,
      async verify(input) {
        asked += 1
        if (asked >= 2) release()
        await Promise.race([bothAsked, new Promise((resolve) => setTimeout(resolve, 5_000))])
        return sandbox.verify(input)
      },
    }
    const racing = await createTestApp(
      context.database,
      {},
      {
        providers: { ...sandboxProviders(), identityVerifier: gated },
      },
    )
    try {
      const one = await member()
      const two = await member()
      const idNumber = newIdentityNumber()
      const responses: TestResponse[] = await Promise.all(
        [one, two].map(({ client }) =>
          sameSessionOn(racing, client).post(
            '/api/profile/verification',
            buildVerification({ idNumber }),
          ),
        ),
      )
      expect(asked).toBe(2)
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
      const loser = responses.findIndex((response) => response.status === 409)
      expect(apiErrorSchema.parse(responses[loser]?.body).message).toBe(BVN_TAKEN)
      const [winnerUser, loserUser] = loser === 0 ? [two.user, one.user] : [one.user, two.user]
      expect(await accountOf(winnerUser.id)).toMatchObject({
        kycTier: 2,
        verificationStatus: 'verified',
      })
      expect(await accountOf(loserUser.id)).toEqual({
        kycTier: 1,
        verificationStatus: 'unverified',
        isVerified: false,
      })
      expect(await identityRowsOf(winnerUser.id)).toHaveLength(1)
      expect(await identityRowsOf(loserUser.id)).toEqual([])
    } finally {
      await racing.close()
    }
  })

  it('lets one identity document back one account: the second gets 409 and stays tier 2', async () => {
    const { client: first, user: firstUser } = await member(2)
    const { client: second, user: secondUser } = await member(2)
    const documentNumber = newDocumentNumber()
    const passed = await first.post('/api/kyc/tier-3', { ...TIER_THREE_BODY, documentNumber })
    expect(passed.status, passed.text).toBe(200)
    expect(tierThreeResponseSchema.parse(passed.body).limits.tier).toBe(3)
    expect((await identityRowsOf(firstUser.id)).map((row) => row.id_type).sort()).toEqual([
      'bvn',
      'passport',
    ])

    // The same document typed another way is the same document.
    for (const typed of [documentNumber, documentNumber.toLowerCase()]) {
      const taken = await second.post('/api/kyc/tier-3', {
        ...TIER_THREE_BODY,
        documentNumber: typed,
      })
      expect(taken.status, taken.text).toBe(409)
      expect(apiErrorSchema.parse(taken.body).message).toBe(
        'This document is already linked to another Sabi account',
      )
    }
    expect((await accountOf(secondUser.id))?.kycTier).toBe(2)
    // Another kind of document with the same number is another document.
    const otherKind = await second.post('/api/kyc/tier-3', {
      ...TIER_THREE_BODY,
      documentType: 'drivers_licence',
      documentNumber,
    })
    expect(otherKind.status, otherKind.text).toBe(200)
    expect((await accountOf(secondUser.id))?.kycTier).toBe(3)
  })
})
