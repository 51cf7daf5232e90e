import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { generate } from 'otplib'
import { expect, it } from 'vitest'
import { passesLuhn } from '#server/cards/card-number.ts'
import { queryRows } from '#server/db/client.ts'
import { journals, users } from '#server/db/schema.ts'
import { runPayoutWorker } from '#server/payouts/payout-worker.ts'
import { payoutProvidersOf, sandboxProviders } from '#server/providers/providers.ts'
import { convertAtRate, formatMinor, money, parseScaled, RATE_SCALE } from '#shared/money.ts'
import {
  backupCodesSchema,
  sessionInfoSchema,
  settingsSchema,
  twoFactorSetupSchema,
} from '#shared/schemas/account.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { cardSchema, revealedCardSchema } from '#shared/schemas/card.ts'
import { exchangeRateSchema, walletTotalSchema } from '#shared/schemas/reference.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { buildVerification, newIdentityNumber, TEST_PASSWORD } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

describeMoneyApi('account', (context) => {
  async function member(
    overrides: Parameters<typeof signUpClient>[1] = {},
    options: Parameters<typeof signUpClient>[2] = {},
  ) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client, overrides, options)
    return { client, user }
  }

  /** Signs in from a new device (a new client with its own address). */
  async function signInElsewhere(email: string, password: string, code?: string) {
    const client = createTestClient(context.app)
    const response = await client.post('/api/auth/login', {
      email,
      password,
      ...(code ? { code } : {}),
    })
    return { client, response }
  }

  async function enableTwoFactor(client: TestClient) {
    const setup = twoFactorSetupSchema.parse((await client.post('/api/auth/2fa/setup')).body)
    const enabled = await client.post('/api/auth/2fa/enable', {
      code: await generate({ secret: setup.secret }),
      password: TEST_PASSWORD,
    })
    expect(enabled.status, enabled.text).toBe(200)
    return {
      secret: setup.secret,
      backupCodes: backupCodesSchema.parse(enabled.body).backupCodes,
    }
  }

  it('two-factor: enrol with a QR secret, then sign-in asks for a code, and a backup code works once', async () => {
    const { client, user } = await member()
    const setup = twoFactorSetupSchema.parse((await client.post('/api/auth/2fa/setup')).body)
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sabi:.+\?.*secret=/)
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`)
    // A wrong code does not turn it on.
    const wrong = await client.post('/api/auth/2fa/enable', {
      code: '000000',
      password: TEST_PASSWORD,
    })
    expect(wrong.status).toBe(400)
    expect((await client.get('/api/auth/user')).body).toMatchObject({ twoFactorEnabled: false })
    const enableCode = await generate({ secret: setup.secret })
    const enabled = await client.post('/api/auth/2fa/enable', {
      code: enableCode,
      password: TEST_PASSWORD,
    })
    expect(enabled.status, enabled.text).toBe(200)
    const { backupCodes } = backupCodesSchema.parse(enabled.body)
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)
    expect((await client.get('/api/auth/user')).body).toMatchObject({ twoFactorEnabled: true })

    const noCode = await signInElsewhere(user.email, user.password)
    expect(noCode.response.status).toBe(401)
    expect(noCode.response.body).toMatchObject({ code: 'TOTP_REQUIRED' })
    expect((await noCode.client.get('/api/auth/user')).status).toBe(401)
    const badCode = await signInElsewhere(user.email, user.password, '123456')
    expect(badCode.response.status).toBe(401)
    expect(badCode.response.body).toMatchObject({ code: 'TOTP_INVALID' })
    // The code that turned it on is spent: a code works once (issue 32).
    const spent = await signInElsewhere(user.email, user.password, enableCode)
    expect(spent.response.status).toBe(401)
    expect(spent.response.body).toMatchObject({ code: 'TOTP_INVALID' })
    // The right password with the next code, and the wrong password with it: only one works.
    const code = await nextCode(setup.secret)
    expect((await signInElsewhere(user.email, 'wrong-password-1', code)).response.status).toBe(401)
    const good = await signInElsewhere(user.email, user.password, code)
    expect(good.response.status, good.response.text).toBe(200)
    expect((await good.client.get('/api/auth/user')).status).toBe(200)
    // Seen over a shoulder, the same code signs nobody else in.
    const replayed = await signInElsewhere(user.email, user.password, code)
    expect(replayed.response.status).toBe(401)
    expect(replayed.response.body).toMatchObject({ code: 'TOTP_INVALID' })

    const backup = backupCodes[0] ?? ''
    expect((await signInElsewhere(user.email, user.password, backup)).response.status).toBe(200)
    const reused = await signInElsewhere(user.email, user.password, backup)
    expect(reused.response.status).toBe(401)
    expect(reused.response.body).toMatchObject({ code: 'TOTP_INVALID' })

    // Turning it off takes a code (a backup one: this moment's code is spent); then the password
    // alone is enough again.
    expect(
      (await client.post('/api/auth/2fa/disable', { code: '000000', password: TEST_PASSWORD }))
        .status,
    ).toBe(403)
    expect((await client.post('/api/auth/2fa/disable')).status).toBe(400)
    const off = await client.post('/api/auth/2fa/disable', {
      code: backupCodes[1] ?? '',
      password: TEST_PASSWORD,
    })
    expect(off.status, off.text).toBe(204)
    expect((await signInElsewhere(user.email, user.password)).response.status).toBe(200)
    expect((await client.get('/api/auth/user')).body).toMatchObject({ twoFactorEnabled: false })
  })

  it('two-factor: wrong codes are limited like wrong passwords', async () => {
    const { client, user } = await member()
    await enableTwoFactor(client)
    const device = createTestClient(context.app, '10.250.0.1')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await device.post('/api/auth/login', {
        email: user.email,
        password: user.password,
        code: String(100000 + i),
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('a password change signs every other session out and keeps this one', async () => {
    const { client, user } = await member()
    const other = await signInElsewhere(user.email, user.password)
    expect(other.response.status).toBe(200)
    const sessions = sessionInfoSchema.array().parse((await client.get('/api/sessions')).body)
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)

    const wrong = await client.post('/api/auth/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-password',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ message: 'Current password is incorrect' })
    expect(
      (
        await client.post('/api/auth/password', {
          currentPassword: user.password,
          newPassword: 'short',
        })
      ).status,
    ).toBe(400)
    const changed = await client.post('/api/auth/password', {
      currentPassword: user.password,
      newPassword: 'a-brand-new-password',
    })
    expect(changed.status, changed.text).toBe(204)
    expect((await client.get('/api/auth/user')).status).toBe(200)
    expect((await other.client.get('/api/auth/user')).status).toBe(401)
    expect((await signInElsewhere(user.email, user.password)).response.status).toBe(401)
    expect((await signInElsewhere(user.email, 'a-brand-new-password')).response.status).toBe(200)
  })

  it('login activity lists your sessions and signs one out; nobody else can', async () => {
    const { client, user } = await member()
    const phone = await signInElsewhere(user.email, user.password)
    const sessions = sessionInfoSchema.array().parse((await client.get('/api/sessions')).body)
    const theirs = sessions.find((session) => !session.current)
    expect(theirs?.device).toBeTruthy()
    expect(theirs?.ipAddress).toMatch(/^10\./)
    // The public id is not the session cookie's value.
    expect(phone.client.cookies.get('sabi_sid') ?? '').not.toContain(theirs?.id ?? '?')
    const { client: stranger } = await member()
    expect((await stranger.delete(`/api/sessions/${theirs?.id}`)).status).toBe(404)
    expect((await client.delete(`/api/sessions/${theirs?.id}`)).status).toBe(204)
    expect((await phone.client.get('/api/auth/user')).status).toBe(401)
    expect((await client.get('/api/auth/user')).status).toBe(200)
  })

  it("the display currency follows the primary wallet's until the user chooses one", async () => {
    const { client, user } = await member()
    const changeTheme = await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { theme: 'dark' },
      headers: { 'content-type': 'application/json' },
    })
    expect(changeTheme.status, changeTheme.text).toBe(200)
    expect(settingsSchema.parse(changeTheme.body)).toMatchObject({
      theme: 'dark',
      displayCurrency: 'USD',
    })
    // Saving another setting did not freeze the default: nothing is stored for it yet.
    const [row] = await queryRows(
      context.database.db,
      sql`select display_currency from user_settings where user_id = ${user.id}`,
    )
    expect(row?.display_currency).toBeNull()
    await context.database.db.execute(
      sql`update wallets set is_primary = (currency_id = (select id from currencies where code = 'NGN')) where user_id = ${user.id}`,
    )
    expect(settingsSchema.parse((await client.get('/api/settings')).body).displayCurrency).toBe(
      'NGN',
    )
  })

  it('settings save on the server and are still there after signing out and in', async () => {
    const { client, user } = await member()
    const defaults = settingsSchema.parse((await client.get('/api/settings')).body)
    expect(defaults).toEqual({
      pushNotifications: true,
      emailNotifications: true,
      smsNotifications: false,
      language: 'en',
      displayCurrency: 'USD',
      theme: 'light',
      defaultWalletId: null,
      autoSaveRecipients: true,
    })
    const ngn = await walletIn(client, 'NGN')
    const saved = await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        smsNotifications: true,
        theme: 'dark',
        displayCurrency: 'ngn',
        defaultWalletId: ngn.id,
        language: 'ha',
      },
      headers: { 'content-type': 'application/json' },
    })
    expect(saved.status, saved.text).toBe(200)
    const again = await signInElsewhere(user.email, user.password)
    expect(settingsSchema.parse((await again.client.get('/api/settings')).body)).toEqual({
      ...defaults,
      smsNotifications: true,
      theme: 'dark',
      displayCurrency: 'NGN',
      defaultWalletId: ngn.id,
      language: 'ha',
    })
    const { client: stranger } = await member()
    const theirs = await walletIn(stranger, 'NGN')
    const refusals: [Record<string, unknown>, number][] = [
      [{ theme: 'purple' }, 400],
      [{ language: 'de' }, 400],
      [{ displayCurrency: 'XYZ' }, 400],
      [{ pushNotifications: 'yes' }, 400],
      [{ defaultWalletId: theirs.id }, 404],
    ]
    for (const [payload, status] of refusals) {
      const response = await client.request({
        method: 'PUT',
        url: '/api/settings',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status, JSON.stringify(payload)).toBe(status)
    }
    expect((await client.get('/api/settings')).body).toMatchObject({ theme: 'dark' })
    expect((await stranger.get('/api/settings')).body).toEqual(defaults)
  })

  it('with auto-save recipients off, a completed bank transfer saves nobody', async () => {
    const { client } = await member()
    await client.request({
      method: 'PUT',
      url: '/api/settings',
      payload: { autoSaveRecipients: false },
      headers: { 'content-type': 'application/json' },
    })
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '100.00')
    const sent = await moneyPost(client, '/api/send-money/bank', {
      fromWalletId: ngn.id,
      bankCode: '058',
      accountNumber: '1234567890',
      accountName: 'Ada Eze',
      amount: '10.00',
    })
    expect(sent.status).toBe(201)
    const providers = payoutProvidersOf(sandboxProviders())
    await runPayoutWorker(context.database.db, providers, Date.now())
    await runPayoutWorker(context.database.db, providers, Date.now() + 10_000)
    expect((await client.get('/api/recipients')).body).toEqual([])
  })

  it('edits the profile with a unique username and verifies identity with the sandbox registry', async () => {
    const { client } = await member({}, { tier: 1 })
    const { user: other } = await member()
    const patch = (payload: unknown) =>
      client.request({
        method: 'PATCH',
        url: '/api/profile',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      })
    const edited = await patch({
      firstName: 'Adaeze',
      lastName: 'Okoro',
      username: `ada_${randomUUID().slice(0, 8)}`,
      phoneNumber: '+234 803 123 4567',
      // A changed number is a credential change: the password comes with it (issue 32).
      password: TEST_PASSWORD,
    })
    expect(edited.status, edited.text).toBe(200)
    // Stored in E.164 whatever way it was typed (docs/phone-numbers.md), and not yet verified.
    expect(userSchema.parse(edited.body)).toMatchObject({
      firstName: 'Adaeze',
      lastName: 'Okoro',
      phoneNumber: '+2348031234567',
      phoneVerified: false,
    })
    const taken = await patch({ username: other.username.toUpperCase() })
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ message: 'This username is already taken' })
    expect((await patch({ phoneNumber: 'call me' })).status).toBe(400)
    expect((await patch({ phoneNumber: '12345678901' })).status).toBe(400)
    expect((await patch({ firstName: '' })).status).toBe(400)
    expect((await patch({})).status).toBe(400)

    const number = newIdentityNumber()
    const verify = (idNumber: string) =>
      client.post('/api/profile/verification', buildVerification({ idNumber }))
    expect((await verify('1234')).status).toBe(400)
    const failed = await verify('22334450000')
    expect(failed.status).toBe(200)
    expect(failed.body).toMatchObject({
      user: { verificationStatus: 'failed', isVerified: false },
      failureReason: expect.stringContaining('could not be found'),
    })
    const passed = await verify(number)
    expect(passed.body).toMatchObject({
      user: { verificationStatus: 'verified', isVerified: true },
      failureReason: null,
    })
    expect((await verify(number)).status).toBe(409)
  })

  it("exports hold exactly the user's own rows, within the dates asked for", async () => {
    const { client, user } = await member()
    const { client: friend, user: friendUser } = await member()
    const { client: stranger } = await member()
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '500.00')
    const sent = await moneyPost(client, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '25.00',
      description: '=HYPERLINK("http://evil")',
    })
    expect(sent.status).toBe(201)
    const strangerNgn = await walletIn(stranger, 'NGN')
    await addFunds(stranger, strangerNgn.id, '77.77')

    const csv = await client.get('/api/export/transactions.csv')
    expect(csv.status).toBe(200)
    expect(String(csv.headers['content-type'])).toContain('text/csv')
    expect(String(csv.headers['content-disposition'])).toContain('attachment')
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toBe(
      'Date,Reference,Type,Status,Description,Amount,Fee,Currency,Converted amount,Converted currency',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('add_funds')
    expect(lines[1]).toContain('500.00')
    // A description that a spreadsheet would run is neutralised, not dropped.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(csv.text).not.toContain('77.77')
    // The recipient sees the same transfer as received, and nothing of the sender's top-up.
    const theirs = (await friend.get('/api/export/transactions.csv')).text.trim().split('\r\n')
    expect(theirs).toHaveLength(2)
    expect(theirs[1]).toContain(',receive,')

    const today = new Date().toISOString().slice(0, 10)
    expect(
      (await client.get(`/api/export/transactions.csv?from=${today}&to=${today}`)).text
        .trim()
        .split('\r\n'),
    ).toHaveLength(3)
    expect(
      (await client.get('/api/export/transactions.csv?from=2020-01-01&to=2020-12-31')).text
        .trim()
        .split('\r\n'),
    ).toHaveLength(1)
    expect(
      (await client.get('/api/export/transactions.csv?from=2021-02-01&to=2021-01-01')).status,
    ).toBe(400)
    expect((await client.get('/api/export/transactions.csv?from=yesterday')).status).toBe(400)

    const data = await client.get('/api/export/data')
    expect(data.status).toBe(200)
    expect(data.body).toMatchObject({ profile: { id: user.id, email: user.email } })
    expect(data.text).not.toMatch(/password|passwordHash|totp|sealed|sabi_sid/i)
    expect(data.text).not.toContain('77.77')
  })

  it('deactivation: password again, refused while money remains, then no sign-in and the ledger kept', async () => {
    const { client, user } = await member()
    const { client: friend } = await member()
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '10.00')
    const deactivate = (password: string) => client.post('/api/account/deactivate', { password })
    expect((await deactivate('not-my-password')).status).toBe(403)
    const refused = await deactivate(user.password)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ message: expect.stringContaining('10.00 NGN') })

    // Spend it all, then go.
    const friendUser = userSchema.parse((await friend.get('/api/auth/user')).body)
    await moneyPost(client, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: friendUser.id,
      amount: '10.00',
    })
    expect((await deactivate(user.password)).status).toBe(204)
    expect((await client.get('/api/auth/user')).status).toBe(401)
    const back = await signInElsewhere(user.email, user.password)
    expect(back.response.status).toBe(401)
    expect(back.response.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' })
    const [row] = await context.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.deactivatedAt).not.toBeNull()
    const kept = await context.database.db
      .select()
      .from(journals)
      .where(eq(journals.fromUserId, user.id))
    expect(kept).toHaveLength(1)
    // Nobody can find or pay them any more.
    const friendNgn = await walletIn(friend, 'NGN')
    const toGone = await moneyPost(friend, '/api/send-money/sabi-user', {
      fromWalletId: friendNgn.id,
      recipientUserId: user.id,
      amount: '1.00',
    })
    expect(toGone.status).toBe(404)
    expect(
      (await friend.get(`/api/users/search?q=${encodeURIComponent(user.username)}`)).body,
    ).toEqual([])
  })

  it('values all wallets in the display currency at current rates', async () => {
    const { client } = await member()
    const ngn = await walletIn(client, 'NGN')
    const usd = await walletIn(client, 'USD')
    await addFunds(client, ngn.id, '1530.00')
    await addFunds(client, usd.id, '10.00')
    const rates = exchangeRateSchema.array().parse((await client.get('/api/exchange-rates')).body)
    const usdToNgn = rates.find(
      (rate) => rate.fromCurrencyId === usd.currencyId && rate.toCurrencyId === ngn.currencyId,
    )
    if (!usdToNgn) throw new Error('no USD to NGN rate')
    const tenDollarsInNaira = convertAtRate(
      money(1000n, 'USD'),
      parseScaled(usdToNgn.rate, RATE_SCALE),
      'NGN',
      'halfUp',
    ).amountMinor
    const total = walletTotalSchema.parse(
      (await client.get('/api/wallets/total?currency=ngn')).body,
    )
    expect(total.currency).toEqual({ code: 'NGN', symbol: '₦' })
    expect(total.total).toBe(formatMinor(153_000n + tenDollarsInNaira, 2))
    expect((await client.get('/api/wallets/total?currency=XYZ')).status).toBe(400)
    expect((await client.get('/api/wallets/total')).status).toBe(400)
  })

  it('the virtual card: issued once, controls persist, reveal needs re-authentication', async () => {
    const { client, user } = await member({ firstName: 'Kemi', lastName: 'Bello' })
    const card = cardSchema.parse((await client.get('/api/card')).body)
    expect(card).toMatchObject({
      holderName: 'KEMI BELLO',
      status: 'active',
      theme: 'rainbow',
      spendingLimit: '5000.00',
      monthlySpending: '0.00',
      transactions: [],
      requests: [],
    })
    expect(card.maskedNumber).toBe(`•••• •••• •••• ${card.last4}`)
    expect(cardSchema.parse((await client.get('/api/card')).body).id).toBe(card.id)

    const patch = (payload: unknown) =>
      client.request({
        method: 'PATCH',
        url: '/api/card',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      })
    expect((await patch({ locked: true, contactless: false, theme: 'galaxy' })).status).toBe(200)
    expect((await patch({ theme: 'neon' })).status).toBe(400)
    expect((await patch({})).status).toBe(400)
    expect(cardSchema.parse((await client.get('/api/card')).body)).toMatchObject({
      status: 'locked',
      contactless: false,
      online: true,
      theme: 'galaxy',
    })

    expect((await client.post('/api/card/reveal', {})).status).toBe(400)
    expect((await client.post('/api/card/reveal', { password: 'wrong-password' })).status).toBe(400)
    // A code does nothing while two-factor is off.
    expect((await client.post('/api/card/reveal', { code: '123456' })).status).toBe(400)
    const before = Date.now()
    const revealed = revealedCardSchema.parse(
      (await client.post('/api/card/reveal', { password: user.password })).body,
    )
    expect(revealed.number).toMatch(/^400012\d{10}$/)
    expect(passesLuhn(revealed.number)).toBe(true)
    expect(revealed.number.endsWith(card.last4)).toBe(true)
    expect(revealed.cvv).toMatch(/^\d{3}$/)
    const hideInMs = Date.parse(revealed.hideAt) - before
    expect(hideInMs).toBeGreaterThanOrEqual(29_000)
    expect(hideInMs).toBeLessThanOrEqual(31_000)
    // Nothing of it is stored in the clear.
    expect(JSON.stringify((await client.get('/api/card')).body)).not.toContain(revealed.number)

    const { secret } = await enableTwoFactor(client)
    const byCode = await client.post('/api/card/reveal', { code: await nextCode(secret) })
    expect(byCode.status).toBe(200)
    expect(revealedCardSchema.parse(byCode.body).number).toBe(revealed.number)

    const replaced = await client.post('/api/card/replacement', { reason: 'stolen' })
    expect(replaced.status).toBe(201)
    const physical = await client.post('/api/card/physical', {
      addressLine: '12 Allen Avenue',
      city: 'Ikeja',
      country: 'Nigeria',
    })
    expect(physical.status).toBe(201)
    const after = cardSchema.parse(physical.body)
    expect(after.requests.map((request) => request.kind).sort()).toEqual([
      'physical',
      'replacement',
    ])
    for (const request of after.requests) {
      const days = (Date.parse(request.estimatedTo) - Date.parse(request.createdAt)) / 86_400_000
      // 7 business days are 9 to 11 calendar days, and never fewer than 7.
      expect(days).toBeGreaterThanOrEqual(7)
      expect(days).toBeLessThanOrEqual(11)
      expect(Date.parse(request.estimatedFrom)).toBeLessThan(Date.parse(request.estimatedTo))
    }
    expect((await client.post('/api/card/replacement', { reason: 'bored' })).status).toBe(400)
    expect((await client.post('/api/card/physical', { city: 'Ikeja' })).status).toBe(400)

    // Another user has a card of their own.
    const { client: stranger } = await member()
    expect(cardSchema.parse((await stranger.get('/api/card')).body).id).not.toBe(card.id)
    expect((await createTestClient(context.app).get('/api/card')).status).toBe(401)
  })
})

/** The authenticator's next code: the current one may be spent already (a code works once). */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
}
