import { randomUUID } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Queryable, queryRows } from '#server/db/client.ts'
import type { journals } from '#server/db/schema.ts'
import { holdOutgoing } from '#server/limits/cooling-off.ts'
import {
  decideLimits,
  giveBackUsage,
  type LimitBook,
  type TierLimits,
} from '#server/limits/enforce-limits.ts'
import { loadNairaValuer, nairaValuerOf } from '#server/limits/naira-value.ts'
import { parsePrice, referencePriceBook } from '#server/reference/usd-prices.ts'
import { AppError, msg } from '#shared/errors.ts'
import { lagosDay } from '#shared/lagos-time.ts'
import { type AssetCode, isAssetCode } from '#shared/money.ts'
import { newJournalReference, newVerificationCode } from './journal-reference.ts'
import type { JournalStatus } from './journal-status.ts'
import { InsufficientFundsError, invariant } from './ledger-errors.ts'

export type PostingInput = {
  accountId: number
  asset: AssetCode
  /** Positive raises the account's balance, negative lowers it; never zero. */
  amountMinor: bigint
}

export type JournalHeader = {
  type: string
  status: JournalStatus
  asset: AssetCode
  amountMinor: bigint
  feeMinor?: bigint
  fromUserId?: string | null
  toUserId?: string | null
  fromWalletId?: string | null
  toWalletId?: string | null
  exchangeRate?: string | null
  convertedAsset?: AssetCode | null
  convertedAmountMinor?: bigint | null
  description?: string | null
  externalReference?: string | null
  reversesJournalId?: string | null
  /** The journal's reference when the caller has drawn it already (a transfer's answer names it). */
  reference?: string
}

export type JournalRow = typeof journals.$inferSelect

/** One journal to post: its header and its postings. */
export type JournalEntry = { header: JournalHeader; lines: readonly PostingInput[] }

/** What became of one entry: its journal, or the refusal a user reads. */
export type EntryOutcome =
  | { posted: true; journal: JournalRow }
  | { posted: false; error: AppError }

const lockedSchema = z.object({
  accounts: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      userId: z.string().nullable(),
      asset: z.string(),
      balance: z.string(),
    }),
  ),
  owners: z.array(
    z.object({
      userId: z.string(),
      singleMax: z.string(),
      dailyMax: z.string(),
      balanceMax: z.string().nullable(),
      closed: z.boolean(),
    }),
  ),
  usage: z.array(z.object({ userId: z.string(), day: z.string(), sent: z.string() })),
  holdings: z.array(z.object({ userId: z.string(), asset: z.string(), balance: z.string() })),
  prices: z.record(z.string(), z.string()),
})

type Account = { kind: string; ownerId: string | null; balance: bigint }

/**
 * A ledger opened for a set of candidate journals (ADR 013): their rows locked and read once, the
 * rules applied to each journal in order against what the journals accepted before it left, and
 * every accepted journal written together at the end. The one writer of ledger rows: every money
 * action posts through it, a single journal (`postJournal`) or a batch of transfers.
 */
export type OpenLedger = {
  /** Decides one journal against the locked rows and what was accepted before it. */
  post(entry: JournalEntry): EntryOutcome
  /** Writes every accepted journal, its postings, balances and usage, in one statement. */
  write(): Promise<void>
  /**
   * The same write as an expression, for a statement of the caller's that writes more in the
   * same round trip (a batch of transfers writes its keys and events with its journals).
   */
  writeCall(): SQL
}

export type OpenOptions = {
  /**
   * Whether the senders' frozen and cooling-off holds are checked here (docs/security.md). The
   * batched transfer checks them for every transfer before it joins a batch and posts a held
   * one on its own (transfers/send-to-user.ts), so its batches say false.
   */
  checkHolds?: boolean
  now?: Date
}

let lastMicros = 0

/**
 * Each journal's own clock reading, in microseconds, later than every one this process drew
 * before: a batch's journals, and a use case's journals one after another, keep the order they
 * were posted in, as history and statements list them (newest first).
 */
function nextJournalMicros(): number {
  const micros = Math.floor((performance.timeOrigin + performance.now()) * 1000)
  lastMicros = Math.max(micros, lastMicros + 1)
  return lastMicros
}

/**
 * A journal as sabi_write_journals reads it: its columns by name, amounts as text, and only the
 * columns that have a value (a missing one is null there), so a batch's JSON stays small.
 */
function planned(journal: JournalRow, micros: number, ord: number): Record<string, unknown> {
  const row: Record<string, unknown> = {
    ord,
    id: journal.id,
    reference: journal.reference,
    type: journal.type,
    status: journal.status,
    asset: journal.asset,
    amountMinor: journal.amountMinor.toString(),
    feeMinor: journal.feeMinor.toString(),
    verificationCode: journal.verificationCode,
    createdAt: microsecondTimestamp(micros),
  }
  const optional = {
    fromUserId: journal.fromUserId,
    toUserId: journal.toUserId,
    fromWalletId: journal.fromWalletId,
    toWalletId: journal.toWalletId,
    exchangeRate: journal.exchangeRate,
    convertedAsset: journal.convertedAsset,
    convertedAmountMinor: journal.convertedAmountMinor?.toString(),
    description: journal.description,
    externalReference: journal.externalReference,
    reversesJournalId: journal.reversesJournalId,
    limitValueMinor: journal.limitValueMinor?.toString(),
  }
  for (const [column, value] of Object.entries(optional))
    if (value !== null && value !== undefined) row[column] = value
  return row
}

/** "2026-11-28T21:04:05.123456Z": what PostgreSQL's timestamptz keeps, to the microsecond. */
function microsecondTimestamp(micros: number): string {
  const millis = new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)
  return `${millis}${String(micros % 1000).padStart(3, '0')}Z`
}

function validate(entry: JournalEntry): void {
  const { header, lines } = entry
  invariant(lines.length >= 2, 'a journal needs at least two postings')
  const sumByAsset = new Map<AssetCode, bigint>()
  for (const line of lines) {
    invariant(isAssetCode(line.asset), `unknown asset ${line.asset}`)
    invariant(line.amountMinor !== 0n, 'a posting cannot be zero')
    sumByAsset.set(line.asset, (sumByAsset.get(line.asset) ?? 0n) + line.amountMinor)
  }
  for (const [asset, sum] of sumByAsset)
    invariant(sum === 0n, `postings in ${asset} sum to ${sum}, not zero`)
  invariant(header.amountMinor > 0n, 'a journal amount must be positive')
  invariant((header.feeMinor ?? 0n) >= 0n, 'a fee cannot be negative')
}

/** Each account's change in one journal, in ascending account id. */
function deltasOf(lines: readonly PostingInput[]): [number, bigint][] {
  const deltas = new Map<number, bigint>()
  for (const line of lines)
    deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amountMinor)
  return [...deltas].filter(([, delta]) => delta !== 0n).sort(([a], [b]) => a - b)
}

/**
 * Opens the ledger for `candidates` inside `tx`: every check that needs no lock, then the locks
 * every money action takes in the same order (db/functions/300_sabi_lock_ledger.sql), then the
 * rows the rules read. The candidates are what may be posted; the caller then posts each in
 * order, and any it does not post costs only its locks.
 */
export async function openLedger(
  tx: Queryable,
  candidates: readonly JournalEntry[],
  options: OpenOptions = {},
): Promise<OpenLedger> {
  const now = options.now ?? new Date()

  // Frozen and cooling-off holds first: the cooling-off's own lock comes before every other.
  if (options.checkHolds !== false) {
    // A journal names its `fromUserId` when it takes money from that user.
    for (const { header } of candidates) {
      if (!header.fromUserId || header.reversesJournalId) continue
      const valuer = await loadNairaValuer(tx, [header.asset])
      await holdOutgoing(tx, header.fromUserId, valuer(header.asset, header.amountMinor), now)
    }
  }
  for (const { header } of candidates) {
    if (header.reversesJournalId) await giveBackUsage(tx, header.reversesJournalId)
  }
  const lock = ledgerLock(candidates, now)
  const [row] = await queryRows(tx, sql`select ${lock.call} as locked`)
  return lock.open(tx, row?.locked)
}

/**
 * The locks and reads of `openLedger` as an expression, for a caller that checked the holds
 * itself and has more to do in the same round trip (a batch of transfers claims its keys with
 * it), and `open` to make the ledger of what the call answered.
 */
export function ledgerLock(
  candidates: readonly JournalEntry[],
  now: Date,
): { call: SQL; open(tx: Queryable, answer: unknown): OpenLedger } {
  const day = lagosDay(now)
  for (const entry of candidates) validate(entry)
  const senders = [
    ...new Set(
      candidates.flatMap(({ header }) =>
        header.fromUserId && !header.reversesJournalId ? [header.fromUserId] : [],
      ),
    ),
  ]
  const accountIds = [...new Set(candidates.flatMap(({ lines }) => lines.map((l) => l.accountId)))]
  const request = {
    senders: senders.map((userId) => ({ userId, day })),
    accounts: accountIds,
    entries: candidates.map(({ lines }) => ({
      debited: lines.filter((l) => l.amountMinor < 0n).map((l) => l.accountId),
      credited: lines.filter((l) => l.amountMinor > 0n).map((l) => l.accountId),
    })),
    assets: [...new Set(candidates.map(({ header }) => header.asset))],
  }
  return {
    call: sql`sabi_lock_ledger(${JSON.stringify(request)}::jsonb)`,
    open: (tx, answer) => openLocked(tx, lockedSchema.parse(answer), senders, day),
  }
}

/** The ledger over the rows sabi_lock_ledger locked and read. */
function openLocked(
  tx: Queryable,
  locked: z.infer<typeof lockedSchema>,
  senders: readonly string[],
  day: string,
): OpenLedger {
  const accounts = new Map<number, Account>()
  for (const account of locked.accounts)
    accounts.set(account.id, {
      kind: account.kind,
      ownerId: account.kind === 'system' ? null : account.userId,
      balance: BigInt(account.balance),
    })
  const tiers = new Map<string, TierLimits>()
  const closed = new Set<string>()
  for (const owner of locked.owners) {
    tiers.set(owner.userId, {
      singleMaxMinor: BigInt(owner.singleMax),
      dailyMaxMinor: BigInt(owner.dailyMax),
      balanceMaxMinor: owner.balanceMax === null ? null : BigInt(owner.balanceMax),
    })
    if (owner.closed) closed.add(owner.userId)
  }
  const usedToday = new Map(locked.usage.map((u) => [u.userId, BigInt(u.sent)]))
  const holdings = new Map<string, Map<AssetCode, bigint>>()
  for (const held of locked.holdings) {
    if (!isAssetCode(held.asset)) continue
    const owned = holdings.get(held.userId) ?? new Map<AssetCode, bigint>()
    owned.set(held.asset, BigInt(held.balance))
    holdings.set(held.userId, owned)
  }
  const prices = new Map(referencePriceBook())
  for (const [asset, price] of Object.entries(locked.prices)) prices.set(asset, parsePrice(price))
  const book: LimitBook = { tiers, usedToday, holdings, value: nairaValuerOf(prices) }

  const accepted: { journal: JournalRow; lines: readonly PostingInput[]; micros: number }[] = []

  const ledger: OpenLedger = {
    post({ header, lines }) {
      invariant(
        lines.every((line) => accounts.has(line.accountId)),
        'a journal posted that was not among the candidates, or an account that does not exist',
      )
      const deltas = deltasOf(lines)
      try {
        const counted = decideLimits(
          book,
          header,
          lines.map((line) => ({
            ownerId: accounts.get(line.accountId)?.ownerId ?? null,
            asset: line.asset,
            amountMinor: line.amountMinor,
          })),
        )
        for (const [accountId, delta] of deltas) {
          const account = accounts.get(accountId)
          if (!account || delta > 0n || account.kind === 'system') continue
          if (account.balance + delta < 0n)
            throw new InsufficientFundsError(accountId, account.balance, -delta)
        }
        // A deactivated account receives nothing but refunds (docs/account.md "Exports and
        // deactivation"): read after its balance was locked, so a deactivation that held the
        // lock has committed and is seen, and one that comes later waits for this journal.
        if (!header.reversesJournalId) {
          for (const [accountId, delta] of deltas) {
            const owner = accounts.get(accountId)?.ownerId
            if (delta > 0n && owner && closed.has(owner))
              throw new AppError('CONFLICT', msg('accountClosedCannotReceive'))
          }
        }
        // Accepted: what it moves counts for the journals after it.
        for (const [accountId, delta] of deltas) {
          const account = accounts.get(accountId)
          if (!account) continue
          account.balance += delta
          // What a payee with a balance cap holds, for the next journal that pays them.
          const owner = account.ownerId
          const asset = lines.find((line) => line.accountId === accountId)?.asset
          if (owner && asset && tiers.get(owner)?.balanceMaxMinor != null) {
            const owned = holdings.get(owner) ?? new Map<AssetCode, bigint>()
            owned.set(asset, (owned.get(asset) ?? 0n) + delta)
            holdings.set(owner, owned)
          }
        }
        if (counted !== null && header.fromUserId)
          usedToday.set(header.fromUserId, (usedToday.get(header.fromUserId) ?? 0n) + counted)
        const micros = nextJournalMicros()
        const at = new Date(Math.floor(micros / 1000))
        const journal: JournalRow = {
          id: randomUUID(),
          reference: header.reference ?? newJournalReference(at.getTime()),
          type: header.type,
          status: header.status,
          asset: header.asset,
          amountMinor: header.amountMinor,
          feeMinor: header.feeMinor ?? 0n,
          fromUserId: header.fromUserId ?? null,
          toUserId: header.toUserId ?? null,
          fromWalletId: header.fromWalletId ?? null,
          toWalletId: header.toWalletId ?? null,
          exchangeRate: header.exchangeRate ?? null,
          convertedAsset: header.convertedAsset ?? null,
          convertedAmountMinor: header.convertedAmountMinor ?? null,
          description: header.description ?? null,
          externalReference: header.externalReference ?? null,
          reversesJournalId: header.reversesJournalId ?? null,
          limitValueMinor: counted,
          verificationCode: newVerificationCode(),
          createdAt: at,
          updatedAt: at,
        }
        accepted.push({ journal, lines, micros })
        return { posted: true, journal }
      } catch (error) {
        if (error instanceof AppError) return { posted: false, error }
        throw error
      }
    },

    async write() {
      await tx.execute(sql`select ${ledger.writeCall()}`)
    },

    writeCall() {
      const balances = new Map<number, bigint>()
      for (const { lines } of accepted)
        for (const [accountId, delta] of deltasOf(lines))
          balances.set(accountId, (balances.get(accountId) ?? 0n) + delta)
      const counted = new Map<string, bigint>(senders.map((userId) => [userId, 0n]))
      for (const { journal } of accepted)
        if (journal.fromUserId && journal.limitValueMinor !== null)
          counted.set(
            journal.fromUserId,
            (counted.get(journal.fromUserId) ?? 0n) + journal.limitValueMinor,
          )
      const plan = {
        journals: accepted.map(({ journal, micros }, ord) => planned(journal, micros, ord)),
        postings: accepted
          .flatMap(({ journal, lines }) => lines.map((line) => ({ journal, line })))
          .map(({ journal, line }, ord) => ({
            ord,
            journalId: journal.id,
            accountId: line.accountId,
            asset: line.asset,
            amount: line.amountMinor.toString(),
          })),
        balances: [...balances]
          .filter(([, delta]) => delta !== 0n)
          .sort(([a], [b]) => a - b)
          .map(([id, delta]) => ({ id, delta: delta.toString() })),
        usage: [...counted].map(([userId, delta]) => ({ userId, day, delta: delta.toString() })),
      }
      return sql`sabi_write_journals(${JSON.stringify(plan)}::jsonb)`
    },
  }
  return ledger
}

/**
 * Posts one journal inside the caller's transaction (every money action but the batched
 * transfer): the rules, then the journal, its postings and the balances it moves. A journal whose
 * postings do not sum to zero per asset is a programmer error and is refused before anything is
 * written (the database refuses it again at commit). A refusal throws, InsufficientFundsError
 * when a customer account would go below zero or LIMIT_EXCEEDED over a KYC limit
 * (docs/limits.md), and the caller's transaction rolls back.
 */
export async function postJournal(
  tx: Queryable,
  header: JournalHeader,
  lines: PostingInput[],
): Promise<JournalRow> {
  const ledger = await openLedger(tx, [{ header, lines }])
  const outcome = ledger.post({ header, lines })
  if (!outcome.posted) throw outcome.error
  await ledger.write()
  return outcome.journal
}
