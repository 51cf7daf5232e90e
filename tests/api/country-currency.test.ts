import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts'
import { userSettings, wallets } from '#server/db/schema.ts'
import { USSD_TEXT_MAX } from '#server/ussd/ussd-protocol.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { settingsSchema } from '#shared/schemas/account.ts'
import { currencySchema } from '#shared/schemas/reference.ts'
import { addFunds, listWallets, signUpClient, TEST_PIN } from '../factories/money.ts'
import { buildSignUp, newPhoneNumber } from '../factories/users.ts'
import { dialogue, USSD_ENV, ussdUser } from '../factories/ussd.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import { createTestClient, type TestClient } from '../setup/test-app.ts'

/** What a user's own money looks like in the app's first answers. */
async function currencyPicture(client: TestClient) {
  const list = await listWallets(client)
  const settings = await client.get('/api/settings')
  expect(settings.status).toBe(200)
  return {
    wallets: list.map((wallet) => `${wallet.currency.code}${wallet.isPrimary ? '*' : ''}`),
    display: settingsSchema.parse(settings.body).displayCurrency,
  }
}

function putSettings(client: TestClient, change: Record<string, unknown>) {
  return client.request({
    method: 'PUT',
    url: '/api/settings',
    payload: JSON.stringify(change),
    headers: { 'content-type': 'application/json' },
  })
}

async function openWalletIn(client: TestClient, code: string) {
  const currencies = currencySchema.array().parse((await client.get('/api/currencies')).body)
  const currency = currencies.find((each) => each.code === code)
  if (!currency) throw new Error(`no currency ${code}`)
  const opened = await client.post('/api/wallets', { currencyId: currency.id })
  expect(opened.status, opened.text).toBe(201)
  return (await listWallets(client)).find((wallet) => wallet.currency.code === code)
}

describeMoneyApi(
  'Country and currency',
  (context) => {
    const client = () => createTestClient(context.app)

    describe('sign-up', () => {
      it('opens the primary wallet and the display currency of the country', async () => {
        const cases = [
          { country: 'NG', wallets: ['NGN*', 'USD'], display: 'NGN' },
          { country: 'za', wallets: ['ZAR*', 'USD'], display: 'ZAR' },
          { country: 'KE', wallets: ['KES*', 'USD'], display: 'KES' },
          { country: 'GB', wallets: ['USD*', 'NGN'], display: 'USD' },
        ]
        for (const each of cases) {
          const user = client()
          const response = await user.post(
            '/api/auth/signup',
            buildSignUp({ country: each.country }),
          )
          expect(response.status, response.text).toBe(201)
          expect(response.body).toMatchObject({ country: each.country.toUpperCase() })
          expect(await currencyPicture(user)).toEqual({
            wallets: each.wallets,
            display: each.display,
          })
        }
      })

      it('takes the country of the phone number when none is given', async () => {
        const user = client()
        // Written as people write it; sign-up reads it as +234...
        const spaced = newPhoneNumber().replace(/^\+234(\d{3})(\d{3})(\d{4})$/, '+234 $1 $2 $3')
        const { email: _email, ...body } = buildSignUp({ phoneNumber: spaced })
        const response = await user.post('/api/auth/signup', body)
        expect(response.status, response.text).toBe(201)
        expect(response.body).toMatchObject({ country: 'NG' })
        expect((await currencyPicture(user)).wallets).toEqual(['NGN*', 'USD'])
      })

      it('refuses a country that is not an ISO 3166 code, and creates nothing', async () => {
        for (const country of ['XX', 'NGA', 'N', 'ng;']) {
          const body = buildSignUp({ country })
          const response = await client().post('/api/auth/signup', body)
          expect(response.status, country).toBe(400)
          expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' })
          const signIn = await client().post('/api/auth/login', {
            email: body.email,
            password: body.password,
          })
          expect(signIn.status).toBe(401)
        }
      })
    })

    describe('without a country', () => {
      it('shows the currency the user holds the most value in, until they choose one', async () => {
        const user = client()
        await signUpClient(user)
        expect(await currencyPicture(user)).toEqual({ wallets: ['USD*', 'NGN'], display: 'USD' })
        const ngn = (await listWallets(user)).find((wallet) => wallet.currency.code === 'NGN')
        if (!ngn) throw new Error('no NGN wallet')
        await addFunds(user, ngn.id, '50000.00')
        expect((await currencyPicture(user)).display).toBe('NGN')
        // Naira worth less than the dollars beside it: the dollars lead again.
        const usd = (await listWallets(user)).find((wallet) => wallet.currency.code === 'USD')
        if (!usd) throw new Error('no USD wallet')
        await addFunds(user, usd.id, '1000.00')
        expect((await currencyPicture(user)).display).toBe('USD')
        // A choice is kept whatever the money does.
        const chosen = await putSettings(user, { displayCurrency: 'NGN' })
        expect(chosen.status, chosen.text).toBe(200)
        await addFunds(user, usd.id, '1000.00')
        expect((await currencyPicture(user)).display).toBe('NGN')
      })

      it('values each wallet in naira, exactly for naira and zero for an empty one', async () => {
        const user = client()
        await signUpClient(user)
        const [usd, ngn] = await listWallets(user)
        expect(usd?.nairaValue).toBe('0.00')
        if (!ngn) throw new Error('no NGN wallet')
        await addFunds(user, ngn.id, '1234.56')
        const after = await listWallets(user)
        expect(after.find((wallet) => wallet.id === ngn.id)?.nairaValue).toBe('1234.56')
      })
    })

    describe('USSD balance', () => {
      it('lists every funded wallet, the default first, on one screen in every language', async () => {
        const {
          client: user,
          phoneNumber,
          ngn,
        } = await ussdUser(context.app, context.database.db, {
          naira: '20000.00',
          nairaDefault: false,
        })
        // A naira user on a dollar primary used to hear "END Balance: USD 0.00".
        const first = dialogue(context.app, phoneNumber)
        await first.dial()
        await first.press('1')
        expect(await first.press(TEST_PIN)).toBe('END Balance: NGN 20,000.00')

        for (const code of ['GBP', 'EUR', 'ZAR', 'KES', 'GHS', 'CAD', 'AUD', 'INR', 'CNY', 'AED']) {
          const wallet = await openWalletIn(user, code)
          if (!wallet) throw new Error(`no ${code} wallet`)
          await addFunds(user, wallet.id, '999999.99')
        }
        const usd = (await listWallets(user)).find((wallet) => wallet.currency.code === 'USD')
        if (!usd) throw new Error('no USD wallet')
        await addFunds(user, usd.id, '12.50')
        // Naira on display keeps the naira wallet first, though others are worth more.
        expect(ngn.id).toBeTruthy()
        for (const language of LANGUAGES) {
          const set = await putSettings(user, { language, displayCurrency: 'NGN' })
          expect(set.status).toBe(200)
          const phone = dialogue(context.app, phoneNumber)
          await phone.dial()
          await phone.press('1')
          const answer = await phone.press(TEST_PIN)
          expect(answer.length, answer).toBeLessThanOrEqual(USSD_TEXT_MAX)
          expect(answer).toMatch(/^END /)
          const lines = answer.split('\n').slice(1)
          expect(lines[0], answer).toBe('NGN 20,000.00')
          expect(lines.length, answer).toBeGreaterThan(3)
          expect(
            lines.every((line) => /^[A-Z]{3,4} [\d,]+\.\d+$/.test(line)),
            answer,
          ).toBe(true)
        }
      })
    })

    describe('migration 0022', () => {
      it('makes the only funded currency of an existing account its primary and display one', async () => {
        const { db } = context.database
        const makeOld = async (fund: string[]) => {
          const user = client()
          const { id } = await signUpClient(user)
          for (const wallet of await listWallets(user)) {
            if (fund.includes(wallet.currency.code)) await addFunds(user, wallet.id, '100.00')
          }
          await db
            .insert(userSettings)
            .values({ userId: id, displayCurrency: 'USD' })
            .onConflictDoUpdate({ target: userSettings.userId, set: { displayCurrency: 'USD' } })
          return { user, id }
        }
        const nairaOnly = await makeOld(['NGN'])
        const both = await makeOld(['NGN', 'USD'])
        const none = await makeOld([])

        const text = await readFile(
          join(MIGRATIONS_FOLDER, '0022_country_decides_currency.sql'),
          'utf8',
        )
        const [, ...dataStatements] = text.split('--> statement-breakpoint')
        expect(dataStatements.length).toBe(2)
        for (const statement of dataStatements) await db.execute(sql.raw(statement))

        expect(await currencyPicture(nairaOnly.user)).toEqual({
          wallets: ['NGN*', 'USD'],
          display: 'NGN',
        })
        expect(await currencyPicture(both.user)).toEqual({
          wallets: ['USD*', 'NGN'],
          display: 'USD',
        })
        expect(await currencyPicture(none.user)).toEqual({
          wallets: ['USD*', 'NGN'],
          display: 'USD',
        })
        const primaries = await db
          .select({ id: wallets.id })
          .from(wallets)
          .where(eq(wallets.userId, nairaOnly.id))
        expect(primaries.length).toBe(2)
      })
    })
  },
  USSD_ENV,
)
