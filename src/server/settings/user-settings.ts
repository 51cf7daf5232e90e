import { and, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, userSettings, users, wallets } from '#server/db/schema.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { homeCurrencyOf } from '#shared/countries.ts'
import { AppError, msg } from '#shared/errors.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { type Settings, THEMES, type UpdateSettingsRequest } from '#shared/schemas/account.ts'
import { walletWithMostValue } from '#shared/starting-wallet.ts'

type SettingsRow = typeof userSettings.$inferSelect

/**
 * What a user who never changed anything has (docs/account.md "Settings"); the display
 * currency then follows their country or their money (`followedCurrencyOf`).
 */
const DEFAULTS: Settings = {
  pushNotifications: true,
  emailNotifications: true,
  smsNotifications: false,
  language: 'en',
  displayCurrency: 'USD',
  theme: 'light',
  defaultWalletId: null,
  autoSaveRecipients: true,
}

type Language = Settings['language']

/**
 * `language` stands in for the saved one until the user saves any setting: the language the
 * app is showing (docs/i18n.md "Choosing and remembering"), so a French browser's first
 * settings read, and the row its first change creates, say French rather than English.
 */
function toSettings(
  row: SettingsRow | undefined,
  primaryCurrency: string | undefined,
  language: Language,
): Settings {
  const displayCurrency = row?.displayCurrency ?? primaryCurrency ?? DEFAULTS.displayCurrency
  if (!row) return { ...DEFAULTS, language, displayCurrency }
  return {
    pushNotifications: row.pushNotifications,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    language: LANGUAGES.find((language) => language === row.language) ?? 'en',
    displayCurrency,
    theme: THEMES.find((theme) => theme === row.theme) ?? 'light',
    defaultWalletId: row.defaultWalletId,
    autoSaveRecipients: row.autoSaveRecipients,
  }
}

async function readRow(db: Queryable, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId))
  return row
}

/**
 * The display currency of a user who has not chosen one (docs/account.md "Country and
 * currency"): their country's home currency (NGN, ZAR, KES, else USD); without a country, the
 * currency of the funded wallet worth the most; else the primary wallet's.
 */
async function followedCurrencyOf(db: Queryable, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ country: users.country })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (user?.country) return homeCurrencyOf(user.country)
  const list = await listWallets(db, userId)
  return (walletWithMostValue(list) ?? list.find((wallet) => wallet.isPrimary))?.currency.code
}

export async function readSettings(
  db: Queryable,
  userId: string,
  language: Language = DEFAULTS.language,
): Promise<Settings> {
  const row = await readRow(db, userId)
  const followed = row?.displayCurrency ? undefined : await followedCurrencyOf(db, userId)
  return toSettings(row, followed, language)
}

/**
 * The settings of many users in one query, for work done for many at once (the outbox
 * dispatcher, docs/notifications.md "Delivery"); each as `readSettings` would answer.
 */
export async function readSettingsOfUsers(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, Settings>> {
  const wanted = [...new Set(userIds)]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({
      userId: users.id,
      country: users.country,
      saved: userSettings,
      primaryCurrency: currencies.code,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.isPrimary, true)))
    .leftJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(inArray(users.id, wanted))
  const rowOf = new Map(rows.map((row) => [row.userId, row]))
  return new Map(
    wanted.map((id) => {
      const row = rowOf.get(id)
      return [
        id,
        toSettings(
          row?.saved ?? undefined,
          // Messages need no valuation: a user without a country is followed by their primary.
          row?.country ? homeCurrencyOf(row.country) : (row?.primaryCurrency ?? undefined),
          DEFAULTS.language,
        ),
      ]
    }),
  )
}

/**
 * Saves any subset of the settings. The display currency must be one Sabi knows and the
 * default wallet one of the user's own; the row is created at the first change.
 */
export async function updateSettings(
  db: Queryable,
  userId: string,
  input: UpdateSettingsRequest,
  language: Language = DEFAULTS.language,
): Promise<Settings> {
  if (input.displayCurrency !== undefined) {
    const [known] = await db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, input.displayCurrency))
    if (!known) {
      throw new AppError('VALIDATION_FAILED', msg('unknownDisplayCurrency'), [
        { path: 'displayCurrency', message: msg('unknownDisplayCurrency') },
      ])
    }
  }
  if (input.defaultWalletId) {
    const [own] = await db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.id, input.defaultWalletId), eq(wallets.userId, userId)))
    if (!own) throw new AppError('NOT_FOUND', msg('walletNotFound'))
  }
  const row = await readRow(db, userId)
  const current = toSettings(row, undefined, language)
  // The display currency is stored only once chosen, so until then it follows the primary wallet.
  const values = {
    ...current,
    ...input,
    displayCurrency: input.displayCurrency ?? row?.displayCurrency ?? null,
    updatedAt: new Date(),
  }
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
  return readSettings(db, userId, language)
}
