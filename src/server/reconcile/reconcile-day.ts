import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { ledgerAccounts, payouts, topUps } from '#server/db/schema.ts'
import { applyIncomingPayment, type FundingLog } from '#server/funding/credit-top-up.ts'
import { settlePayout } from '#server/payouts/settle-payout.ts'
import type { BankProvider } from '#server/providers/bank-provider.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import type { ProviderRecords } from '#server/providers/provider-records.ts'

/** The mismatch classes of docs/reconciliation.md, in the order the report prints them. */
export const MISMATCH_CLASSES = {
  paidTherePendingHere: 'paid there and pending here',
  failedThereCompletedHere: 'failed there and completed here',
  unknownThere: 'unknown there',
  amountsDiffer: 'amounts that differ',
  receivedNotCredited: 'received there and not credited here',
} as const
export type MismatchClass = keyof typeof MISMATCH_CLASSES
export const MISMATCH_ORDER: readonly MismatchClass[] = [
  'paidTherePendingHere',
  'failedThereCompletedHere',
  'unknownThere',
  'amountsDiffer',
  'receivedNotCredited',
]

export type Mismatch = {
  found: number
  /** Settled here by asking the provider (verify) and applying its answer. */
  settled: number
  /** Left for a person: each with the reference it concerns. */
  unresolved: string[]
}

export type CurrencyPosition = {
  currency: string
  /** What customers hold in their wallets, in minor units. */
  customers: bigint
  /** Received for customers over their limits, owed to them or to the senders. */
  held: bigint
  /** Payouts sent and not yet settled. */
  inFlight: bigint
  /** What the provider holds for Sabi now, or undefined if it does not say. */
  provider: bigint | undefined
}

export type ReconciliationReport = {
  day: string
  provider: string
  payoutsCompared: number
  paymentsCompared: number
  mismatches: Record<MismatchClass, Mismatch>
  positions: CurrencyPosition[]
  unresolved: number
}

const PAYOUT_DONE = new Set(['completed'])
const EXPECTED_THERE = new Set(['submitted', 'completed', 'needs_review'])
const PAYOUT_OPEN = new Set(['pending', 'submitted', 'needs_review'])
const THERE_FAILED = new Set(['failed', 'reversed', 'rejected', 'abandoned', 'blocked'])

function emptyMismatches(): Record<MismatchClass, Mismatch> {
  return {
    paidTherePendingHere: { found: 0, settled: 0, unresolved: [] },
    failedThereCompletedHere: { found: 0, settled: 0, unresolved: [] },
    unknownThere: { found: 0, settled: 0, unresolved: [] },
    amountsDiffer: { found: 0, settled: 0, unresolved: [] },
    receivedNotCredited: { found: 0, settled: 0, unresolved: [] },
  }
}

function dayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00.000Z`)
  if (Number.isNaN(start.getTime()) || !/^\d{4}-\d{2}-\d{2}$/.test(day))
    throw new Error(`not a day: ${day} (expected YYYY-MM-DD)`)
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) }
}

/** Customers' balances, money held over limits and payouts in flight, per currency. */
async function positionsOf(
  db: Database,
  providerBalances: Map<string, bigint> | undefined,
): Promise<CurrencyPosition[]> {
  const rows = await db
    .select({
      asset: ledgerAccounts.asset,
      customers: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.kind} = 'wallet'), 0)::text`,
      held: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.systemRole} = 'funding_suspense'), 0)::text`,
      inFlight: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}) filter (where ${ledgerAccounts.systemRole} = 'payouts_in_flight'), 0)::text`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.asset)
  return rows
    .filter((row) => (providerBalances ? providerBalances.has(row.asset) : row.customers !== '0'))
    .map((row) => ({
      currency: row.asset,
      customers: BigInt(row.customers),
      held: BigInt(row.held),
      inFlight: BigInt(row.inFlight),
      provider: providerBalances?.get(row.asset),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency))
}

/**
 * Compares one day of Sabi's payouts and top-ups with the provider's own records
 * (docs/reconciliation.md): each transfer and payment the provider lists is matched to Sabi's
 * by reference, and each of Sabi's payouts sent that day is looked for there. What the
 * provider's verify can settle is settled (a payout paid there and pending here completes, a
 * payment received there and not credited here is credited or held); every other difference is
 * reported for a person, with its reference. Nothing here invents money: every change goes
 * through the same settle and credit paths as a webhook.
 */
export async function reconcileDay(
  db: Database,
  day: string,
  parties: {
    records: ProviderRecords
    bank: BankProvider | undefined
    funding: FundingProvider | undefined
  },
  log: FundingLog,
): Promise<ReconciliationReport> {
  const { start, end } = dayBounds(day)
  const { records } = parties
  const mismatches = emptyMismatches()
  const note = (kind: MismatchClass, reference: string, settled: boolean) => {
    mismatches[kind].found += 1
    if (settled) mismatches[kind].settled += 1
    else mismatches[kind].unresolved.push(reference)
  }

  // Payouts: the provider's transfers of the day against Sabi's payouts with those references,
  // and Sabi's payouts sent that day against the provider's.
  const transfers = await records.transfersOn(day)
  const ours = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.provider, records.name),
        or(
          and(gte(payouts.submittedAt, start), lt(payouts.submittedAt, end)),
          and(gte(payouts.createdAt, start), lt(payouts.createdAt, end)),
        ),
      ),
    )
  const referenced = transfers
    .map((transfer) => transfer.reference)
    .filter((ref) => /^[0-9a-f-]{36}$/.test(ref))
  const named =
    referenced.length > 0
      ? await db.select().from(payouts).where(inArray(payouts.id, referenced))
      : []
  const payoutById = new Map([...ours, ...named].map((payout) => [payout.id, payout]))
  const seenThere = new Set<string>()

  for (const transfer of transfers) {
    seenThere.add(transfer.reference)
    const payout = payoutById.get(transfer.reference)
    if (!payout) continue
    if (transfer.amountMinor !== payout.amountMinor || transfer.currency !== payout.asset) {
      note('amountsDiffer', transfer.reference, false)
      continue
    }
    if (transfer.status === 'success' && PAYOUT_OPEN.has(payout.status)) {
      // Asked again, not taken from the list: the answer applied is the provider's latest.
      const latest = parties.bank
        ? await parties.bank.status(payout.id, new Date(), Date.now())
        : undefined
      const settled =
        latest?.status === 'completed' ? await settlePayout(db, payout.id, latest) : false
      note('paidTherePendingHere', transfer.reference, settled)
    } else if (THERE_FAILED.has(transfer.status) && PAYOUT_DONE.has(payout.status)) {
      const latest = parties.bank
        ? await parties.bank.status(payout.id, new Date(), Date.now())
        : undefined
      // A reversal is a known story and is applied; a payout the provider says simply failed
      // after Sabi completed it is for a person.
      const settled =
        latest?.status === 'reversed' ? await settlePayout(db, payout.id, latest) : false
      note('failedThereCompletedHere', transfer.reference, settled)
    }
  }
  for (const payout of ours) {
    // Only a payout Sabi believes Paystack has must be there: one refused outright, or never
    // taken, failed here with nothing sent.
    if (!EXPECTED_THERE.has(payout.status) || seenThere.has(payout.id) || !payout.providerReference)
      continue
    // Listed under another day, or not at all: verify tells which.
    const latest = parties.bank
      ? await parties.bank
          .status(payout.providerReference, new Date(), Date.now())
          .catch(() => undefined)
      : undefined
    const known = latest !== undefined && !(latest.status === 'pending' && latest.alert)
    if (known) continue
    note('unknownThere', payout.id, false)
  }

  // Payments: every success the provider took that day must be a credited (or held) top-up.
  const payments = await records.paymentsOn(day)
  const references = payments.map((payment) => payment.reference)
  const topUpRows =
    references.length > 0
      ? await db
          .select()
          .from(topUps)
          .where(and(eq(topUps.provider, records.name), inArray(topUps.reference, references)))
      : []
  const topUpByReference = new Map(topUpRows.map((row) => [row.reference, row]))
  for (const payment of payments) {
    const topUp = topUpByReference.get(payment.reference)
    if (payment.status !== 'success') {
      // Credited here for a payment the provider says did not succeed: for a person.
      if (topUp && (topUp.status === 'credited' || topUp.status === 'held'))
        note('failedThereCompletedHere', payment.reference, false)
      continue
    }
    if (topUp && (topUp.amountMinor !== payment.amountMinor || topUp.asset !== payment.currency)) {
      note('amountsDiffer', payment.reference, false)
      continue
    }
    if (topUp && topUp.status !== 'pending' && topUp.status !== 'failed') continue
    let settled = false
    if (parties.funding?.topUps === 'checkout') {
      const verified = await parties.funding.verifyPayment(payment.reference)
      if (verified) {
        const outcome = await applyIncomingPayment(db, records.name, verified, log)
        settled = outcome === 'credited' || outcome === 'held'
      }
    }
    note('receivedNotCredited', payment.reference, settled)
  }

  const positions = await positionsOf(db, await records.balances().catch(() => undefined))
  const unresolved = Object.values(mismatches).reduce(
    (total, mismatch) => total + mismatch.unresolved.length,
    0,
  )
  return {
    day,
    provider: records.name,
    payoutsCompared: new Set([...ours.map((payout) => payout.id), ...seenThere]).size,
    paymentsCompared: payments.length,
    mismatches,
    positions,
    unresolved,
  }
}
