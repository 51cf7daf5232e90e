import { signUpUser } from '#server/auth/sign-up-user.ts'
import type { Database, Queryable } from '#server/db/client.ts'
import { cryptocurrencies, currencies, exchangeRates } from '#server/db/schema.ts'
import { ensureSystemAccounts } from '#server/ledger/accounts.ts'
import {
  crossRate,
  SEED_CRYPTOCURRENCIES,
  SEED_CURRENCIES,
} from '#server/reference/reference-data.ts'
import { findUserByEmail } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'
import { ASSET_EXPONENTS } from '#shared/money.ts'
import { seedDemoActivity } from './demo-activity.ts'

/**
 * Inserts the reference data (currencies, cryptocurrencies, exchange rates between every
 * pair, the system accounts of the chart of accounts) that is missing. Existing rows are left alone, so rates a feed has moved survive a
 * restart, and running it twice changes nothing.
 */
export async function seedReferenceData(db: Queryable): Promise<void> {
  await db
    .insert(currencies)
    .values(
      SEED_CURRENCIES.map((currency) => ({
        ...currency,
        exponent: ASSET_EXPONENTS[currency.code],
      })),
    )
    .onConflictDoNothing({ target: currencies.code })
  await db
    .insert(cryptocurrencies)
    .values(
      SEED_CRYPTOCURRENCIES.map((crypto) => ({
        ...crypto,
        exponent: ASSET_EXPONENTS[crypto.code],
      })),
    )
    .onConflictDoNothing({ target: cryptocurrencies.code })

  const rows = await db.select({ id: currencies.id, code: currencies.code }).from(currencies)
  const idByCode = new Map(rows.map((row) => [row.code, row.id]))
  const pairs = SEED_CURRENCIES.flatMap((from) =>
    SEED_CURRENCIES.filter((to) => to.code !== from.code).map((to) => {
      const fromCurrencyId = idByCode.get(from.code)
      const toCurrencyId = idByCode.get(to.code)
      if (fromCurrencyId === undefined || toCurrencyId === undefined) {
        throw new Error(`seeded currency missing: ${from.code} or ${to.code}`)
      }
      return { fromCurrencyId, toCurrencyId, rate: crossRate(from.code, to.code) }
    }),
  )
  await db
    .insert(exchangeRates)
    .values(pairs)
    .onConflictDoNothing({ target: [exchangeRates.fromCurrencyId, exchangeRates.toCurrencyId] })
  await ensureSystemAccounts(db)
}

export const DEMO_ACCOUNT = {
  email: 'demo@sabi.app',
  // Printed at start-up in sandbox mode only; a production server never creates this account.
  password: 'sabi-demo-2025',
  firstName: 'Ada',
  lastName: 'Okafor',
  username: 'ada_demo',
} as const

/**
 * Creates the sandbox demo account, with money and history, if it does not exist yet (its PIN
 * is DEMO_PIN). Several instances starting at
 * once may race to create it; the ones that lose find it made, which is all they wanted.
 */
export async function seedDemoAccount(db: Database): Promise<void> {
  if (await findUserByEmail(db, DEMO_ACCOUNT.email)) return
  try {
    const demo = await signUpUser(db, DEMO_ACCOUNT)
    // Only the instance that made the account gives it its money and history.
    await seedDemoActivity(db, demo.id)
  } catch (error) {
    const lostTheRace =
      error instanceof AppError && (error.code === 'EMAIL_TAKEN' || error.code === 'USERNAME_TAKEN')
    if (!lostTheRace) throw error
  }
}
