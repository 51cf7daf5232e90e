import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import spanish from '#client/locales/es/errors.json' with { type: 'json' }
import french from '#client/locales/fr/errors.json' with { type: 'json' }
import hausa from '#client/locales/ha/errors.json' with { type: 'json' }
import { settingsSchema } from '#shared/schemas/account.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { writeAmount } from '#shared/write-amount.ts'
import { addFunds, signUpClient, walletIn } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient } from '../setup/test-app.ts'

/**
 * The API answers refusals in the language the app sends as Accept-Language (docs/i18n.md
 * "Server messages"), and a user's language follows the app until they save one.
 */
describeMoneyApi('languages', (context) => {
  it('words a validation refusal and its fields in the request language', async () => {
    const client = createTestClient(context.app)
    const body = buildSignUp({ email: 'not-an-email' })
    const english = await client.post('/api/auth/signup', body)
    expect(english.status).toBe(400)
    const inEnglish = apiErrorSchema.parse(english.body)
    expect(inEnglish.message).toBe('Invalid email address')

    const inFrench = await client.post('/api/auth/signup', body, {
      'accept-language': 'fr-SN,fr;q=0.9',
    })
    expect(inFrench.status).toBe(400)
    const refusal = apiErrorSchema.parse(inFrench.body)
    expect(refusal.code).toBe('VALIDATION_FAILED')
    expect(refusal.message).toBe(french.invalidEmailAddress)
    expect(refusal.errors?.[0]).toEqual({
      path: 'email',
      message: french.invalidEmailAddress,
      key: 'invalidEmailAddress',
      params: {},
    })
  })

  it('words a sign-in refusal in Hausa and a money refusal with its amounts in Spanish', async () => {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const wrong = await createTestClient(context.app).post(
      '/api/auth/login',
      { email: user.email, password: 'not-the-password' },
      { 'accept-language': 'ha' },
    )
    expect(wrong.status).toBe(401)
    const message = apiErrorSchema.parse(wrong.body).message
    expect(Object.values(hausa)).toContain(message)

    const usd = await walletIn(client, 'USD')
    await addFunds(client, usd.id, '10.00')
    const recipient = await signUpClient(createTestClient(context.app))
    const tooMuch = await client.post(
      '/api/send-money/sabi-user',
      { recipientUserId: recipient.id, fromWalletId: usd.id, amount: '25.00', pin: user.pin },
      { 'idempotency-key': randomUUID(), 'accept-language': 'es' },
    )
    expect(tooMuch.status, tooMuch.text).toBe(409)
    const refusal = apiErrorSchema.parse(tooMuch.body)
    expect(refusal.code).toBe('INSUFFICIENT_FUNDS')
    // The template's words are Spanish, and its amounts are written as Spanish writes money.
    const englishWords = /Insufficient|balance|short/
    expect(refusal.message).not.toMatch(englishWords)
    expect(refusal.message).toContain('25,00\u00a0$')
    expect(refusal.message).not.toContain('$25.00')
    expect(
      Object.values(spanish).some((text) => text.startsWith(refusal.message.slice(0, 12))),
    ).toBe(true)
  })

  it('words a limit refusal in French and Hausa, with the limit written as each writes naira', async () => {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, {}, { tier: 1 })
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '60000.00')
    const recipient = await signUpClient(createTestClient(context.app))
    const send = (amount: string, language: string) =>
      client.post(
        '/api/send-money/sabi-user',
        { recipientUserId: recipient.id, fromWalletId: ngn.id, amount, pin: user.pin },
        { 'idempotency-key': randomUUID(), 'accept-language': language },
      )
    // Tier 1 sends at most ₦50,000 in one payment (docs/limits.md).
    const overSingle = await send('55000.00', 'fr')
    expect(overSingle.status, overSingle.text).toBe(403)
    const single = apiErrorSchema.parse(overSingle.body)
    expect(single).toMatchObject({ code: 'LIMIT_EXCEEDED', key: 'limitSingle' })
    const fifty = writeAmount('50000.00', 2, '₦', 'fr')
    expect(single.message).toBe(french.limitSingle.replace('{{amount}}', fifty))
    expect(single.message).not.toMatch(/current tier|₦50,000/)

    expect((await send('30000.00', 'ha')).status).toBe(201)
    const overDaily = await send('30000.00', 'ha')
    expect(overDaily.status, overDaily.text).toBe(403)
    const daily = apiErrorSchema.parse(overDaily.body)
    expect(daily).toMatchObject({ code: 'LIMIT_EXCEEDED', key: 'limitDailyRemaining' })
    const twenty = writeAmount('20000.00', 2, '₦', 'ha')
    expect(daily.message).toBe(hausa.limitDailyRemaining.replace('{{amount}}', twenty))
  })

  it('words a PIN refusal in French, from the errors catalog with its count', async () => {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const usd = await walletIn(client, 'USD')
    await addFunds(client, usd.id, '10.00')
    const recipient = await signUpClient(createTestClient(context.app))
    const send = (body: object, language: string) =>
      client.post(
        '/api/send-money/sabi-user',
        { recipientUserId: recipient.id, fromWalletId: usd.id, ...body },
        { 'idempotency-key': randomUUID(), 'accept-language': language },
      )

    const wrongPin = await send(
      { amount: '1.00', pin: user.pin === '1397' ? '1398' : '1397' },
      'fr',
    )
    expect(wrongPin.status, wrongPin.text).toBe(403)
    const pinRefusal = apiErrorSchema.parse(wrongPin.body)
    expect(pinRefusal).toMatchObject({ code: 'PIN_INVALID', key: 'pinIncorrectAttemptsLeft' })
    expect(pinRefusal.message).toBe(french.pinIncorrectAttemptsLeft.replace('{{count}}', '4'))
  })

  it("reports the app's language as the user's until they save one, then keeps the saved one", async () => {
    const client = createTestClient(context.app)
    await signUpClient(client)
    const read = (language: string) => client.get('/api/settings', { 'accept-language': language })
    expect(settingsSchema.parse((await read('fr')).body).language).toBe('fr')
    expect(settingsSchema.parse((await read('en-GB')).body).language).toBe('en')

    // The first change of any setting, made from a Hausa screen, keeps Hausa too.
    const saved = await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: JSON.stringify({ theme: 'dark' }),
      headers: { 'content-type': 'application/json', 'accept-language': 'ha' },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(settingsSchema.parse((await read('fr')).body)).toMatchObject({
      language: 'ha',
      theme: 'dark',
    })
  })
})
