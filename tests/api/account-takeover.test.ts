import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { requestPasswordReset } from '#server/auth/request-password-reset.ts'
import { loadConfig } from '#server/config.ts'
import { currencies, users, wallets } from '#server/db/schema.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { deliveryChannelsFor } from '#server/outbox/delivery-channels.ts'
import { dispatchOutbox } from '#server/outbox/dispatch-outbox.ts'
import { listSandboxMessages } from '#server/providers/list-sandbox-messages.ts'
import { messagingFor } from '#server/providers/messaging.ts'
import { openWallet } from '#server/wallets/open-wallet.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { addFunds, history, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { newPhoneNumber } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

/**
 * Issue 32, played as the thief would: each attack of the issue, start to end, with only what
 * the thief has (the victim's session cookie, or the victim's e-mail or phone for a moment),
 * asserting it now fails with the stated answer and nothing changed.
 */
describeMoneyApi('account takeover attempts (issue 32)', (context) => {
  const PUBLIC_URL = 'https://sabi.test'

  /** A second browser holding the victim's cookies: a stolen session. */
  function steal(victim: TestClient): TestClient {
    const thief = createTestClient(context.app)
    for (const [name, value] of victim.cookies) thief.cookies.set(name, value)
    return thief
  }

  async function userOf(client: TestClient) {
    const response = await client.get('/api/auth/user')
    expect(response.status, response.text).toBe(200)
    return userSchema.parse(response.body)
  }

  /** Delivers every outbox event (alerts included) to the sandbox e-mail and SMS outbox. */
  async function deliverAlerts() {
    const config = loadConfig({ NODE_ENV: 'test', SANDBOX: '1' })
    const { db } = context.database
    const channels = deliveryChannelsFor(messagingFor(config, db), db, undefined, PUBLIC_URL)
    for (let pass = 0; pass < 20; pass += 1) {
      if ((await dispatchOutbox(db, channels, { retryDelayMs: () => 0 })) === 0) return
    }
  }

  /** A verified address, the way its owner proves it, and a verified number of long standing. */
  async function victimWithContacts(options: { phoneVerifiedHoursAgo?: number } = {}) {
    const client = createTestClient(context.app)
    const user = await signUpClient(client)
    const phoneNumber = newPhoneNumber()
    const verifiedAt = new Date(Date.now() - (options.phoneVerifiedHoursAgo ?? 24 * 30) * 3_600_000)
    await context.database.db
      .update(users)
      .set({
        emailVerifiedAt: verifiedAt,
        phoneNumber,
        phoneVerified: true,
        phoneVerifiedAt: verifiedAt,
      })
      .where(eq(users.id, user.id))
    return { client, user, phoneNumber }
  }

  it('a stolen session cannot put in the thief’s number, nor set a PIN, turn two-factor on or deactivate', async () => {
    const { client, user, phoneNumber } = await victimWithContacts()
    const thief = steal(client)
    const thiefNumber = newPhoneNumber()
    const phone = await thief.post('/api/phone/verification', { phoneNumber: thiefNumber })
    expect(phone.status, phone.text).toBe(403)
    expect(phone.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    expect(await listSandboxMessages(context.database.db, thiefNumber)).toEqual([])
    const profile = await thief.request({
      method: 'PATCH',
      url: '/api/profile',
      payload: { phoneNumber: thiefNumber },
    })
    expect(profile.status, profile.text).toBe(403)
    expect(profile.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    const pin = await thief.post('/api/pin', { pin: '7391' })
    expect(pin.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    expect((await thief.post('/api/auth/2fa/setup')).status).toBe(200)
    const enable = await thief.post('/api/auth/2fa/enable', { code: '123456' })
    expect(enable.status, enable.text).toBe(403)
    expect(enable.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    const deactivate = await thief.post('/api/account/deactivate', {})
    expect(deactivate.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    // Nothing changed: the owner's number, no two-factor, the account open, the old PIN works.
    const after = await userOf(client)
    expect(after).toMatchObject({ phoneNumber, phoneVerified: true, twoFactorEnabled: false })
    const ngn = await walletIn(client, 'NGN')
    expect((await addFunds(client, ngn.id, '10.00')).status).toBe('completed')
    expect(user.pin).not.toBeNull()
  })

  it('a wrong password at a step-up counts as a failed sign-in of the account', async () => {
    const { client, user } = await victimWithContacts()
    const thief = steal(client)
    for (let i = 0; i < 10; i += 1) {
      const guess = await thief.post('/api/pin', { pin: '7391', password: `guess-${i}` })
      expect(guess.body).toMatchObject({ code: 'REAUTH_REQUIRED' })
    }
    const blocked = await createTestClient(context.app).post('/api/auth/login', {
      email: user.email,
      password: user.password,
    })
    expect(blocked.status).toBe(429)
  })

  it('a reset by SMS goes only to a number verified 72 hours ago', async () => {
    const sandbox = messagingFor(
      loadConfig({ NODE_ENV: 'test', SANDBOX: '1' }),
      context.database.db,
    )
    const resetLinksTo = async (phoneNumber: string) => {
      // Awaited here, rather than after the route's 202, so "nothing sent" is a fact, not a wait.
      await requestPasswordReset(context.database.db, sandbox, PUBLIC_URL, { phoneNumber })
      return (await listSandboxMessages(context.database.db, phoneNumber)).filter((message) =>
        message.text.includes('/reset-password?token='),
      )
    }
    const lately = await victimWithContacts({ phoneVerifiedHoursAgo: 1 })
    expect(await resetLinksTo(lately.phoneNumber)).toEqual([])
    const longAgo = await victimWithContacts({ phoneVerifiedHoursAgo: 73 })
    expect(await resetLinksTo(longAgo.phoneNumber)).toHaveLength(1)
  })

  it('after a password reset outgoing money is held to ₦20,000 for a day (403 COOLING_OFF)', async () => {
    const { client, user } = await victimWithContacts()
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '100000.00')
    const recipient = await signUpClient(createTestClient(context.app))
    const stranger = createTestClient(context.app)
    expect((await stranger.post('/api/auth/password-reset', { email: user.email })).status).toBe(
      202,
    )
    let token = ''
    await expect
      .poll(async () => {
        const messages = await listSandboxMessages(context.database.db, user.email)
        token =
          /reset-password\?token=([A-Za-z0-9_-]+)/.exec(
            messages.map((m) => m.text).join('\n'),
          )?.[1] ?? ''
        return token
      })
      .not.toBe('')
    const reset = await stranger.post('/api/auth/password-reset/confirm', {
      token,
      password: 'the-thiefs-new-password-1',
    })
    expect(reset.status, reset.text).toBe(204)
    const thief = createTestClient(context.app)
    expect(
      (
        await thief.post('/api/auth/login', {
          email: user.email,
          password: 'the-thiefs-new-password-1',
        })
      ).status,
    ).toBe(200)
    const big = await moneyPost(thief, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: recipient.id,
      amount: '25000.00',
    })
    expect(big.status, big.text).toBe(403)
    expect(big.body).toMatchObject({ code: 'COOLING_OFF', until: expect.any(String) })
    const small = await moneyPost(thief, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: recipient.id,
      amount: '15000.00',
    })
    expect(small.status, small.text).toBe(201)
    const more = await moneyPost(thief, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: recipient.id,
      amount: '6000.00',
    })
    expect(more.body).toMatchObject({ code: 'COOLING_OFF' })
    const limits = await thief.get('/api/limits')
    expect(limits.body).toMatchObject({ coolingOff: { remaining: '5000.00' } })
    // Two sends at once that fit the allowance alone but not together: exactly one goes.
    const both = await Promise.all(
      [3000, 3000].map((naira) =>
        moneyPost(thief, '/api/send-money/sabi-user', {
          fromWalletId: ngn.id,
          recipientUserId: recipient.id,
          amount: `${naira}.00`,
        }),
      ),
    )
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 403])
    expect(await thief.get('/api/limits')).toMatchObject({
      body: { coolingOff: { remaining: '2000.00' } },
    })
  })

  it('a changed number is told to the old number with a link that freezes the account; frozen, nothing leaves but money still arrives', async () => {
    const { client, user, phoneNumber } = await victimWithContacts()
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '1000.00')
    // The thief knows the password too: the change goes through, and the owner hears of it.
    const thiefNumber = newPhoneNumber()
    const thief = steal(client)
    const sent = await thief.post('/api/phone/verification', {
      phoneNumber: thiefNumber,
      password: user.password,
    })
    expect(sent.status, sent.text).toBe(202)
    const [codeMessage] = await listSandboxMessages(context.database.db, thiefNumber)
    const code = /\b(\d{6})\b/.exec(codeMessage?.text ?? '')?.[1] ?? ''
    const confirmed = await thief.post('/api/phone/verification/confirm', {
      phoneNumber: thiefNumber,
      code,
    })
    expect(confirmed.status, confirmed.text).toBe(200)
    await deliverAlerts()
    const toOld = await listSandboxMessages(context.database.db, phoneNumber)
    const alert = toOld.find((message) => message.text.includes('/freeze?token='))
    expect(alert, JSON.stringify(toOld)).toBeDefined()
    const toNew = await listSandboxMessages(context.database.db, thiefNumber)
    expect(toNew.some((message) => message.text.includes('/freeze?token='))).toBe(false)
    // One tap on "This wasn't me", with no session at all.
    const freezeToken = /freeze\?token=([A-Za-z0-9_%-]+)/.exec(alert?.text ?? '')?.[1] ?? ''
    const frozen = await createTestClient(context.app).post('/api/account/freeze/link', {
      token: decodeURIComponent(freezeToken),
    })
    expect(frozen.status, frozen.text).toBe(204)
    expect((await thief.get('/api/auth/user')).status).toBe(401)
    // Signing in to look works; money out and credential changes are refused (423).
    const back = createTestClient(context.app)
    expect(
      (await back.post('/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(200)
    const recipient = await signUpClient(createTestClient(context.app))
    const out = await moneyPost(back, '/api/send-money/sabi-user', {
      fromWalletId: ngn.id,
      recipientUserId: recipient.id,
      amount: '10.00',
    })
    expect(out.status, out.text).toBe(423)
    expect(out.body).toMatchObject({ code: 'ACCOUNT_FROZEN' })
    const pin = await back.post('/api/pin', { pin: '7391', password: user.password })
    expect(pin.status).toBe(423)
    const incoming = createTestClient(context.app)
    const payer = await signUpClient(incoming)
    const payerNgn = await walletIn(incoming, 'NGN')
    await addFunds(incoming, payerNgn.id, '50.00')
    const paid = await moneyPost(incoming, '/api/send-money/sabi-user', {
      fromWalletId: payerNgn.id,
      recipientUserId: user.id,
      amount: '20.00',
    })
    expect(paid.status, paid.text).toBe(201)
    expect(payer.id).not.toBe(user.id)
    // Unfreezing takes the password and the code e-mailed to the address on file.
    expect((await back.post('/api/account/unfreeze/code')).status).toBe(202)
    const mails = await listSandboxMessages(context.database.db, user.email)
    const unfreezeCode =
      /\b(\d{6})\b/.exec(mails.find((m) => m.subject?.includes('unfreeze'))?.text ?? '')?.[1] ?? ''
    const wrong = await back.post('/api/account/unfreeze', {
      password: user.password,
      code: '000000' === unfreezeCode ? '111111' : '000000',
    })
    expect(wrong.status).toBe(400)
    const unfrozen = await back.post('/api/account/unfreeze', {
      password: user.password,
      code: unfreezeCode,
    })
    expect(unfrozen.status, unfrozen.text).toBe(204)
    expect((await userOf(back)).frozenAt).toBeNull()
  })

  it('a deactivation waits for a payment already under way into a wallet made for it, and then refuses', async ({
    skip,
  }) => {
    // PGlite has one connection: nothing can run beside an open transaction there.
    if (context.kind === 'pglite') skip()
    const { db } = context.database
    const sender = createTestClient(context.app)
    const senderUser = await signUpClient(sender, { country: 'ZA' })
    const zar = await walletIn(sender, 'ZAR')
    await addFunds(sender, zar.id, '10.00')
    const recipientClient = createTestClient(context.app)
    const recipient = await signUpClient(recipientClient)
    const [from] = await db.select().from(wallets).where(eq(wallets.id, zar.id))
    const [rand] = await db.select().from(currencies).where(eq(currencies.code, 'ZAR'))
    if (!from || !rand) throw new Error('the sender has no rand wallet')

    // A payment that saw the recipient active, made them a rand wallet and credited it, and has
    // not committed yet.
    let commit = () => {}
    const committing = new Promise<void>((resolve) => {
      commit = resolve
    })
    let credited = () => {}
    const hasCredited = new Promise<void>((resolve) => {
      credited = resolve
    })
    const payment = db.transaction(async (tx) => {
      const wallet = await openWallet(tx, { userId: recipient.id, currencyId: rand.id })
      await postJournal(
        tx,
        {
          type: 'send',
          status: 'completed',
          asset: 'ZAR',
          amountMinor: 100n,
          fromUserId: senderUser.id,
          toUserId: recipient.id,
          fromWalletId: from.id,
          toWalletId: wallet.id,
        },
        [
          { accountId: from.accountId, asset: 'ZAR', amountMinor: -100n },
          { accountId: wallet.accountId, asset: 'ZAR', amountMinor: 100n },
        ],
      )
      credited()
      await committing
    })
    await hasCredited
    const deactivation = recipientClient.post('/api/account/deactivate', {
      password: recipient.password,
    })
    const markOf = async () =>
      (await db.select().from(users).where(eq(users.id, recipient.id)))[0]?.deactivatedAt ?? null
    // The account is marked closed, and the closing waits for the payment…
    await expect.poll(markOf).not.toBeNull()
    commit()
    await payment
    // …which landed: so the account stays open, with its money.
    const answer = await deactivation
    expect(answer.status, answer.text).toBe(409)
    expect(await markOf()).toBeNull()
    expect((await walletIn(recipientClient, 'ZAR')).balance).toBe('1.00')
  })

  it('a closed account receives no money from any writer, refunds excepted', async () => {
    const { db } = context.database
    const sender = createTestClient(context.app)
    const senderUser = await signUpClient(sender)
    const usd = await walletIn(sender, 'USD')
    await addFunds(sender, usd.id, '10.00')
    const closingClient = createTestClient(context.app)
    const closing = await signUpClient(closingClient)
    const closingUsd = await walletIn(closingClient, 'USD')
    expect(
      (await closingClient.post('/api/account/deactivate', { password: closing.password })).status,
    ).toBe(204)
    const [from] = await db.select().from(wallets).where(eq(wallets.id, usd.id))
    const [to] = await db.select().from(wallets).where(eq(wallets.id, closingUsd.id))
    if (!from || !to) throw new Error('wallets missing')
    const credit = (reversesJournalId: string | null) =>
      db.transaction((tx) =>
        postJournal(
          tx,
          {
            type: 'send',
            status: 'completed',
            asset: 'USD',
            amountMinor: 100n,
            fromUserId: senderUser.id,
            toUserId: closing.id,
            fromWalletId: from.id,
            toWalletId: to.id,
            reversesJournalId,
          },
          [
            { accountId: from.accountId, asset: 'USD', amountMinor: -100n },
            { accountId: to.accountId, asset: 'USD', amountMinor: 100n },
          ],
        ),
      )
    await expect(credit(null)).rejects.toMatchObject({ code: 'CONFLICT' })
    const [funding] = await history(sender)
    if (!funding) throw new Error('no funding in the history')
    await expect(credit(funding.id)).resolves.toMatchObject({ toUserId: closing.id })
  })

  it('Settings freezes the account: every session ends', async () => {
    const { client } = await victimWithContacts()
    const other = steal(client)
    expect((await client.post('/api/account/freeze')).status).toBe(204)
    expect((await other.get('/api/auth/user')).status).toBe(401)
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })

  it('wrong PINs add up across a right one, and the third alerts the owner', async () => {
    const { client, user } = await victimWithContacts()
    const ngn = await walletIn(client, 'NGN')
    await addFunds(client, ngn.id, '100.00')
    const recipient = await signUpClient(createTestClient(context.app))
    const send = (pin: string) =>
      client.post(
        '/api/send-money/sabi-user',
        { fromWalletId: ngn.id, recipientUserId: recipient.id, amount: '1.00', pin },
        { 'idempotency-key': crypto.randomUUID() },
      )
    expect((await send('1397')).body).toMatchObject({ code: 'PIN_INVALID', attemptsLeft: 4 })
    expect((await send('1398')).body).toMatchObject({ code: 'PIN_INVALID', attemptsLeft: 3 })
    expect((await send(user.pin ?? '')).status).toBe(201)
    expect((await send('1399')).body).toMatchObject({ code: 'PIN_INVALID', attemptsLeft: 2 })
    await deliverAlerts()
    const mails = await listSandboxMessages(context.database.db, user.email)
    expect(mails.some((mail) => mail.subject === 'Wrong transaction PIN')).toBe(true)
  })

  it('answers bad input to the freeze, unfreeze and backup-code routes with a clear 4xx and changes nothing', async () => {
    const { client } = await victimWithContacts()
    const stranger = createTestClient(context.app)
    for (const token of ['', 'x', 'A'.repeat(43), 42]) {
      const answer = await stranger.post('/api/account/freeze/link', { token })
      expect(answer.status, JSON.stringify(token)).toBe(400)
    }
    expect((await stranger.post('/api/account/freeze')).status).toBe(401)
    expect((await stranger.post('/api/account/unfreeze/code')).status).toBe(401)
    // Not frozen: nothing to unfreeze, and no code is sent.
    expect((await client.post('/api/account/unfreeze/code')).status).toBe(409)
    for (const body of [{}, { code: '12' }, { code: 'abcdef', password: 'x' }]) {
      expect((await client.post('/api/account/unfreeze', body)).status).toBe(400)
    }
    const notFrozen = await client.post('/api/account/unfreeze', {
      code: '123456',
      password: 'whatever',
    })
    expect(notFrozen.status).toBe(409)
    // Backup codes without two-factor on: a conflict, not new codes.
    const renew = await client.post('/api/auth/2fa/backup-codes', { password: 'x' })
    expect(renew.status).toBe(409)
    expect((await userOf(client)).frozenAt).toBeNull()
  })
})
