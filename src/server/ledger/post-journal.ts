import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { journals, ledgerAccounts, postings, users } from '#server/db/schema.ts'
import { enforceLimits } from '#server/limits/enforce-limits.ts'
import { AppError } from '#shared/errors.ts'
import { type AssetCode, isAssetCode } from '#shared/money.ts'
import { newJournalReference } from './journal-reference.ts'
import { InsufficientFundsError, invariant } from './ledger-errors.ts'

export type PostingInput = {
  accountId: number
  asset: AssetCode
  /** Positive raises the account's balance, negative lowers it; never zero. */
  amountMinor: bigint
}

export type JournalHeader = {
  type: string
  status: 'pending' | 'completed' | 'failed'
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
}

export type JournalRow = typeof journals.$inferSelect

/**
 * Posts one journal: its header and its postings, and moves the balances of the accounts it
 * touches, all inside the caller's transaction. A journal whose postings do not sum to zero
 * per asset is a programmer error and is refused before anything is written (the database
 * refuses it again at commit). A customer account that would go below zero makes the whole
 * journal fail with InsufficientFundsError, and the caller's transaction rolls back. A journal
 * over a KYC limit (docs/limits.md) fails with LIMIT_EXCEEDED before anything is written.
 *
 * Balances change last, account by account in ascending id order, each with one conditional
 * UPDATE: two journals touching the same accounts lock them in the same order and so never
 * deadlock, and the rows stay locked for as short a time as possible before commit.
 *
 * A deactivated account receives nothing but refunds (docs/account.md "Exports and
 * deactivation"). That is read after its balance is locked, so a deactivation that held the
 * lock has committed by then and is seen; one that comes later waits for this journal and
 * then sees its money.
 */
export async function postJournal(
  tx: DbTransaction,
  header: JournalHeader,
  lines: PostingInput[],
): Promise<JournalRow> {
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

  // The KYC limits are checked first, in this transaction, so a refusal writes nothing.
  const limitValueMinor = await enforceLimits(tx, header, lines)

  const [journal] = await tx
    .insert(journals)
    .values({
      reference: newJournalReference(),
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
      limitValueMinor,
    })
    .returning()
  invariant(journal, 'insert into journals returned no row')

  await tx.insert(postings).values(
    lines.map((line) => ({
      journalId: journal.id,
      accountId: line.accountId,
      asset: line.asset,
      amountMinor: line.amountMinor,
    })),
  )

  const deltaByAccount = new Map<number, bigint>()
  for (const line of lines)
    deltaByAccount.set(
      line.accountId,
      (deltaByAccount.get(line.accountId) ?? 0n) + line.amountMinor,
    )
  const ordered = [...deltaByAccount].sort(([a], [b]) => a - b)
  for (const [accountId, delta] of ordered) {
    if (delta === 0n) continue
    const updated = await tx
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${delta}` })
      .where(
        and(
          eq(ledgerAccounts.id, accountId),
          // Only customer accounts are held at zero; the house's may go negative by design.
          delta > 0n
            ? undefined
            : or(
                eq(ledgerAccounts.kind, 'system'),
                sql`${ledgerAccounts.balanceMinor} + ${delta} >= 0`,
              ),
        ),
      )
      .returning({ id: ledgerAccounts.id })
    if (updated.length === 1) continue
    const [account] = await tx
      .select({ balanceMinor: ledgerAccounts.balanceMinor })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accountId))
    invariant(account, `ledger account ${accountId} does not exist`)
    throw new InsufficientFundsError(accountId, account.balanceMinor, -delta)
  }
  const credited = ordered.filter(([, delta]) => delta > 0n).map(([accountId]) => accountId)
  if (!header.reversesJournalId && credited.length > 0) {
    const [closed] = await tx
      .select({ id: users.id })
      .from(ledgerAccounts)
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(and(inArray(ledgerAccounts.id, credited), isNotNull(users.deactivatedAt)))
      .limit(1)
    if (closed) throw new AppError('CONFLICT', 'This account is closed and cannot receive money.')
  }
  return journal
}
