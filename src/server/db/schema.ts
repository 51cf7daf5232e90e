import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

/** SPEC §3 User, plus the password hash that never leaves the server. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 30 }).notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    profileImageUrl: varchar('profile_image_url', { length: 2048 }),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    phoneNumber: varchar('phone_number', { length: 20 }),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // E-mail and username are unique whatever their case: "Ada" and "ada" are one person.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
  ],
)

/** SPEC §3 Session: `sid` key, `sess` JSON, `expire` indexed; `user_id` lets a user's sessions be listed and revoked. */
export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true, mode: 'date' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_expire_idx').on(table.expire), index('sessions_user_id_idx').on(table.userId)],
)

/**
 * Failed sign-ins, kept in the database so the limit holds across server instances
 * (DESIGN §7). Rows older than the window are deleted as new failures arrive.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    ipAddress: varchar('ip_address', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.createdAt),
    index('login_failures_ip_idx').on(table.ipAddress, table.createdAt),
  ],
)

/** SPEC §3 Currency, with the minor-unit exponent the money module uses. */
export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: char('code', { length: 3 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    flagEmoji: varchar('flag_emoji', { length: 16 }).notNull(),
    exponent: smallint('exponent').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamps.createdAt,
  },
  (table) => [check('currencies_exponent_check', sql`${table.exponent} between 0 and 8`)],
)

/** SPEC §3 Cryptocurrency, with its USD price and 24h change. */
export const cryptocurrencies = pgTable(
  'cryptocurrencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 10 }).notNull().unique(),
    name: varchar('name', { length: 64 }).notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    iconUrl: varchar('icon_url', { length: 2048 }),
    exponent: smallint('exponent').notNull(),
    // Prices and percentages are rates, not amounts: numeric, read back as exact decimal text.
    priceUsd: numeric('price_usd', { precision: 20, scale: 8 }).notNull(),
    changePercent: numeric('change_percent', { precision: 7, scale: 2 }).notNull().default('0.00'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (table) => [check('cryptocurrencies_exponent_check', sql`${table.exponent} between 0 and 18`)],
)

/** SPEC §3 Exchange rate: one row per ordered pair, rate decimal(10,6), change percent (5,2). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id),
    rate: numeric('rate', { precision: 10, scale: 6 }).notNull(),
    changePercent: numeric('change_percent', { precision: 5, scale: 2 }).notNull().default('0.00'),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [
    uniqueIndex('exchange_rates_pair_key').on(table.fromCurrencyId, table.toCurrencyId),
    check('exchange_rates_distinct_pair', sql`${table.fromCurrencyId} <> ${table.toCurrencyId}`),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
)

/** SPEC §3 Wallet: one per user and currency; the balance is minor units, never below zero. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('wallets_user_currency_key').on(table.userId, table.currencyId),
    check('wallets_balance_non_negative', sql`${table.balanceMinor} >= 0`),
  ],
)
