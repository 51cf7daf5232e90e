import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

/** A user (docs/data-model.md "User"), plus the password hash that never leaves the server. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an account made with a phone number only (docs/phone-numbers.md). */
    email: varchar('email', { length: 254 }),
    username: varchar('username', { length: 30 }).notNull(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    profileImageUrl: varchar('profile_image_url', { length: 2048 }),
    passwordHash: text('password_hash').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    /** E.164 (docs/phone-numbers.md); another helper's USSD channel relies on this contract. */
    phoneNumber: varchar('phone_number', { length: 20 }),
    /**
     * ISO 3166-1 alpha-2, chosen at sign-up (docs/account.md "Country and currency"): it decides
     * the primary wallet and the display currency. Null for accounts made before it was asked.
     */
    country: varchar('country', { length: 2 }),
    /** Whether the user proved with an SMS code that the number is theirs. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The TOTP secret, encrypted (see secrets/seal.ts); set at setup, used once enabled. */
    totpSecretSealed: text('totp_secret_sealed'),
    /**
     * The RFC 6238 time step of the last TOTP code accepted: a code of that step or an earlier
     * one is refused, so a code seen over a shoulder or in a log works once (issue 32).
     */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** unverified, verified or failed: the identity check of Complete Verification. */
    verificationStatus: varchar('verification_status', { length: 16 })
      .notNull()
      .default('unverified'),
    /** bvn, nin or national_id: what the last completed identity check was of. */
    verificationIdType: varchar('verification_id_type', { length: 16 }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** The KYC tier (docs/limits.md): 1 new, 2 BVN or NIN verified, 3 document and address. */
    kycTier: smallint('kyc_tier').notNull().default(1),
    /** A deactivated account cannot sign in; its ledger rows stay. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    /** When the user proved they read this e-mail address (docs/account.md "E-mail verification"). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the current number was proved by SMS code: a reset by SMS goes only to a number
     * verified at least 72 hours ago (docs/security.md "Account recovery").
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set by "This wasn't me", Settings or USSD (docs/security.md "Freezing"): no outgoing money
     * and no credential change until the owner unfreezes with the password and an e-mailed code.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true, mode: 'date' }),
    /**
     * Until when outgoing money is held to the cooling-off allowance after a recovery or a
     * credential change (docs/security.md "Cooling-off"), and since when it counts.
     */
    coolingOffSince: timestamp('cooling_off_since', { withTimezone: true, mode: 'date' }),
    coolingOffUntil: timestamp('cooling_off_until', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    // E-mail and username are unique whatever their case: "Ada" and "ada" are one person.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    // Trigram indexes make "anywhere in the word" search fast with a million users.
    index('users_first_name_trgm_idx').using('gin', sql`lower(${table.firstName}) gin_trgm_ops`),
    index('users_last_name_trgm_idx').using('gin', sql`lower(${table.lastName}) gin_trgm_ops`),
    index('users_username_trgm_idx').using('gin', sql`lower(${table.username}) gin_trgm_ops`),
    check('users_kyc_tier_check', sql`${table.kycTier} between 1 and 3`),
    // A verified number belongs to one account at a time: it signs in and receives money.
    uniqueIndex('users_phone_verified_key')
      .on(table.phoneNumber)
      .where(sql`${table.phoneVerified}`),
    // An account without an e-mail signs in by its number, so no two such accounts share one.
    uniqueIndex('users_phone_only_key').on(table.phoneNumber).where(sql`${table.email} is null`),
    check(
      'users_email_or_phone_check',
      sql`${table.email} is not null or ${table.phoneNumber} is not null`,
    ),
  ],
)

/**
 * What each KYC tier allows (docs/limits.md), in kobo: written at start-up from the
 * configuration and read inside every posting, so a limit holds in the same transaction as the
 * money it limits. A null balance cap means no cap.
 */
export const kycTierLimits = pgTable(
  'kyc_tier_limits',
  {
    tier: smallint('tier').primaryKey(),
    singleMaxMinor: bigint('single_max_minor', { mode: 'bigint' }).notNull(),
    dailyMaxMinor: bigint('daily_max_minor', { mode: 'bigint' }).notNull(),
    balanceMaxMinor: bigint('balance_max_minor', { mode: 'bigint' }),
  },
  (table) => [
    check('kyc_tier_limits_tier_check', sql`${table.tier} between 1 and 3`),
    check(
      'kyc_tier_limits_positive',
      sql`${table.singleMaxMinor} > 0 and ${table.dailyMaxMinor} > 0 and (${table.balanceMaxMinor} is null or ${table.balanceMaxMinor} > 0)`,
    ),
  ],
)

/**
 * What a user has sent on one Lagos calendar day, in kobo at the market rate of the moment each
 * payment was made (docs/limits.md "Sent per day"); raised in the posting's transaction.
 */
export const kycDailyUsage = pgTable(
  'kyc_daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    sentMinor: bigint('sent_minor', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('kyc_daily_usage_non_negative', sql`${table.sentMinor} >= 0`),
  ],
)

/**
 * A tier-3 check (docs/limits.md "Tier 3"): the document's kind and last four characters, the
 * address, and what the identity provider answered, or that it waits in the compliance review
 * queue. The full document number is not kept.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    documentType: varchar('document_type', { length: 20 }).notNull(),
    documentNumberLast4: varchar('document_number_last4', { length: 4 }).notNull(),
    addressLine: varchar('address_line', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 100 }).notNull(),
    country: char('country', { length: 2 }).notNull(),
    /**
     * verified or failed at once, or in_review: the registry cannot check the document, so
     * compliance reviews it (the operations console's queue) before the tier is raised.
     */
    status: varchar('status', { length: 16 }).notNull(),
    failureReason: varchar('failure_reason', { length: 200 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('kyc_documents_user_idx').on(table.userId, table.createdAt),
    // One document in review per user at a time; the queue is worked oldest first.
    uniqueIndex('kyc_documents_one_in_review_key')
      .on(table.userId)
      .where(sql`${table.status} = 'in_review'`),
    index('kyc_documents_review_queue_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'in_review'`),
    check(
      'kyc_documents_status_check',
      sql`${table.status} in ('verified', 'failed', 'in_review')`,
    ),
  ],
)

/**
 * Every completed tier-2 identity check (docs/security.md "Identity"): whose, of what kind of
 * number in which country, what Sabi decided from the registry's answer, and the registry's own
 * id of the job. Neither the number, nor the registry's name, date of birth or photo of the
 * person: a check the registry never answered leaves no row.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    /** Sabi's id of the check, sent to the registry as its job id. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The registry that answered: smile-id, or sandbox-identity. */
    provider: varchar('provider', { length: 32 }).notNull(),
    /** bvn, nin or national_id. */
    idType: varchar('id_type', { length: 16 }).notNull(),
    /** The country whose registry holds the number: NG, ZA or KE. */
    country: char('country', { length: 2 }).notNull(),
    /** verified, not_found, name_mismatch or date_mismatch. */
    result: varchar('result', { length: 16 }).notNull(),
    /** The registry's id of the job (Smile ID's SmileJobID); none from the sandbox. */
    providerJobId: varchar('provider_job_id', { length: 64 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('identity_checks_user_idx').on(table.userId, table.createdAt),
    check(
      'identity_checks_result_check',
      sql`${table.result} in ('verified', 'not_found', 'name_mismatch', 'date_mismatch')`,
    ),
  ],
)

/**
 * A session (docs/data-model.md "Session"): keyed by the hash of its `sid`, `sess` JSON, `expire`
 * indexed; `user_id` lets a user's sessions be listed and revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    // The SHA-256 (hex) of the session id in the cookie, never the id itself (migration 0008).
    sidHash: varchar('sid_hash', { length: 64 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true, mode: 'date' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_expire_idx').on(table.expire),
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_user_created_idx').on(table.userId, table.createdAt, table.sidHash),
  ],
)

/**
 * Rate-limit counters shared by every server instance (rate-limits/consume-rate-limit.ts): one
 * row per limited key, its hits in the current fixed window and when the window ends.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
)

/**
 * A user's transaction PIN (docs/security.md "Transaction PIN"): only its argon2id hash, and the
 * wrong attempts in a row, kept here so the lock holds across restarts and instances.
 */
export const transactionPins = pgTable(
  'transaction_pins',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    pinHash: text('pin_hash').notNull(),
    /**
     * Wrong PINs since the PIN was set, forgotten a day after the last one: a right PIN does not
     * wipe them, so guesses between the owner's payments still add up (docs/security.md).
     */
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [check('transaction_pins_attempts_check', sql`${table.failedAttempts} >= 0`)],
)

/**
 * Failed sign-ins, kept in the database so the limit holds across server instances
 * (docs/running.md "Several instances"). Rows older than the window are deleted as new
 * failures arrive.
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

/**
 * A currency (docs/data-model.md "Currency"), with the minor-unit exponent the money module uses.
 */
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

/** A cryptocurrency (docs/data-model.md "Cryptocurrency"), with its USD price and 24h change. */
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

/**
 * docs/data-model.md "Exchange rate": one row per ordered pair, rate decimal(10,6), change (5,2).
 */
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

/**
 * The ledger's accounts (docs/ledger.md "Accounts"): one per customer wallet or holding, and system
 * accounts per asset. The balance lives here and changes only together with postings; customer
 * accounts can never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: varchar('asset', { length: 10 }).notNull(),
    /**
     * 'wallet' (a customer's fiat wallet), 'holding' (a customer's crypto), 'pocket' (a customer's
     * savings pocket, docs/pockets.md) or 'system'.
     */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** For system accounts: their role in the chart of accounts. */
    systemRole: varchar('system_role', { length: 32 }),
    userId: uuid('user_id').references(() => users.id),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    // Postings name (account, asset) together, so a posting can never be in the wrong asset.
    unique('ledger_accounts_id_asset_key').on(table.id, table.asset),
    uniqueIndex('ledger_accounts_system_role_asset_key')
      .on(table.systemRole, table.asset)
      .where(sql`${table.kind} = 'system'`),
    // A customer holds each crypto asset in one account.
    uniqueIndex('ledger_accounts_holding_key')
      .on(table.userId, table.asset)
      .where(sql`${table.kind} = 'holding'`),
    // A customer's savings pockets, read with their wallets for the balance cap.
    index('ledger_accounts_pocket_owner_idx').on(table.userId).where(sql`${table.kind} = 'pocket'`),
    check(
      'ledger_accounts_kind_check',
      sql`${table.kind} in ('wallet', 'holding', 'pocket', 'system')`,
    ),
    check(
      'ledger_accounts_customer_owner_check',
      sql`(${table.kind} = 'system') = (${table.userId} is null and ${table.systemRole} is not null)`,
    ),
    check(
      'ledger_accounts_customer_non_negative',
      sql`${table.kind} = 'system' or ${table.balanceMinor} >= 0`,
    ),
  ],
)

/** docs/data-model.md "Wallet": one per user and currency; its balance is its ledger account's. */
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
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (table) => [uniqueIndex('wallets_user_currency_key').on(table.userId, table.currencyId)],
)

/**
 * A journal: the header of one movement of money (docs/ledger.md "Journals and postings"). Its
 * postings sum to zero per asset. Only `status` and `updated_at` ever change, as a payout settles
 * or fails.
 */
export const journals = pgTable(
  'journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: varchar('reference', { length: 40 }).notNull().unique(),
    /** As the initiator sees it: send, add_funds, purchase, withdraw, exchange... */
    type: varchar('type', { length: 24 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    fromUserId: uuid('from_user_id').references(() => users.id),
    toUserId: uuid('to_user_id').references(() => users.id),
    fromWalletId: uuid('from_wallet_id').references(() => wallets.id),
    toWalletId: uuid('to_wallet_id').references(() => wallets.id),
    /** The asset of `amount` and `fee`. */
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 6 }),
    convertedAsset: varchar('converted_asset', { length: 10 }),
    convertedAmountMinor: bigint('converted_amount_minor', { mode: 'bigint' }),
    description: varchar('description', { length: 200 }),
    externalReference: varchar('external_reference', { length: 100 }),
    /** A correcting journal points at the journal it reverses (docs/ledger.md). */
    reversesJournalId: uuid('reverses_journal_id'),
    /**
     * What this journal counted against its sender's daily limit, in kobo (docs/limits.md), so
     * that a reversal gives exactly that back.
     */
    limitValueMinor: bigint('limit_value_minor', { mode: 'bigint' }),
    /**
     * The code printed on the journal's receipt that anyone can check at /verify/:code
     * (docs/receipts.md): 64 bits from gen_random_uuid, so it cannot be guessed.
     */
    verificationCode: varchar('verification_code', { length: 16 })
      .notNull()
      .unique()
      .default(sql`upper(substr(md5(gen_random_uuid()::text), 1, 16))`),
    ...timestamps,
  },
  (table) => [
    foreignKey({ columns: [table.reversesJournalId], foreignColumns: [table.id] }),
    check(
      'journals_status_check',
      sql`${table.status} in ('pending', 'completed', 'failed', 'held', 'reversed')`,
    ),
    check('journals_amount_positive', sql`${table.amountMinor} > 0`),
    check('journals_fee_non_negative', sql`${table.feeMinor} >= 0`),
    index('journals_from_user_idx').on(table.fromUserId, table.createdAt.desc(), table.id.desc()),
    index('journals_to_user_idx').on(table.toUserId, table.createdAt.desc(), table.id.desc()),
  ],
)

/**
 * The lines of a journal. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, and a
 * deferred constraint trigger refuses a journal whose postings do not sum to zero per asset.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    asset: varchar('asset', { length: 10 }).notNull(),
    /** Positive raises the account's balance, negative lowers it. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'postings_account_asset_fk',
      columns: [table.accountId, table.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
    }),
    check('postings_amount_non_zero', sql`${table.amountMinor} <> 0`),
    index('postings_journal_idx').on(table.journalId),
    index('postings_account_idx').on(table.accountId, table.id),
  ],
)

/**
 * Idempotency keys of money POSTs (docs/ledger.md "Idempotency"), written in the same transaction
 * as the journal: a retry finds the first response here; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: varchar('key', { length: 100 }).notNull(),
    requestHash: char('request_hash', { length: 64 }).notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
)

/**
 * The market's history: what one unit of each asset (fiat or crypto) was worth in US dollars,
 * minute by minute for the last 48 hours. Pair rates and 24h changes are derived from it, so a
 * pair and its reverse always agree.
 */
export const marketPrices = pgTable(
  'market_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asset: varchar('asset', { length: 10 }).notNull(),
    usdPrice: numeric('usd_price', { precision: 38, scale: 18 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('market_prices_asset_time_idx').on(table.asset, table.recordedAt),
    check('market_prices_positive', sql`${table.usdPrice} > 0`),
  ],
)

/**
 * A locked exchange quote: the rate, fee and amounts a user was shown, honoured until it
 * expires (issue "Currency exchange and crypto": 30 seconds).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromCurrencyId: integer('from_currency_id')
      .notNull()
      .references(() => currencies.id),
    toCurrencyId: integer('to_currency_id')
      .notNull()
      .references(() => currencies.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    receiveMinor: bigint('receive_minor', { mode: 'bigint' }).notNull(),
    /** 'exchange' (between the user's wallets) or 'international' (a transfer abroad). */
    purpose: varchar('purpose', { length: 16 }).notNull().default('exchange'),
    /** What else the price depends on: for a transfer abroad, region, country and method. */
    details: jsonb('details').notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('quotes_user_idx').on(table.userId, table.createdAt)],
)

/**
 * Money on its way out through a provider (docs/ledger.md "Two-phase payouts"). The initiating
 * journal has moved it from the wallet to "payouts in flight"; the provider's result settles it or
 * reverses it, exactly once. `details` holds what the provider needs (bank and account, biller and
 * customer number...).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journalId: uuid('journal_id')
      .notNull()
      .unique()
      .references(() => journals.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** 'bank', 'bill' or 'international'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /**
     * pending (not yet sent) → submitted (the provider has it) → completed or failed; or
     * needs_review when the provider would not take it or never answered (a person decides).
     */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    provider: varchar('provider', { length: 32 }).notNull(),
    providerReference: varchar('provider_reference', { length: 100 }).unique(),
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    details: jsonb('details').notNull(),
    /** Times the worker tried to send it. */
    attempts: integer('attempts').notNull().default(0),
    /** Times the worker asked the provider how it ended. */
    statusChecks: integer('status_checks').notNull().default(0),
    /** When the worker next sends it (pending) or asks after it (submitted). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    failureReason: varchar('failure_reason', { length: 200 }),
    /** What the provider handed back on success for the receipt, e.g. an electricity token. */
    result: jsonb('result'),
    ...timestamps,
  },
  (table) => [
    check(
      'payouts_status_check',
      sql`${table.status} in ('pending', 'submitted', 'needs_review', 'completed', 'failed', 'reversed')`,
    ),
    index('payouts_due_idx').on(table.status, table.nextAttemptAt),
  ],
)

/**
 * The bank directory (docs/paystack.md "Banks"): every bank and mobile-money service the
 * configured bank provider pays into, per country, refreshed daily from the provider and kept
 * here, so an outage at the provider never empties the bank picker.
 */
/**
 * A bill aggregator's catalogue as last fetched (docs/flutterwave.md "Catalogue"): each row is one
 * biller as Sabi offers it, with its items (packages with set prices, or any amount), refreshed
 * daily by the money upkeep. The sandbox's billers are a fixed list and are not stored.
 */
export const billCatalogue = pgTable(
  'bill_catalogue',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    /** Sabi's slug for the biller: payments and links name it by this. */
    id: varchar('id', { length: 60 }).notNull(),
    /** One of the bill payment types (src/shared/schemas/bills.ts). */
    type: varchar('type', { length: 16 }).notNull(),
    /** The biller as the API serves it, items and provider codes included (billerSchema). */
    biller: jsonb('biller').notNull(),
    /** False once the provider stops listing it; kept so old payments still read its name. */
    active: boolean('active').notNull().default(true),
    /** Where the provider lists it within its type. */
    position: integer('position').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.id] })],
)

export const banks = pgTable(
  'banks',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    /** ISO country: NG, ZA or KE. */
    country: char('country', { length: 2 }).notNull(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    /** The provider's rail for the bank: nuban, basa, kepss, mobile_money... */
    type: varchar('type', { length: 32 }).notNull(),
    /** Whether the account holder's name can be asked before sending. */
    nameEnquiry: boolean('name_enquiry').notNull(),
    /** False once the provider stops listing it; kept so old payouts still name their bank. */
    active: boolean('active').notNull().default(true),
    /** Where the provider lists it: the picker keeps the provider's order within a country. */
    position: integer('position').notNull().default(0),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.country, table.code] }),
    index('banks_code_idx').on(table.provider, table.code),
  ],
)

/**
 * A payee as a payout provider knows it (Paystack's transfer recipient), made once per account
 * and kept, so a second payout to the same account reuses it (docs/paystack.md "Payouts").
 */
export const payoutRecipients = pgTable(
  'payout_recipients',
  {
    provider: varchar('provider', { length: 32 }).notNull(),
    /** type, bank code, account number and currency, joined: what makes a payee one payee. */
    accountKey: varchar('account_key', { length: 120 }).notNull(),
    recipientCode: varchar('recipient_code', { length: 64 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.provider, table.accountKey] })],
)

/**
 * A user's own account number for top-ups by bank transfer (Paystack's dedicated virtual
 * account; docs/funding.md "Your Sabi account number"), one per user and provider.
 */
export const fundingAccounts = pgTable(
  'funding_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: varchar('provider', { length: 32 }).notNull(),
    /** The provider's customer the account belongs to: money into it is matched by this. */
    customerCode: varchar('customer_code', { length: 64 }).notNull(),
    accountNumber: varchar('account_number', { length: 20 }).notNull(),
    accountName: varchar('account_name', { length: 120 }).notNull(),
    bankName: varchar('bank_name', { length: 120 }).notNull(),
    asset: varchar('asset', { length: 10 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    unique('funding_accounts_customer_key').on(table.provider, table.customerCode),
  ],
)

/**
 * Money coming in from outside through a provider (docs/funding.md): a card checkout started
 * here, or a bank transfer into a user's account number. Its reference is the provider's, and
 * unique, so a result told twice (a webhook and a verify, a retried webhook) credits once.
 * pending → credited | held (over the user's limit) → credited | refunded; or pending → failed.
 */
export const topUps = pgTable(
  'top_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: varchar('provider', { length: 32 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** card (a checkout) or bank_transfer (into the user's account number). */
    channel: varchar('channel', { length: 16 }).notNull(),
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The journal that shows it in the user's history, once money arrived. */
    journalId: uuid('journal_id').references(() => journals.id),
    /** The provider's own id for the payment, for refunds. */
    providerTransactionId: varchar('provider_transaction_id', { length: 64 }),
    senderName: varchar('sender_name', { length: 120 }),
    senderBank: varchar('sender_bank', { length: 120 }),
    /** A held top-up is returned to its sender after this, unless credited first. */
    refundAfter: timestamp('refund_after', { withTimezone: true, mode: 'date' }),
    /** Where the checkout is paid, kept so a retried request answers the same page. */
    authorizationUrl: varchar('authorization_url', { length: 500 }),
    ...timestamps,
  },
  (table) => [
    unique('top_ups_reference_key').on(table.provider, table.reference),
    check(
      'top_ups_status_check',
      sql`${table.status} in ('pending', 'credited', 'held', 'refunded', 'failed')`,
    ),
    check('top_ups_amount_positive', sql`${table.amountMinor} > 0`),
    index('top_ups_status_idx').on(table.status, table.createdAt),
    index('top_ups_user_idx').on(table.userId, table.status),
  ],
)

/**
 * Every provider event received (docs/paystack.md "Webhooks"), stored before it is answered:
 * the same delivery twice is one row, and a row not yet applied is applied by the next pass
 * if the process stopped before it could.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    /** SHA-256 of the raw body: a redelivery of the same event is the same row. */
    id: char('id', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 32 }).notNull(),
    event: varchar('event', { length: 64 }).notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    /** What applying it did, for operators: applied, duplicate, unknown reference... */
    outcome: varchar('outcome', { length: 200 }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    index('provider_events_unapplied_idx')
      .on(table.receivedAt)
      .where(sql`${table.appliedAt} is null`),
  ],
)

/** Every status a transaction passes through, for its timeline. */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    status: varchar('status', { length: 16 }).notNull(),
    message: varchar('message', { length: 200 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('transaction_events_journal_idx').on(table.journalId, table.id)],
)

/**
 * A recipient (docs/data-model.md "Recipient"): someone the user has paid outside Sabi, saved after
 * a transfer to them settles and offered the next time. `kind` says which screen offers it;
 * `fingerprint` is what makes two transfers "the same recipient" (bank and account, or country,
 * method and account), so paying someone again updates one row instead of adding another.
 */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 200 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }),
    phoneNumber: varchar('phone_number', { length: 20 }),
    accountNumber: varchar('account_number', { length: 40 }),
    bankCode: varchar('bank_code', { length: 20 }),
    countryCode: char('country_code', { length: 2 }),
    /** Everything else the transfer screen needs to fill itself in again (method, currency...). */
    details: jsonb('details').notNull().default({}),
    useCount: integer('use_count').notNull().default(1),
    isFrequent: boolean('is_frequent').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('recipients_user_fingerprint_key').on(table.userId, table.kind, table.fingerprint),
    index('recipients_user_recent_idx').on(table.userId, table.lastUsedAt),
    check('recipients_kind_check', sql`${table.kind} in ('bank', 'international')`),
  ],
)

/**
 * A payment request (issue "Getting paid"): someone asks for an amount into one of their
 * wallets; anyone signed in may pay it once, by a free Sabi transfer. `status` is stored as
 * open, paid or cancelled; an open request past `expires_at` reads as expired. A POS sale
 * paid by QR code is a request with `purpose = 'pos_sale'`.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    description: varchar('description', { length: 140 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull().default('request'),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id),
    paidJournalId: uuid('paid_journal_id').references(() => journals.id),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    check('payment_requests_status_check', sql`${table.status} in ('open', 'paid', 'cancelled')`),
    check('payment_requests_purpose_check', sql`${table.purpose} in ('request', 'pos_sale')`),
    check('payment_requests_amount_positive', sql`${table.amountMinor} > 0`),
    index('payment_requests_requester_idx').on(table.requesterId, table.createdAt),
  ],
)

/**
 * A sale at a POS terminal (docs/getting-paid.md "POS terminal"): paid by card through the
 * card-acquiring account at once, or by QR code through a payment request the customer pays from
 * their phone, which completes the sale. `journal_id` is the money's journal once it has arrived.
 */
export const posSales = pgTable(
  'pos_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    description: varchar('description', { length: 140 }).notNull(),
    customerName: varchar('customer_name', { length: 100 }),
    customerEmail: varchar('customer_email', { length: 254 }),
    customerPhone: varchar('customer_phone', { length: 20 }),
    method: varchar('method', { length: 8 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    cardLast4: char('card_last4', { length: 4 }),
    failureReason: varchar('failure_reason', { length: 200 }),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id),
    journalId: uuid('journal_id').references(() => journals.id),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    check('pos_sales_method_check', sql`${table.method} in ('card', 'qr')`),
    check(
      'pos_sales_status_check',
      sql`${table.status} in ('pending', 'completed', 'failed', 'cancelled')`,
    ),
    check('pos_sales_amount_positive', sql`${table.amountMinor} > 0`),
    index('pos_sales_merchant_idx').on(table.merchantId, table.createdAt),
    uniqueIndex('pos_sales_payment_request_key').on(table.paymentRequestId),
  ],
)

/** One-time backup codes for two-factor sign-in, stored as SHA-256 hashes; each works once. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [uniqueIndex('backup_codes_user_code_key').on(table.userId, table.codeHash)],
)

/**
 * The identity numbers (BVN, NIN, document) that back an account, each as a keyed hash: a number
 * backs one account only (docs/security.md "Identity"), and the number itself is never stored.
 */
export const identityNumbers = pgTable('identity_numbers', {
  /** HMAC-SHA256 of the kind and the number under the server's identity key, in hex. */
  numberHash: char('number_hash', { length: 64 }).primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  /** bvn, nin or the document type. */
  idType: varchar('id_type', { length: 20 }).notNull(),
  createdAt: timestamps.createdAt,
})

/**
 * docs/account.md "Settings", saved on the server: one row per user, created at the first change.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  language: varchar('language', { length: 2 }).notNull().default('en'),
  /** Null until the user chooses one: the total then follows their primary wallet's currency. */
  displayCurrency: varchar('display_currency', { length: 3 }),
  theme: varchar('theme', { length: 8 }).notNull().default('light'),
  defaultWalletId: uuid('default_wallet_id').references(() => wallets.id),
  autoSaveRecipients: boolean('auto_save_recipients').notNull().default(true),
  updatedAt: timestamps.updatedAt,
})

/**
 * The user's virtual card (docs/account.md "Card"): number and CVV sealed (AES-256-GCM), the last
 * four digits and expiry in the clear for display. Controls and theme persist here.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    numberSealed: text('number_sealed').notNull(),
    cvvSealed: text('cvv_sealed').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    locked: boolean('locked').notNull().default(false),
    contactless: boolean('contactless').notNull().default(true),
    online: boolean('online').notNull().default(true),
    theme: varchar('theme', { length: 16 }).notNull().default('rainbow'),
    ...timestamps,
  },
  (table) => [uniqueIndex('cards_user_key').on(table.userId)],
)

/** Replacement requests and physical card orders, with their delivery estimate. */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('requested'),
    details: jsonb('details').notNull().default({}),
    estimatedFrom: timestamp('estimated_from', { withTimezone: true, mode: 'date' }).notNull(),
    estimatedTo: timestamp('estimated_to', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check('card_requests_kind_check', sql`${table.kind} in ('replacement', 'physical')`),
    index('card_requests_card_idx').on(table.cardId, table.createdAt),
  ],
)

/**
 * The outbox (docs/notifications.md, ADR 009): every event a user should hear about, written in
 * the same transaction as the change it announces, so an event exists exactly when its change
 * committed. `position` orders a user's events for the live stream's Last-Event-ID; `read_at` is
 * the notification centre's read mark.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: bigserial('position', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 40 }).notNull(),
    data: jsonb('data').notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('outbox_events_position_key').on(table.position),
    index('outbox_events_user_idx').on(table.userId, table.position),
    index('outbox_events_user_created_idx').on(table.userId, table.createdAt, table.id),
  ],
)

/**
 * One row per event and outside channel (push, e-mail, SMS), written with the event: the
 * dispatcher's work list. A row is leased by moving `next_attempt_at` forward, so an instance
 * that dies mid-send leaves it to be sent again (at least once); the channels drop duplicates
 * by event id.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id),
    channel: varchar('channel', { length: 8 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastError: varchar('last_error', { length: 200 }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.channel] }),
    check('outbox_deliveries_channel_check', sql`${table.channel} in ('push', 'email', 'sms')`),
    check(
      'outbox_deliveries_status_check',
      sql`${table.status} in ('pending', 'sent', 'skipped', 'failed')`,
    ),
    index('outbox_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)

/**
 * What sandbox mode "sends" by e-mail and SMS, for a person to read at /sandbox/outbox.
 * `message_key` is the event id and channel (or a one-off message's own id), unique, so a
 * message delivered twice is kept once.
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageKey: varchar('message_key', { length: 80 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('sandbox_messages_key').on(table.messageKey),
    index('sandbox_messages_recipient_idx').on(sql`lower(${table.recipient})`, table.createdAt),
  ],
)

/** A browser's Web Push subscription (docs/notifications.md "Web Push"); one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: varchar('endpoint', { length: 2048 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
)

/**
 * Single-use links sent by e-mail: a password reset or an e-mail verification. Only the SHA-256
 * of the token is kept, so this table alone opens nothing (docs/account.md "Password reset").
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** The address the link was sent to: verifying it proves only that address. */
    email: varchar('email', { length: 254 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check(
      'email_tokens_purpose_check',
      sql`${table.purpose} in ('password_reset', 'verify_email', 'freeze', 'unfreeze')`,
    ),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
)

/**
 * The devices a user has signed in from, by the SHA-256 of a random id kept in a long-lived
 * cookie: a sign-in from a device not listed here is announced (docs/notifications.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceHash: char('device_hash', { length: 64 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
)

/**
 * SMS codes that prove a phone number (docs/phone-numbers.md "Verification"): only an HMAC of
 * the code is kept, keyed with the server secret, since six digits alone are guessed from a
 * plain hash in a moment. A code works for 10 minutes and 5 tries; the rows also count sends
 * for the resend limits.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('phone_verifications_user_idx').on(table.userId, table.createdAt),
    // The per-number limit counts sends to one phone whichever account asked.
    index('phone_verifications_phone_idx').on(table.phoneNumber, table.createdAt),
    check('phone_verifications_attempts_check', sql`${table.attempts} >= 0`),
  ],
)

/**
 * A USSD session (docs/ussd.md): one row per gateway `sessionId`, kept for 3 minutes. It holds
 * where the caller is in the menu (`state`), how far their answers have been read (the length
 * and a keyed hash of the text, never the text, which holds their PIN) and the answer last given,
 * so a gateway that repeats a request hears the same answer and nothing runs twice.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    sessionId: varchar('session_id', { length: 100 }).primaryKey(),
    /** The caller's number in E.164, as the gateway sent it once parsed. */
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: jsonb('state').notNull(),
    /** How many answers have been read: the step of the next one. */
    steps: integer('steps').notNull().default(0),
    textLength: integer('text_length').notNull().default(0),
    textHash: char('text_hash', { length: 64 }).notNull(),
    lastAnswer: varchar('last_answer', { length: 200 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('ussd_sessions_expires_at_idx').on(table.expiresAt),
    check('ussd_sessions_steps_check', sql`${table.steps} >= 0`),
  ],
)

/**
 * Staff of the operations console (docs/operations-console.md): not customers, with their own
 * sign-in (password and TOTP, both mandatory), their own sessions and a role. An operator is
 * made by an admin (or `npm run ops:add`) with a one-time enrolment link, where they set the
 * password and scan the TOTP secret; until then they cannot sign in.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: varchar('email', { length: 254 }).notNull().unique(),
    name: varchar('name', { length: 120 }).notNull(),
    /** support, compliance or admin (docs/operations-console.md "Roles"). */
    role: varchar('role', { length: 16 }).notNull(),
    /** Null until enrolled. */
    passwordHash: varchar('password_hash', { length: 255 }),
    /** The TOTP secret, sealed with the server's key (as customers' are); null until enrolled. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The last TOTP time step used: each code signs in once (as customers' codes do). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The SHA-256 (hex) of the one-time enrolment token, never the token; null once used. */
    enrolmentTokenHash: varchar('enrolment_token_hash', { length: 64 }).unique(),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true, mode: 'date' }),
    /** A disabled operator cannot sign in and loses every session. */
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    foreignKey({ columns: [table.createdBy], foreignColumns: [table.id] }),
    check('operators_role_check', sql`${table.role} in ('support', 'compliance', 'admin')`),
  ],
)

/**
 * An operator's session, keyed by the hash of the token in the `sabi_ops` cookie. It ends after
 * 15 minutes without a request, and after 12 hours whatever happens.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
)

/**
 * A customer's report of a problem with one of their transactions (docs/disputes.md): one open
 * report per transaction, worked by support and resolved refunded or declined with a reason.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes: `DSP-` and 8 characters. */
    reference: varchar('reference', { length: 20 }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    /** not_received, wrong_recipient, unauthorised, charged_twice, not_delivered or other. */
    reason: varchar('reason', { length: 24 }).notNull(),
    details: varchar('details', { length: 500 }).notNull().default(''),
    /** open, in_review or resolved. */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    /** Once resolved: refunded or declined. */
    outcome: varchar('outcome', { length: 16 }),
    /** Why it was resolved so, as the customer reads it. */
    resolutionNote: varchar('resolution_note', { length: 500 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('disputes_one_open_per_journal_key')
      .on(table.journalId)
      .where(sql`${table.status} <> 'resolved'`),
    index('disputes_user_idx').on(table.userId, table.createdAt),
    index('disputes_queue_idx').on(table.status, table.createdAt),
    check(
      'disputes_reason_check',
      sql`${table.reason} in ('not_received', 'wrong_recipient', 'unauthorised', 'charged_twice', 'not_delivered', 'other')`,
    ),
    check('disputes_status_check', sql`${table.status} in ('open', 'in_review', 'resolved')`),
    check(
      'disputes_outcome_check',
      sql`(${table.status} = 'resolved') = (${table.outcome} is not null) and (${table.outcome} is null or ${table.outcome} in ('refunded', 'declined'))`,
    ),
  ],
)

/** A dispute's timeline: each change, by whom, with the note the customer or staff wrote. */
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id),
    /** customer, operator or system. */
    actor: varchar('actor', { length: 16 }).notNull(),
    operatorId: uuid('operator_id').references(() => operators.id),
    /** opened, in_review, refund_proposed, refunded, declined, note... */
    kind: varchar('kind', { length: 24 }).notNull(),
    note: varchar('note', { length: 500 }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('dispute_events_dispute_idx').on(table.disputeId, table.createdAt)],
)

/**
 * Money an operator proposes to move (docs/operations-console.md "Four eyes"): a refund for a
 * dispute, an adjustment, or a stuck payout marked failed and refunded. One at or under the
 * threshold runs at once; one above it, or an adjustment tied to no transaction, waits for a
 * second operator of a role that may approve it, never the proposer. It runs as one journal.
 */
export const moneyProposals = pgTable(
  'money_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** refund, adjustment or payout_failure. */
    kind: varchar('kind', { length: 20 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** credit (to the customer) or debit (from the customer, an adjustment only). */
    direction: varchar('direction', { length: 6 }).notNull().default('credit'),
    disputeId: uuid('dispute_id').references(() => disputes.id),
    /** The transaction the money corrects, when there is one. */
    journalId: uuid('journal_id').references(() => journals.id),
    payoutId: uuid('payout_id').references(() => payouts.id),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** pending (waiting for approval), executed or rejected. */
    status: varchar('status', { length: 16 }).notNull(),
    needsApproval: boolean('needs_approval').notNull(),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** The journal that moved the money, once executed. */
    resultJournalId: uuid('result_journal_id').references(() => journals.id),
    ...timestamps,
  },
  (table) => [
    index('money_proposals_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    // One money fix at a time per dispute and per payout.
    uniqueIndex('money_proposals_one_open_per_dispute_key')
      .on(table.disputeId)
      .where(sql`${table.status} = 'pending' and ${table.disputeId} is not null`),
    uniqueIndex('money_proposals_one_per_payout_key')
      .on(table.payoutId)
      .where(sql`${table.status} <> 'rejected' and ${table.payoutId} is not null`),
    check(
      'money_proposals_kind_check',
      sql`${table.kind} in ('refund', 'adjustment', 'payout_failure')`,
    ),
    check(
      'money_proposals_status_check',
      sql`${table.status} in ('pending', 'executed', 'rejected')`,
    ),
    check('money_proposals_direction_check', sql`${table.direction} in ('credit', 'debit')`),
    check('money_proposals_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'money_proposals_four_eyes',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
)

/**
 * The audit log (docs/operations-console.md "Audit log"): every operator action, every customer
 * record opened and every sign-in to /ops. Append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE: db/functions/400_audit_log_append_only.sql), and chained: each entry's hash covers
 * its content and the hash of the one before, so `npm run audit:verify` finds the first entry
 * changed, removed or reordered.
 */
export const auditLog = pgTable('audit_log', {
  seq: bigserial('seq', { mode: 'bigint' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  operatorId: uuid('operator_id').references(() => operators.id),
  /** Who: the operator's e-mail, or `cli` for the command line. */
  actor: varchar('actor', { length: 254 }).notNull(),
  action: varchar('action', { length: 48 }).notNull(),
  targetType: varchar('target_type', { length: 24 }),
  targetId: varchar('target_id', { length: 64 }),
  reason: varchar('reason', { length: 500 }),
  details: jsonb('details').notNull().default({}),
  prevHash: char('prev_hash', { length: 64 }).notNull(),
  hash: char('hash', { length: 64 }).notNull().unique(),
})

/**
 * A savings pocket (docs/pockets.md): money a user sets aside from the wallet of the same currency,
 * in a ledger account of its own (kind 'pocket'), with an optional target and date, an optional
 * lock until a date, and round-ups of the wallet's outgoing payments.
 */
export const pockets = pgTable(
  'pockets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The wallet money comes from and goes back to: the user's wallet in the pocket's currency. */
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    targetMinor: bigint('target_minor', { mode: 'bigint' }),
    targetDate: date('target_date', { mode: 'string' }),
    /** Nothing may be taken out before this Lagos day. */
    lockedUntil: date('locked_until', { mode: 'string' }),
    /** Since when each outgoing payment of the wallet is rounded up into this pocket; null: off. */
    roundUpSince: timestamp('round_up_since', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    index('pockets_user_idx').on(table.userId, table.createdAt),
    // One pocket of a wallet takes its round-ups, so a payment is rounded up once.
    uniqueIndex('pockets_one_round_up_per_wallet_key')
      .on(table.walletId)
      .where(sql`${table.roundUpSince} is not null`),
    check('pockets_target_positive', sql`${table.targetMinor} is null or ${table.targetMinor} > 0`),
  ],
)

/**
 * A payment's round-up (docs/pockets.md "Round-ups"): the payment's journal, once, and the journal
 * that saved the difference.
 */
export const pocketRoundUps = pgTable('pocket_round_ups', {
  sourceJournalId: uuid('source_journal_id')
    .primaryKey()
    .references(() => journals.id),
  pocketId: uuid('pocket_id')
    .notNull()
    .references(() => pockets.id),
  /** Null when there was nothing to round (an amount already whole) or not enough money. */
  journalId: uuid('journal_id').references(() => journals.id),
  createdAt: timestamps.createdAt,
})

/**
 * A transfer the user set up to run on its own (docs/scheduled-transfers.md): to another Sabi
 * user or to a bank account, once, weekly or monthly, authorised once with the PIN. The runner
 * moves `next_run_date` on after each occurrence; `next_attempt_at` is when it next acts (08:00
 * Lagos on that day, or 18:00 for the one retry of an occurrence refused for want of money).
 */
export const scheduledTransfers = pgTable(
  'scheduled_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** sabi, bank or pocket (auto-save into the user's own pocket). */
    kind: varchar('kind', { length: 8 }).notNull(),
    fromWalletId: uuid('from_wallet_id')
      .notNull()
      .references(() => wallets.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id),
    /** For auto-save: the user's own pocket the wallet pays into (docs/pockets.md). */
    pocketId: uuid('pocket_id').references(() => pockets.id),
    bankCode: varchar('bank_code', { length: 10 }),
    /** The bank's name when the schedule was made, as its list shows it. */
    bankName: varchar('bank_name', { length: 120 }),
    accountNumber: varchar('account_number', { length: 20 }),
    /** The account holder's name: the bank's answer to name enquiry, else what the user typed. */
    accountName: varchar('account_name', { length: 100 }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    description: varchar('description', { length: 140 }),
    /** once, weekly or monthly (src/shared/schedule-dates.ts). */
    frequency: varchar('frequency', { length: 8 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** active, paused, ended (no occurrence left) or cancelled (deleted by the user). */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    nextRunDate: date('next_run_date', { mode: 'string' }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** The occurrence whose reminder has gone out, so it goes out once. */
    remindedFor: date('reminded_for', { mode: 'string' }),
    /** When the user confirmed it with their PIN: the standing authorisation. */
    authorisedAt: timestamp('authorised_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('scheduled_transfers_user_idx').on(table.userId, table.createdAt),
    index('scheduled_transfers_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'active'`),
    check('scheduled_transfers_kind_check', sql`${table.kind} in ('sabi', 'bank', 'pocket')`),
    check(
      'scheduled_transfers_payee_check',
      sql`(${table.kind} = 'sabi') = (${table.recipientUserId} is not null) and (${table.kind} = 'bank') = (${table.accountNumber} is not null and ${table.bankCode} is not null and ${table.accountName} is not null) and (${table.kind} = 'pocket') = (${table.pocketId} is not null)`,
    ),
    check(
      'scheduled_transfers_frequency_check',
      sql`${table.frequency} in ('once', 'weekly', 'monthly')`,
    ),
    check(
      'scheduled_transfers_status_check',
      sql`${table.status} in ('active', 'paused', 'ended', 'cancelled')`,
    ),
    check('scheduled_transfers_amount_positive', sql`${table.amountMinor} > 0`),
  ],
)

/**
 * One occurrence of a scheduled transfer: the key that makes it run exactly once is the schedule
 * and its date (the unique index), written in the same transaction as the transfer's journal.
 * `skipped` is an occurrence refused for want of money (retried once at 18:00, `attempts` 2
 * after), `failed` one refused for any other reason.
 */
export const scheduledTransferRuns = pgTable(
  'scheduled_transfer_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => scheduledTransfers.id),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    /** completed, skipped or failed. */
    status: varchar('status', { length: 10 }).notNull(),
    attempts: smallint('attempts').notNull().default(1),
    journalId: uuid('journal_id')
      .unique()
      .references(() => journals.id),
    /** The refusal's error code, and its words as the user read them then (English). */
    failureCode: varchar('failure_code', { length: 40 }),
    failureReason: varchar('failure_reason', { length: 300 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('scheduled_transfer_runs_once_key').on(table.scheduleId, table.runDate),
    check(
      'scheduled_transfer_runs_status_check',
      sql`${table.status} in ('completed', 'skipped', 'failed')`,
    ),
    check(
      'scheduled_transfer_runs_journal_check',
      sql`(${table.status} = 'completed') = (${table.journalId} is not null)`,
    ),
  ],
)

/**
 * A statement of account as issued (docs/statements.md): what it covers and what it said, and
 * the SHA-256 of the PDF, so anyone holding the paper can check it at /verify/statement/:code.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the PDF prints: 12 characters, shown as XXXX-XXXX-XXXX. */
    code: char('code', { length: 12 }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    asset: varchar('asset', { length: 10 }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    openingMinor: bigint('opening_minor', { mode: 'bigint' }).notNull(),
    closingMinor: bigint('closing_minor', { mode: 'bigint' }).notNull(),
    transactionCount: integer('transaction_count').notNull(),
    /** Hex SHA-256 of the PDF's bytes as sent. */
    sha256: char('sha256', { length: 64 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('statements_user_idx').on(table.userId, table.createdAt)],
)
