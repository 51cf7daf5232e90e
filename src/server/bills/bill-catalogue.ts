import { and, asc, eq, max, notInArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { billCatalogue } from '#server/db/schema.ts'
import type { BillerProvider } from '#server/providers/biller-provider.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  BILL_PAYMENT_TYPES,
  type Biller,
  type BillPaymentType,
  billersOf,
  findBiller,
  storedBillerSchema,
} from '#shared/schemas/bills.ts'

/** The catalogue is asked again once it is this old (docs/flutterwave.md "Catalogue"). */
export const BILL_CATALOGUE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** How often one process asks an unreachable provider for its first catalogue. */
const FIRST_FILL_RETRY_MS = 60_000
/** When each provider's first fill last failed, in this process. */
const lastFailedFirstFill = new Map<string, number>()

const BILLS_UNAVAILABLE = msg('billPaymentsNotAvailable')

/**
 * A stored row as a biller. Rows are written only by refreshBillCatalogue from the provider's
 * parsed answer, so one that no longer parses (a schema change) is skipped rather than served.
 */
function billerOf(row: { biller: unknown }): Biller | undefined {
  const parsed = storedBillerSchema.safeParse(row.biller)
  return parsed.success ? parsed.data : undefined
}

async function storedBillers(
  db: Queryable,
  provider: string,
  filter?: { type: BillPaymentType; id?: string },
): Promise<Biller[]> {
  const rows = await db
    .select({ biller: billCatalogue.biller })
    .from(billCatalogue)
    .where(
      and(
        eq(billCatalogue.provider, provider),
        eq(billCatalogue.active, true),
        filter ? eq(billCatalogue.type, filter.type) : undefined,
        filter?.id ? eq(billCatalogue.id, filter.id) : undefined,
      ),
    )
    .orderBy(asc(billCatalogue.type), asc(billCatalogue.position))
  return rows.map(billerOf).filter((biller): biller is Biller => biller !== undefined)
}

/**
 * Fills an empty catalogue from the provider, once: after that the stored one is served whatever
 * the provider's day is like, and the upkeep refreshes it. While the provider cannot be reached
 * an empty catalogue is a 503, asked again at most once a minute per process.
 */
async function ensureFilled(db: Queryable, provider: BillerProvider): Promise<void> {
  const [row] = await db
    .select({ id: billCatalogue.id })
    .from(billCatalogue)
    .where(and(eq(billCatalogue.provider, provider.name), eq(billCatalogue.active, true)))
    .limit(1)
  if (row) return
  const failedAt = lastFailedFirstFill.get(provider.name)
  if (failedAt !== undefined && Date.now() - failedAt < FIRST_FILL_RETRY_MS)
    throw new AppError('PROVIDER_UNAVAILABLE', BILLS_UNAVAILABLE)
  try {
    const stored = await refreshBillCatalogue(db, provider)
    if (stored === 0) throw new AppError('PROVIDER_UNAVAILABLE', BILLS_UNAVAILABLE)
  } catch (error) {
    lastFailedFirstFill.set(provider.name, Date.now())
    if (error instanceof AppError) throw error
    throw new AppError('PROVIDER_UNAVAILABLE', BILLS_UNAVAILABLE)
  }
}

/**
 * Every biller the provider offers, by bill type in the bill-pay order: the stored catalogue of a
 * provider that has one, the fixed list of one that does not (the sandbox's).
 */
export async function listBillers(
  db: Queryable,
  provider: BillerProvider | undefined,
): Promise<{ type: BillPaymentType; providers: Biller[] }[]> {
  if (!provider?.listCatalogue) {
    return BILL_PAYMENT_TYPES.map((type) => ({ type, providers: billersOf(type) }))
  }
  await ensureFilled(db, provider)
  const stored = await storedBillers(db, provider.name)
  return BILL_PAYMENT_TYPES.map((type) => ({
    type,
    providers: stored.filter((biller) => biller.type === type),
  }))
}

/** The biller a request names: one of the bill type's own, or undefined. */
export async function findCatalogueBiller(
  db: Queryable,
  provider: BillerProvider,
  type: BillPaymentType,
  id: string,
): Promise<Biller | undefined> {
  if (!provider.listCatalogue) return findBiller(type, id)
  await ensureFilled(db, provider)
  const [biller] = await storedBillers(db, provider.name, { type, id })
  return biller
}

/** When the provider's catalogue was last stored, or undefined if it never was. */
async function catalogueRefreshedAt(db: Queryable, provider: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(billCatalogue.refreshedAt) })
    .from(billCatalogue)
    .where(eq(billCatalogue.provider, provider))
  return row?.at ?? undefined
}

/**
 * Asks the provider for its catalogue and stores it. A biller it no longer lists is kept but
 * inactive, so a payment that named it still reads; an empty answer changes nothing, so a
 * provider having a bad day never empties the bill form. Returns how many billers it stored.
 */
export async function refreshBillCatalogue(
  db: Queryable,
  provider: BillerProvider,
  now = new Date(),
): Promise<number> {
  if (!provider.listCatalogue) return 0
  const listed = await provider.listCatalogue()
  if (listed.length === 0) return 0
  // Not one transaction: a refresh cut short leaves each biller as right as it was.
  const positions = new Map<BillPaymentType, number>()
  for (const biller of listed) {
    const position = positions.get(biller.type) ?? 0
    positions.set(biller.type, position + 1)
    const row = {
      provider: provider.name,
      id: biller.id,
      type: biller.type,
      biller: storedBillerSchema.parse(biller),
      active: true,
      position,
      refreshedAt: now,
    }
    await db
      .insert(billCatalogue)
      .values(row)
      .onConflictDoUpdate({
        target: [billCatalogue.provider, billCatalogue.id],
        set: {
          type: row.type,
          biller: row.biller,
          active: true,
          position,
          refreshedAt: now,
        },
      })
  }
  await db
    .update(billCatalogue)
    .set({ active: false })
    .where(
      and(
        eq(billCatalogue.provider, provider.name),
        notInArray(
          billCatalogue.id,
          listed.map((biller) => biller.id),
        ),
      ),
    )
  return listed.length
}

/** Refreshes the catalogue when it is a day old (the money upkeep's step); true when it did. */
export async function refreshBillCatalogueIfStale(
  db: Queryable,
  provider: BillerProvider,
  now = new Date(),
): Promise<boolean> {
  if (!provider.listCatalogue) return false
  const last = await catalogueRefreshedAt(db, provider.name)
  if (last && now.getTime() - last.getTime() < BILL_CATALOGUE_MAX_AGE_MS) return false
  await refreshBillCatalogue(db, provider, now)
  return true
}
