import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users, ussdSessions } from '#server/db/schema.ts'
import { PHONE_SEARCHES_PER_15_MINUTES } from '#server/users/phone-search-limit.ts'
import { STATEMENT_ITEMS } from '#server/ussd/run-ussd-effect.ts'
import {
  afterEffect,
  readAnswer,
  type Screen,
  startScreen,
  type UssdState,
} from '#server/ussd/ussd-menu.ts'
import { renderUssdScreen, USSD_TEXT_MAX } from '#server/ussd/ussd-protocol.ts'
import { TEXT_KEYS, ussdText } from '#server/ussd/ussd-texts.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { settingsSchema } from '#shared/schemas/account.ts'
import { pinStatusSchema } from '#shared/schemas/pin.ts'
import { history, TEST_PIN, walletIn } from '../factories/money.ts'
import { newPhoneNumber } from '../factories/users.ts'
import {
  dialogue,
  nairaBalance,
  postUssd,
  USSD_ENV,
  USSD_TOKEN,
  ussdUser,
} from '../factories/ussd.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestApp, createTestClient } from '../setup/test-app.ts'

const WRONG_PIN = '9137'

describeMoneyApi(
  'USSD channel',
  (context) => {
    const user = (options?: Parameters<typeof ussdUser>[2]) =>
      ussdUser(context.app, context.database.db, options)

    describe('the gateway', () => {
      it('refuses a request without the token, or with a wrong one', async () => {
        const { phoneNumber } = await user()
        const fields = { sessionId: 'ATUid_1', serviceCode: '*347*123#', phoneNumber, text: '' }
        const missing = await postUssd(context.app, fields, {})
        expect(missing.status).toBe(401)
        const wrong = await postUssd(context.app, fields, { 'x-ussd-token': `${USSD_TOKEN}x` })
        expect(wrong.status).toBe(401)
        const short = await postUssd(context.app, fields, { 'x-ussd-token': 'a' })
        expect(short.status).toBe(401)
        // The token comes before the body: a caller without it learns nothing of the format.
        const json = await context.app.inject({
          method: 'POST',
          url: '/api/ussd',
          payload: '{"hello":1}',
          headers: { 'content-type': 'application/json' },
        })
        expect(json.statusCode).toBe(401)
      })

      it('is off without USSD_GATEWAY_TOKEN: 404, whatever the token', async () => {
        const app = await createTestApp(context.database)
        try {
          const { phoneNumber } = await user()
          const response = await postUssd(app, {
            sessionId: 'ATUid_off',
            serviceCode: '*347*123#',
            phoneNumber,
            text: '',
          })
          expect(response.status).toBe(404)
          // Whatever is sent: the route is not there.
          const junk = await app.inject({
            method: 'POST',
            url: '/api/ussd',
            payload: 'nonsense',
            headers: { 'content-type': 'text/plain' },
          })
          expect(junk.statusCode).toBe(404)
        } finally {
          await app.close()
        }
      })

      it('answers text/plain, accepts the form only on this route, and lets a server call through the cross-site guard', async () => {
        const { phoneNumber } = await user()
        const ok = await postUssd(context.app, {
          sessionId: 'ATUid_form',
          serviceCode: '*347*123#',
          phoneNumber,
          text: '',
        })
        expect(ok.status).toBe(200)
        expect(String(ok.headers['content-type'])).toMatch(/^text\/plain/)
        expect(ok.text).toMatch(/^CON Sabi\n1 Balance/)
        // A browser on another site posting the same form is refused before anything runs.
        const crossSite = await postUssd(
          context.app,
          { sessionId: 'ATUid_x', serviceCode: '*347*123#', phoneNumber, text: '' },
          { 'x-ussd-token': USSD_TOKEN, origin: 'https://evil.example' },
        )
        expect(crossSite.status).toBe(403)
        // Other routes still take JSON only.
        const form = await context.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: 'email=a%40b.c&password=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        expect(form.statusCode).toBe(415)
        // And the gateway route takes the form only.
        const json = await context.app.inject({
          method: 'POST',
          url: '/api/ussd',
          payload: JSON.stringify({ sessionId: 'ATUid_j', phoneNumber, text: '' }),
          headers: { 'content-type': 'application/json', 'x-ussd-token': USSD_TOKEN },
        })
        expect(json.statusCode).toBe(415)
      })

      it('tells an unknown number how to sign up, and an unverified one too', async () => {
        const unknown = await dialogue(context.app, newPhoneNumber()).dial()
        expect(unknown).toMatch(/^END This number is not on Sabi yet\. Sign up/)
        const unverified = await user()
        await context.database.db
          .update(users)
          .set({ phoneVerified: false })
          .where(eq(users.id, unverified.user.id))
        expect(await dialogue(context.app, unverified.phoneNumber).dial()).toMatch(
          /^END This number is not on Sabi yet/,
        )
        const notANumber = await dialogue(context.app, 'not a number').dial()
        expect(notANumber).toMatch(/^END This number is not on Sabi yet/)
      })
    })

    describe('menus', () => {
      it('shows the balance of the default wallet after the PIN, and only then', async () => {
        const { phoneNumber } = await user({ naira: '5000.00' })
        const phone = dialogue(context.app, phoneNumber)
        expect(await phone.dial()).toBe(
          'CON Sabi\n1 Balance\n2 Send money\n3 Buy airtime\n4 Mini statement\n5 Change PIN\n6 Language\n7 Freeze account',
        )
        expect(await phone.press('1')).toBe('CON Enter your PIN:')
        expect(await phone.press(TEST_PIN)).toBe('END Balance: NGN 5,000.00')
      })

      it('freezes the account from the menu with no PIN: the app is signed out and sends nothing (issue 32)', async () => {
        const { client, phoneNumber, ngn, user: frozenOwner } = await user({ naira: '100.00' })
        const cancelled = dialogue(context.app, phoneNumber)
        await cancelled.dial()
        expect(await cancelled.press('7')).toMatch(/^CON Freeze your account\?/)
        expect(await cancelled.press('0')).toBe('END Cancelled. Your account is not frozen.')
        expect((await client.get('/api/auth/user')).status).toBe(200)

        const phone = dialogue(context.app, phoneNumber)
        await phone.dial()
        await phone.press('7')
        expect(await phone.press('1')).toBe(
          'END Your account is frozen. Unfreeze it in the Sabi app.',
        )
        expect((await client.get('/api/auth/user')).status).toBe(401)
        const recipient = await user()
        const send = dialogue(context.app, phoneNumber)
        await send.dial()
        await send.press('2')
        await send.press(`@${recipient.user.username}`)
        await send.press('10')
        expect(await send.press(TEST_PIN)).toMatch(/^END Your account is frozen/)
        // Signing in to look still works, and the money is all there.
        const signedIn = await client.post('/api/auth/login', {
          email: frozenOwner.email,
          password: frozenOwner.password,
        })
        expect(signedIn.status, signedIn.text).toBe(200)
        expect((await walletIn(client, ngn.currency.code)).balance).toBe('100.00')
      })

      it('sends money to a phone number with the PIN, and both balances move', async () => {
        const sender = await user({ naira: '10000.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        expect(await phone.press('2')).toBe('CON Send to (phone number or @username):')
        // The recipient's number as people write it: national format with spaces.
        const national = `0${recipient.phoneNumber.slice(4, 7)} ${recipient.phoneNumber.slice(7, 10)} ${recipient.phoneNumber.slice(10)}`
        const toWhom = await phone.press(national)
        expect(toWhom).toBe(`CON To Chidi O. @${recipient.user.username}\nAmount in NGN:`)
        expect(await phone.press('1500')).toBe(
          `CON Send NGN 1,500.00 to Chidi O. @${recipient.user.username}?\nEnter PIN to confirm, 0 to cancel:`,
        )
        const sent = await phone.press(TEST_PIN)
        expect(sent).toMatch(
          new RegExp(
            `^END Sent NGN 1,500\\.00 to Chidi O\\. @${recipient.user.username}\\. Ref \\S+$`,
          ),
        )
        expect(await nairaBalance(sender.client)).toBe('8500.00')
        expect(await nairaBalance(recipient.client)).toBe('1500.00')
        const [received] = await history(recipient.client)
        expect(received).toMatchObject({ type: 'receive', amount: '1500.00' })
      })

      it('re-asks after junk, an empty answer, `*` runs or a huge answer', async () => {
        const { phoneNumber } = await user()
        const phone = dialogue(context.app, phoneNumber)
        await phone.dial()
        for (const junk of ['9', '', '***', 'é漢字🙂', '1'.repeat(10_000)]) {
          expect(await phone.press(junk)).toMatch(/^CON Invalid choice\.\nSabi\n1 Balance/)
        }
        expect(await phone.press('1')).toBe('CON Enter your PIN:')
      })

      it('sends money to an @username', async () => {
        const sender = await user({ naira: '2000.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        await phone.press('2')
        expect(await phone.press('@nobody_at_all_here')).toBe(
          'CON No Sabi user found.\nSend to (phone number or @username):',
        )
        expect(await phone.press(`@${recipient.user.username.toUpperCase()}`)).toMatch(
          /^CON To Chidi O\./,
        )
        expect(await phone.press('abc')).toMatch(/^CON Invalid amount\.\nTo Chidi/)
        await phone.press('250.50')
        expect(await phone.press(TEST_PIN)).toMatch(/^END Sent NGN 250\.50/)
        expect(await nairaBalance(sender.client)).toBe('1749.50')
        expect(await nairaBalance(recipient.client)).toBe('250.50')
      })

      it('refuses sending to oneself and lets the caller cancel with 0', async () => {
        const sender = await user({ naira: '2000.00' })
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        await phone.press('2')
        expect(await phone.press(sender.phoneNumber)).toMatch(
          /^CON You cannot send money to yourself/,
        )
        await phone.press(`@${(await user()).user.username}`)
        await phone.press('100')
        expect(await phone.press('0')).toBe('END Cancelled. Nothing was sent.')
        expect(await nairaBalance(sender.client)).toBe('2000.00')
      })

      it('buys airtime for the own number and for another, from the naira wallet', async () => {
        const buyer = await user({ naira: '3000.00', nairaDefault: false })
        const own = dialogue(context.app, buyer.phoneNumber)
        await own.dial()
        expect(await own.press('3')).toBe('CON Airtime for:\n1 My number\n2 Another number')
        expect(await own.press('1')).toBe('CON Network:\n1 MTN\n2 Airtel\n3 Glo\n4 9mobile')
        expect(await own.press('7')).toMatch(/^CON Invalid choice\.\nNetwork:/)
        expect(await own.press('1')).toBe('CON Amount in NGN:')
        const national = `0${buyer.phoneNumber.slice(4, 7)} ${buyer.phoneNumber.slice(7, 10)} ${buyer.phoneNumber.slice(10)}`
        expect(await own.press('500')).toBe(
          `CON Airtime NGN 500.00 for ${national} (MTN)?\nEnter PIN to confirm, 0 to cancel:`,
        )
        expect(await own.press(TEST_PIN)).toMatch(
          new RegExp(`^END Airtime NGN 500\\.00 for ${national} is on its way\\. Ref \\S+$`),
        )
        expect(await nairaBalance(buyer.client)).toBe('2500.00')

        const other = dialogue(context.app, buyer.phoneNumber)
        await other.dial()
        await other.press('3')
        expect(await other.press('2')).toBe('CON Phone number:')
        expect(await other.press('12345678901')).toBe('CON Invalid Nigerian number.\nPhone number:')
        expect(await other.press('0802 123 4567')).toMatch(/^CON Network:/)
        await other.press('2')
        await other.press('200')
        expect(await other.press(TEST_PIN)).toMatch(/^END Airtime NGN 200\.00 for 0802 123 4567/)
        expect(await nairaBalance(buyer.client)).toBe('2300.00')
        const [last] = await history(buyer.client)
        expect(last?.description).toBe('Airtime: Airtel, phone number 0802 123 4567')
      })

      it('lists the last five transactions in the mini statement', async () => {
        const sender = await user({ naira: '9000.00' })
        const recipient = await user()
        for (const amount of ['100', '200', '300', '400', '500', '600']) {
          const phone = dialogue(context.app, sender.phoneNumber)
          await phone.dial()
          await phone.press('2')
          await phone.press(`@${recipient.user.username}`)
          await phone.press(amount)
          expect(await phone.press(TEST_PIN)).toMatch(/^END Sent/)
        }
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        expect(await phone.press('4')).toBe('CON Enter your PIN:')
        const statement = await phone.press(TEST_PIN)
        const lines = statement.split('\n')
        expect(lines[0]).toBe(`END Last ${STATEMENT_ITEMS}:`)
        expect(lines.slice(1)).toHaveLength(STATEMENT_ITEMS)
        expect(lines[1]).toMatch(/^\d\d\/\d\d -600\.00 NGN/)
        expect(lines[5]).toMatch(/^\d\d\/\d\d -200\.00 NGN/)
        const empty = dialogue(context.app, recipient.phoneNumber)
        await empty.dial()
        await empty.press('4')
        expect((await empty.press(TEST_PIN)).split('\n')[1]).toMatch(/^\d\d\/\d\d \+600\.00 NGN/)
      })

      it('changes the PIN with the current one, and the app takes the new one', async () => {
        const caller = await user({ naira: '100.00' })
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        expect(await phone.press('5')).toBe('CON Enter your current PIN:')
        expect(await phone.press(TEST_PIN)).toBe('CON Enter a new 4-digit PIN:')
        expect(await phone.press('1234')).toMatch(/^CON Too easy to guess/)
        expect(await phone.press('12')).toMatch(/^CON A PIN is 4 digits/)
        expect(await phone.press('4826')).toBe('CON Enter the new PIN again:')
        expect(await phone.press('4826')).toBe('END Your PIN is changed.')

        const mismatch = dialogue(context.app, caller.phoneNumber)
        await mismatch.dial()
        await mismatch.press('5')
        await mismatch.press('4826')
        await mismatch.press('3917')
        expect(await mismatch.press('3918')).toBe('END The PINs did not match. Nothing changed.')

        const check = dialogue(context.app, caller.phoneNumber)
        await check.dial()
        await check.press('1')
        expect(await check.press(TEST_PIN)).toBe('CON Wrong PIN. Tries left: 4\nEnter your PIN:')
        expect(await check.press('4826')).toBe('END Balance: NGN 100.00')
      })

      it('switches the language, and the next session speaks it', async () => {
        const caller = await user()
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        expect(await phone.press('6')).toBe(
          'CON Language:\n1 English\n2 Francais\n3 Espanol\n4 Hausa',
        )
        expect(await phone.press('2')).toBe('END Langue changee.')
        const settings = settingsSchema.parse((await caller.client.get('/api/settings')).body)
        expect(settings.language).toBe('fr')
        const next = dialogue(context.app, caller.phoneNumber)
        expect(await next.dial()).toMatch(/^CON Sabi\n1 Solde\n2 Envoyer/)
        await next.press('6')
        expect(await next.press('4')).toBe('END An canza harshe.')
        expect(await dialogue(context.app, caller.phoneNumber).dial()).toMatch(/Ragowar kudi/)
      })
    })

    describe('the PIN', () => {
      it('re-asks after a wrong PIN and locks after the app’s five, as the app does', async () => {
        const caller = await user({ naira: '100.00' })
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await phone.press('1')
        for (const left of [4, 3, 2, 1]) {
          expect(await phone.press(WRONG_PIN)).toBe(
            `CON Wrong PIN. Tries left: ${left}\nEnter your PIN:`,
          )
        }
        expect(await phone.press(WRONG_PIN)).toMatch(/^END PIN locked after too many wrong tries/)
        const status = pinStatusSchema.parse((await caller.client.get('/api/pin')).body)
        expect(status.lockedUntil).not.toBeNull()
        // Even the right PIN is refused now, on this channel and in the app.
        const again = dialogue(context.app, caller.phoneNumber)
        await again.dial()
        await again.press('1')
        expect(await again.press(TEST_PIN)).toMatch(/^END PIN locked .* Try again in 30 min\.$/)
      })

      it('never sends without the right PIN', async () => {
        const sender = await user({ naira: '1000.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        await phone.press('2')
        await phone.press(`@${recipient.user.username}`)
        await phone.press('300')
        expect(await phone.press(WRONG_PIN)).toMatch(
          /^CON Wrong PIN\. Tries left: 4\nSend NGN 300\.00/,
        )
        expect(await phone.press('12')).toMatch(/^CON A PIN is 4 digits\.\nSend NGN 300\.00/)
        expect(await nairaBalance(sender.client)).toBe('1000.00')
        expect(await phone.press(TEST_PIN)).toMatch(/^END Sent NGN 300\.00/)
        expect(await nairaBalance(sender.client)).toBe('700.00')
      })

      it('asks a user without a PIN to create one in the app', async () => {
        const caller = await user({ pin: null })
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await phone.press('1')
        expect(await phone.press('4826')).toBe(
          'END Create a transaction PIN in the Sabi app first.',
        )
      })
    })

    describe('sessions', () => {
      it('answers a repeated request the same, and moves the money once', async () => {
        const sender = await user({ naira: '1000.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        expect(await phone.dial()).toBe(await phone.dial())
        await phone.press('2')
        await phone.press(`@${recipient.user.username}`)
        await phone.press('400')
        const first = await phone.press(TEST_PIN)
        expect(first).toMatch(/^END Sent NGN 400\.00/)
        expect(await phone.repeat()).toBe(first)
        // Two copies at once, as a gateway that timed out and retried might send them.
        const [a, b] = await Promise.all([phone.repeat(), phone.repeat()])
        expect([a, b]).toEqual([first, first])
        expect(await nairaBalance(sender.client)).toBe('600.00')
        expect(await nairaBalance(recipient.client)).toBe('400.00')
      })

      it('moves money once when the same new step arrives twice at once', async () => {
        const sender = await user({ naira: '1000.00' })
        const recipient = await user()
        const sessionId = `AT-race-${recipient.user.id}`
        const phone = dialogue(context.app, sender.phoneNumber, sessionId)
        await phone.dial()
        await phone.press('2')
        await phone.press(`@${recipient.user.username}`)
        await phone.press('250')
        const text = ['2', `@${recipient.user.username}`, '250', TEST_PIN].join('*')
        const fields = {
          sessionId,
          serviceCode: '*347*123#',
          phoneNumber: sender.phoneNumber,
          text,
        }
        const [a, b] = await Promise.all([
          postUssd(context.app, fields),
          postUssd(context.app, fields),
        ])
        expect(a.text).toMatch(/^END Sent NGN 250\.00/)
        expect(b.text).toBe(a.text)
        expect(await nairaBalance(sender.client)).toBe('750.00')
      })

      it('ends an expired session with a clear message', async () => {
        const caller = await user()
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await context.database.db
          .update(ussdSessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(ussdSessions.sessionId, phone.sessionId))
        expect(await phone.press('1')).toBe('END Your session timed out. Please dial again.')
      })

      it('keeps neither the PIN nor the text in the session row', async () => {
        const caller = await user({ naira: '10.00' })
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await phone.press('1')
        await phone.press(TEST_PIN)
        const [row] = await context.database.db
          .select()
          .from(ussdSessions)
          .where(eq(ussdSessions.sessionId, phone.sessionId))
        expect(JSON.stringify(row)).not.toContain(TEST_PIN)
        expect(row?.steps).toBe(2)
      })

      it('ends a session whose text does not continue it, or that another number uses', async () => {
        const caller = await user()
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await phone.press('2')
        const crossed = await postUssd(context.app, {
          sessionId: phone.sessionId,
          serviceCode: '*347*123#',
          phoneNumber: caller.phoneNumber,
          text: '3*1',
        })
        expect(crossed.text).toBe('END This session has ended. Please dial again.')
        const other = await user()
        const stolen = await postUssd(context.app, {
          sessionId: phone.sessionId,
          serviceCode: '*347*123#',
          phoneNumber: other.phoneNumber,
          text: '2*1',
        })
        expect(stolen.text).toBe('END This session has ended. Please dial again.')
      })

      it("counts numbers looked up over USSD with the app's phone searches: one limit, not two", async () => {
        const caller = await user({ naira: '100.00' })
        const recipient = await user()
        // Issue 32: USSD mapped numbers to names at 30 a minute, past the app's 30 in 15 minutes.
        for (let i = 0; i < PHONE_SEARCHES_PER_15_MINUTES; i += 1) {
          const search = await caller.client.get(
            `/api/users/search?q=${encodeURIComponent(`+23480${String(i).padStart(8, '0')}`)}`,
          )
          expect(search.status, search.text).toBe(200)
        }
        const phone = dialogue(context.app, caller.phoneNumber)
        await phone.dial()
        await phone.press('2')
        const lookedUp = await phone.press(recipient.phoneNumber)
        expect(lookedUp).toBe(
          'END Too many numbers looked up. Try again later, or send by username.',
        )
        expect(lookedUp).not.toContain('Chidi')
      })

      it('limits requests per phone number', async () => {
        const app = await createTestApp(context.database, {
          ...USSD_ENV,
          USSD_REQUESTS_PER_MINUTE: '3',
        })
        try {
          const caller = await user()
          const phone = dialogue(app, caller.phoneNumber)
          await phone.dial()
          await phone.dial()
          await phone.dial()
          expect(await phone.dial()).toBe('END Too many requests. Please try again in a minute.')
          // Another number is counted apart.
          expect(await dialogue(app, (await user()).phoneNumber).dial()).toMatch(/^CON Sabi/)
        } finally {
          await app.close()
        }
      })
    })

    describe('limits', () => {
      it('refuses a send over the KYC tier limit in the app’s words, and nothing moves', async () => {
        const sender = await user({ tier: 1, naira: '100000.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        await phone.press('2')
        await phone.press(`@${recipient.user.username}`)
        await phone.press('60000')
        expect(await phone.press(TEST_PIN)).toBe(
          'END The most you can send in one payment on your current tier is ₦50,000.00',
        )
        expect(await nairaBalance(sender.client)).toBe('100000.00')
        expect(await nairaBalance(recipient.client)).toBe('0.00')
      })

      it('refuses a send above the balance', async () => {
        const sender = await user({ naira: '100.00' })
        const recipient = await user()
        const phone = dialogue(context.app, sender.phoneNumber)
        await phone.dial()
        await phone.press('2')
        await phone.press(`@${recipient.user.username}`)
        await phone.press('500')
        expect(await phone.press(TEST_PIN)).toMatch(/^END /)
        expect(await nairaBalance(sender.client)).toBe('100.00')
      })
    })

    describe('the sandbox simulator', () => {
      it('has its page at /ussd in sandbox mode only', async () => {
        const root = await mkdtemp(join(tmpdir(), 'sabi-ussd-client-'))
        await writeFile(join(root, 'index.html'), '<!doctype html><title>app</title>')
        await writeFile(join(root, 'landing.html'), '<!doctype html><title>landing</title>')
        const outside = await createTestApp(context.database, USSD_ENV, { clientRoot: root })
        const inside = await createTestApp(
          context.database,
          { ...USSD_ENV, SANDBOX: '1' },
          { clientRoot: root },
        )
        try {
          expect((await outside.inject({ method: 'GET', url: '/ussd' })).statusCode).toBe(404)
          expect((await inside.inject({ method: 'GET', url: '/ussd' })).statusCode).toBe(200)
        } finally {
          await outside.close()
          await inside.close()
          await rm(root, { recursive: true, force: true })
        }
      })

      it('does not exist outside sandbox mode', async () => {
        const caller = await user()
        const response = await caller.client.post('/api/sandbox/ussd', {
          sessionId: 'sim-session-1',
          text: '',
        })
        expect(response.status).toBe(404)
      })

      it('runs the same menus for the signed-in user’s own number, and asks for one without', async () => {
        const app = await createTestApp(context.database, { ...USSD_ENV, SANDBOX: '1' })
        try {
          const caller = await ussdUser(app, context.database.db, { naira: '42.00' })
          const info = await caller.client.get('/api/sandbox/ussd')
          expect(info.body).toMatchObject({ serviceCode: '*347*123#' })
          const press = (text: string) =>
            caller.client.post('/api/sandbox/ussd', { sessionId: 'sim-session-1', text })
          expect((await press('')).body).toMatchObject({
            answer: expect.stringMatching(/^CON Sabi/),
          })
          await press('1')
          expect((await press(`1*${TEST_PIN}`)).body).toEqual({ answer: 'END Balance: NGN 42.00' })

          const unverified = createTestClient(app)
          const { signUpClient } = await import('../factories/money.ts')
          await signUpClient(unverified)
          expect((await unverified.get('/api/sandbox/ussd')).body).toMatchObject({
            phoneNumber: null,
          })
          const refused = await unverified.post('/api/sandbox/ussd', {
            sessionId: 'sim-session-1',
            text: '',
          })
          expect(refused.status).toBe(409)
        } finally {
          await app.close()
        }
      })
    })
  },
  USSD_ENV,
)

describe('USSD texts', () => {
  const LONG = {
    amount: 'NGN 9,999,999,999,999.99',
    name: `${'W'.repeat(20)} X. @${'u'.repeat(30)}`,
    currency: 'NGN',
    phone: '0803 123 4567',
    network: '9mobile',
    reference: 'TXN1732456789123ABCD',
    left: '4',
    minutes: '30',
    count: '5',
  }

  it('fits every text, in every language, on one screen with its prefix and the longest values', () => {
    for (const language of LANGUAGES) {
      for (const key of TEXT_KEYS) {
        const screen: Screen = {
          end: false,
          lines: [{ key: 'invalidChoice' }, { key, params: LONG }],
        }
        const rendered = renderUssdScreen(screen, language)
        const unrendered = `CON ${ussdText('invalidChoice', language)}\n${ussdText(key, language, LONG)}`
        expect(rendered, `${language} ${key}`).toBe(unrendered)
        expect(unrendered.length, `${language} ${key}`).toBeLessThanOrEqual(USSD_TEXT_MAX)
      }
    }
  })

  it('fits every screen the menu can show, in every language, whatever is typed', () => {
    const wallet = { id: '00000000-0000-4000-8000-000000000001', asset: 'NGN' as const }
    const caller = { phoneNumber: '+2348031234567', wallet, nairaWalletId: wallet.id }
    const recipient = { userId: wallet.id, name: LONG.name }
    const amount = '9999999999999.99'
    const states: UssdState[] = [
      startScreen().next,
      { at: 'balancePin' },
      { at: 'statementPin' },
      { at: 'pinCurrent' },
      { at: 'sendRecipient' },
      { at: 'sendAmount', recipient },
      { at: 'sendPin', recipient, wallet, amount },
      { at: 'airtimeWhose' },
      { at: 'airtimeNumber' },
      { at: 'airtimeNetwork', phone: '+2348031234567' },
      { at: 'airtimeAmount', phone: '+2348031234567', network: '9mobile' },
      { at: 'airtimePin', phone: '+2348031234567', network: '9mobile', amount },
      { at: 'pinNew' },
      { at: 'pinConfirm', newPinHash: 'hash' },
      { at: 'language' },
      { at: 'ended' },
    ]
    const write = () => LONG.amount
    for (const language of LANGUAGES) {
      for (const state of states) {
        for (const answer of ['', 'x', '12', '1234', '7', amount, '9'.repeat(70)]) {
          const move = readAnswer(state, answer, caller, write)
          if ('effect' in move) continue
          const rendered = renderUssdScreen(move.screen, language)
          const lines = move.screen.lines.map((line) =>
            'raw' in line ? line.raw : ussdText(line.key, language, line.params),
          )
          // Nothing was cut to fit.
          expect(rendered, `${language} ${state.at} ${answer}`).toBe(
            `${move.screen.end ? 'END' : 'CON'} ${lines.join('\n')}`,
          )
          expect(rendered.length).toBeLessThanOrEqual(USSD_TEXT_MAX)
        }
        // A wrong PIN re-asks with the tries left above the state's own question.
        const wrong = afterEffect(
          state,
          { kind: 'balance', pin: '9137' },
          { kind: 'wrongPin', attemptsLeft: 4 },
          caller,
          write,
        )
        const rendered = renderUssdScreen(wrong.screen, language)
        expect(rendered.length, `${language} ${state.at} wrong PIN`).toBeLessThan(USSD_TEXT_MAX)
        expect(rendered).toMatch(/\S$/)
      }
    }
  })
})
