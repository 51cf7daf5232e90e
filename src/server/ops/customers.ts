import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { alertOwner } from '#server/account-safety/security-alert.ts'
import type { Queryable } from '#server/db/client.ts'
import {
  currencies,
  disputes,
  fundingAccounts,
  journals,
  ledgerAccounts,
  outboxEvents,
  sessions,
  users,
  wallets,
} from '#server/db/schema.ts'
import { findUserById, type UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import { toE164 } from '#shared/phone-numbers.ts'
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '#shared/schemas/dispute-states.ts'
import type { CustomerRecord, OpsTransaction } from '#shared/schemas/ops.ts'

const SEARCH_LIMIT = 20
const RECORD_LIMIT = 50

function nameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username
}

export function customerSummary(user: UserRow) {
  return {
    id: user.id,
    name: nameOf(user),
    email: user.email,
    phoneNumber: user.phoneNumber,
    username: user.username,
    kycTier: user.kycTier,
    frozen: user.frozenAt !== null,
    createdAt: user.createdAt.toISOString(),
  }
}

/** Minor units as the decimal text of the asset ("1500.00"). */
export function decimalOf(amountMinor: bigint, asset: string): string {
  return formatMinor(amountMinor, isAssetCode(asset) ? exponentOf(asset) : 2)
}

/**
 * Customers by what a caller quotes (docs/operations-console.md "Finding a customer"): an e-mail,
 * a phone number (any way it is typed), a username, a transaction reference or the customer's
 * own account number. Exact matches only, except e-mail and username, which match from the
 * start: support types what the caller reads out.
 */
export async function searchCustomers(db: Queryable, query: string): Promise<UserRow[]> {
  const text = query.trim()
  const phone = toE164(text)
  const ids = new Set<string>()
  const byJournal = await db
    .select({ from: journals.fromUserId, to: journals.toUserId })
    .from(journals)
    .where(eq(journals.reference, text.toUpperCase()))
    .limit(1)
  for (const row of byJournal) {
    if (row.from) ids.add(row.from)
    if (row.to) ids.add(row.to)
  }
  const byAccount = await db
    .select({ userId: fundingAccounts.userId })
    .from(fundingAccounts)
    .where(eq(fundingAccounts.accountNumber, text.replace(/\s/g, '')))
    .limit(5)
  for (const row of byAccount) ids.add(row.userId)
  const pattern = `${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
  return db
    .select()
    .from(users)
    .where(
      or(
        ilike(users.email, pattern),
        ilike(users.username, pattern),
        phone ? eq(users.phoneNumber, phone) : undefined,
        ids.size > 0 ? inArray(users.id, [...ids]) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(SEARCH_LIMIT)
}

/** A journal as the console shows it, seen from `userId`'s side. */
export function opsTransactionOf(
  journal: typeof journals.$inferSelect,
  userId: string,
): OpsTransaction {
  return {
    id: journal.id,
    reference: journal.reference,
    type: journal.type,
    status: journal.status,
    amount: decimalOf(journal.amountMinor, journal.asset),
    fee: decimalOf(journal.feeMinor, journal.asset),
    currency: journal.asset,
    direction: journal.fromUserId === userId ? 'debit' : 'credit',
    description: journal.description,
    createdAt: journal.createdAt.toISOString(),
  }
}

export async function findCustomerOrThrow(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id)
  if (!user) throw new AppError('NOT_FOUND', msg('opsCustomerNotFound'))
  return user
}

/**
 * A customer's record for support (docs/operations-console.md "A customer's record"): the
 * profile, tier and freeze, wallets, the latest transactions, sessions, notifications sent and
 * reports. Never the password, PIN, TOTP secret or identity numbers.
 */
export async function readCustomerRecord(db: Queryable, id: string): Promise<CustomerRecord> {
  const user = await findCustomerOrThrow(db, id)
  const walletRows = await db
    .select({
      id: wallets.id,
      currency: currencies.code,
      balanceMinor: ledgerAccounts.balanceMinor,
      isPrimary: wallets.isPrimary,
    })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .where(eq(wallets.userId, id))
  const journalRows = await db
    .select()
    .from(journals)
    .where(or(eq(journals.fromUserId, id), eq(journals.toUserId, id)))
    .orderBy(desc(journals.createdAt))
    .limit(RECORD_LIMIT)
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, expire: sessions.expire })
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(desc(sessions.createdAt))
    .limit(RECORD_LIMIT)
  const notificationRows = await db
    .select({ data: outboxEvents.data, createdAt: outboxEvents.createdAt })
    .from(outboxEvents)
    .where(eq(outboxEvents.userId, id))
    .orderBy(desc(outboxEvents.createdAt))
    .limit(RECORD_LIMIT)
  const disputeRows = await db
    .select()
    .from(disputes)
    .where(eq(disputes.userId, id))
    .orderBy(desc(disputes.createdAt))
    .limit(RECORD_LIMIT)
  return {
    customer: {
      ...customerSummary(user),
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      country: user.country,
      verificationStatus: user.verificationStatus,
      frozenAt: user.frozenAt?.toISOString() ?? null,
      phoneVerified: user.phoneVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    wallets: walletRows.map((wallet) => ({
      id: wallet.id,
      currency: wallet.currency,
      balance: decimalOf(wallet.balanceMinor, wallet.currency),
      isPrimary: wallet.isPrimary,
    })),
    transactions: journalRows.map((journal) => opsTransactionOf(journal, id)),
    sessions: sessionRows.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expire.toISOString(),
    })),
    notifications: notificationRows.map((row) => ({
      kind: kindOf(row.data),
      createdAt: row.createdAt.toISOString(),
    })),
    disputes: disputeRows.flatMap((row) => {
      const status = DISPUTE_STATUSES.find((each) => each === row.status)
      const reason = DISPUTE_REASONS.find((each) => each === row.reason)
      return status && reason
        ? [
            {
              id: row.id,
              reference: row.reference,
              status,
              reason,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : []
    }),
  }
}

function kindOf(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'kind' in data && typeof data.kind === 'string')
    return data.kind
  return 'unknown'
}

/**
 * Staff unfreeze a customer (compliance, with a reason in the audit log): the account works again
 * and its owner is told on every channel, as when they unfreeze it themselves.
 */
export async function unfreezeByStaff(tx: Queryable, user: UserRow, now = new Date()) {
  const done = await tx
    .update(users)
    .set({ frozenAt: null, updatedAt: now })
    .where(and(eq(users.id, user.id), sql`${users.frozenAt} is not null`))
    .returning({ id: users.id })
  if (done.length > 0) await alertOwner(tx, user, { kind: 'account_unfrozen' })
  return done.length > 0
}
