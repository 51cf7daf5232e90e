import { and, asc, eq, max, notInArray, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { banks } from '#server/db/schema.ts'
import type { BankProvider, DirectoryBank } from '#server/providers/bank-provider.ts'
import { AppError, msg } from '#shared/errors.ts'

/** The directory is asked again once it is this old (docs/paystack.md "Banks"). */
export const BANK_DIRECTORY_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** Countries in the picker's order (Nigeria first, where most users are), each in the provider's order. */
const COUNTRY_ORDER = sql`case ${banks.country} when 'NG' then 0 when 'ZA' then 1 when 'KE' then 2 else 3 end`

function directoryBankOf(row: typeof banks.$inferSelect): DirectoryBank {
  return {
    country: row.country,
    code: row.code,
    name: row.name,
    currency: row.currency,
    type: row.type,
    nameEnquiry: row.nameEnquiry,
  }
}

async function storedBanks(db: Queryable, provider: string): Promise<DirectoryBank[]> {
  const rows = await db
    .select()
    .from(banks)
    .where(and(eq(banks.provider, provider), eq(banks.active, true)))
    .orderBy(COUNTRY_ORDER, asc(banks.position), asc(sql`lower(${banks.name})`))
  return rows.map(directoryBankOf)
}

/**
 * The banks a provider pays into, as last stored: by country, then by name. A database that has
 * never stored the provider's directory asks for it first, once; after that the stored list is
 * served, whatever the provider's day is like, and the upkeep refreshes it daily.
 */
export async function listDirectoryBanks(
  db: Queryable,
  provider: BankProvider,
): Promise<DirectoryBank[]> {
  const stored = await storedBanks(db, provider.name)
  if (stored.length > 0) return stored
  // The list is public: while the provider cannot be reached, anyone asking would otherwise
  // make one more call to it each time. One try a minute per process is enough.
  const failedAt = lastFailedFirstFill.get(provider.name)
  if (failedAt !== undefined && Date.now() - failedAt < FIRST_FILL_RETRY_MS)
    throw new AppError('PROVIDER_UNAVAILABLE', msg('bankTransfersNotAvailable'))
  try {
    await refreshBankDirectory(db, provider)
  } catch (error) {
    lastFailedFirstFill.set(provider.name, Date.now())
    if (error instanceof AppError) throw error
    throw new AppError('PROVIDER_UNAVAILABLE', msg('bankTransfersNotAvailable'))
  }
  return storedBanks(db, provider.name)
}

const FIRST_FILL_RETRY_MS = 60_000
/** When each provider's first fill last failed, in this process. */
const lastFailedFirstFill = new Map<string, number>()

/**
 * The bank a transfer names, by its code. Codes are unique within a country, not across them,
 * so where two countries share a code the one receiving `currency` is chosen.
 */
export async function findDirectoryBank(
  db: Queryable,
  provider: BankProvider,
  code: string,
  currency?: string,
): Promise<DirectoryBank | undefined> {
  const rows = await db
    .select()
    .from(banks)
    .where(and(eq(banks.provider, provider.name), eq(banks.code, code), eq(banks.active, true)))
  if (rows.length === 0) {
    if ((await storedBanks(db, provider.name)).length > 0) return undefined
    return (
      (await listDirectoryBanks(db, provider)).find(
        (bank) => bank.code === code && (currency === undefined || bank.currency === currency),
      ) ?? undefined
    )
  }
  const chosen = rows.find((row) => row.currency === currency) ?? rows[0]
  return chosen ? directoryBankOf(chosen) : undefined
}

/** When the provider's directory was last stored, or undefined if it never was. */
async function lastRefreshed(db: Queryable, provider: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(banks.refreshedAt) })
    .from(banks)
    .where(eq(banks.provider, provider))
  return row?.at ?? undefined
}

/**
 * Asks the provider for its banks and stores them. A bank it no longer lists is kept but
 * inactive, so a payout that named it still reads its name; an empty answer changes nothing,
 * so a provider having a bad day never empties the picker. Returns how many banks it stored.
 */
export async function refreshBankDirectory(
  db: Queryable,
  provider: BankProvider,
  now = new Date(),
): Promise<number> {
  const listed = await provider.listBanks()
  if (listed.length === 0) return 0
  // Not one transaction: it may run inside a payment's, and a refresh cut short is merely
  // older for a while, each bank as right as it was.
  for (let start = 0; start < listed.length; start += 500) {
    const slice = listed.slice(start, start + 500)
    await db
      .insert(banks)
      .values(
        slice.map((bank, index) => ({
          ...bank,
          provider: provider.name,
          active: true,
          position: start + index,
          refreshedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [banks.provider, banks.country, banks.code],
        set: {
          name: sql`excluded.name`,
          currency: sql`excluded.currency`,
          type: sql`excluded.type`,
          nameEnquiry: sql`excluded.name_enquiry`,
          position: sql`excluded.position`,
          active: true,
          refreshedAt: now,
        },
      })
  }
  const keys = listed.map((bank) => `${bank.country}:${bank.code}`)
  await db
    .update(banks)
    .set({ active: false })
    .where(
      and(
        eq(banks.provider, provider.name),
        notInArray(sql`${banks.country} || ':' || ${banks.code}`, keys),
      ),
    )
  return listed.length
}

/** Refreshes the directory if it is missing or older than a day; a fresh one is left alone. */
export async function refreshBankDirectoryIfStale(
  db: Queryable,
  provider: BankProvider,
  now = new Date(),
): Promise<boolean> {
  const last = await lastRefreshed(db, provider.name)
  if (last && now.getTime() - last.getTime() < BANK_DIRECTORY_MAX_AGE_MS) return false
  await refreshBankDirectory(db, provider, now)
  return true
}
