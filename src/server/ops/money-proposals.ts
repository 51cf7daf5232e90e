import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Queryable } from '#server/db/client.ts'
import {
  disputes,
  journals,
  ledgerAccounts,
  moneyProposals,
  operators,
  payouts,
  users,
  wallets,
} from '#server/db/schema.ts'
import { changeDisputeStatus } from '#server/disputes/change-dispute-status.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { settlePayoutIn } from '#server/payouts/settle-payout.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { AppError, msg } from '#shared/errors.ts'
import { isAssetCode } from '#shared/money.ts'
import type { MoneyProposal } from '#shared/schemas/ops.ts'
import { appendAudit } from './audit-log.ts'
import { decimalOf } from './customers.ts'
import type { OperatorRow } from './operators.ts'

export type ProposalRow = typeof moneyProposals.$inferSelect

/** What the customer's history calls each kind of money staff moved (docs/operations-console.md). */
const JOURNAL_TYPES = { refund: 'refund', credit: 'adjustment', debit: 'correction' } as const

export type ProposalInput = {
  kind: 'refund' | 'adjustment' | 'payout_failure'
  userId: string
  walletId: string
  amountMinor: bigint
  direction: 'credit' | 'debit'
  disputeId?: string | null
  journalId?: string | null
  payoutId?: string | null
  reason: string
}

/**
 * Whether money needs a second operator (docs/operations-console.md "Four eyes"): above the
 * threshold in naira; any amount in another currency (no rate is trusted for a control); and any
 * adjustment that corrects no transaction.
 */
export function needsSecondOperator(
  input: Pick<ProposalInput, 'kind' | 'journalId' | 'amountMinor'>,
  asset: string,
  thresholdNaira: number,
): boolean {
  if (input.kind === 'adjustment' && !input.journalId) return true
  if (asset !== 'NGN') return true
  return input.amountMinor > BigInt(thresholdNaira) * 100n
}

/**
 * Money paid back for one transaction never comes to more than the transaction took (amount and
 * fee), however many reports, operators and providers it passes through: one refund under the
 * four-eyes threshold at a time would otherwise add up to anything. What counts as paid back:
 * every journal that gives money back for it (a payout's reversal, a refund, a credit
 * adjustment: each points at it by `reverses_journal_id`, docs/ledger.md) and every credit still
 * waiting for approval. The transaction's row is locked so two proposals for it are counted one
 * after the other. A transfer whose payout is still in flight is not refunded by hand: the
 * provider may yet fail it and return the money itself, so staff fail it from Payouts instead,
 * which returns it once. Money back in another currency than the transaction's is refused: the
 * cap has no rate to compare by.
 */
async function refuseMoreThanTaken(
  tx: Queryable,
  input: Pick<ProposalInput, 'kind' | 'amountMinor'> & { journalId: string },
  asset: string,
): Promise<void> {
  const [journal] = await tx
    .select({ asset: journals.asset, amount: journals.amountMinor, fee: journals.feeMinor })
    .from(journals)
    .where(eq(journals.id, input.journalId))
    .for('update')
  if (!journal) throw new AppError('NOT_FOUND', msg('transactionNotFound'))
  if (journal.asset !== asset) {
    const message = msg('opsRefundOtherCurrency', { currency: journal.asset })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'walletId', message }])
  }
  if (input.kind !== 'payout_failure') {
    const [inFlight] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        and(eq(payouts.journalId, input.journalId), inArray(payouts.status, [...PAYOUT_IN_FLIGHT])),
      )
      .limit(1)
    if (inFlight) throw new AppError('CONFLICT', msg('opsPayoutStillInFlight'))
  }
  const [returned] = await tx
    .select({ total: sql<string>`coalesce(sum(${journals.amountMinor}), 0)::text` })
    .from(journals)
    .where(
      and(
        eq(journals.reversesJournalId, input.journalId),
        inArray(journals.type, ['reversal', JOURNAL_TYPES.refund, JOURNAL_TYPES.credit]),
      ),
    )
  const [waiting] = await tx
    .select({ total: sql<string>`coalesce(sum(${moneyProposals.amountMinor}), 0)::text` })
    .from(moneyProposals)
    .where(
      and(
        eq(moneyProposals.journalId, input.journalId),
        eq(moneyProposals.direction, 'credit'),
        eq(moneyProposals.status, 'pending'),
      ),
    )
  const left =
    journal.amount + journal.fee - BigInt(returned?.total ?? '0') - BigInt(waiting?.total ?? '0')
  if (input.amountMinor > left) {
    const amount = `${decimalOf(left > 0n ? left : 0n, asset)} ${asset}`
    const message = msg('opsRefundTooLarge', { amount })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'amount', message }])
  }
}

/** The payout states in which a provider may still settle it either way. */
const PAYOUT_IN_FLIGHT = ['pending', 'submitted', 'needs_review'] as const

/**
 * Proposes money (a dispute's refund, an adjustment, a stuck payout failed and refunded): run at
 * once when one operator may decide it, else left pending for a second. Audited either way. A
 * second pending proposal for one dispute, or any second for one payout, is a 409.
 */
export async function proposeMoney(
  db: Database,
  operator: OperatorRow,
  input: ProposalInput,
  thresholdNaira: number,
): Promise<ProposalRow> {
  const proposal = await db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ userId: wallets.userId, asset: ledgerAccounts.asset })
      .from(wallets)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
      .where(eq(wallets.id, input.walletId))
      .limit(1)
    if (!wallet || wallet.userId !== input.userId)
      throw new AppError('VALIDATION_FAILED', msg('opsWalletNotCustomers'), [
        { path: 'walletId', message: msg('opsWalletNotCustomers') },
      ])
    if (input.journalId && input.direction === 'credit') {
      await refuseMoreThanTaken(tx, { ...input, journalId: input.journalId }, wallet.asset)
    }
    const needsApproval = needsSecondOperator(input, wallet.asset, thresholdNaira)
    const [row] = await tx
      .insert(moneyProposals)
      .values({
        kind: input.kind,
        userId: input.userId,
        walletId: input.walletId,
        asset: wallet.asset,
        amountMinor: input.amountMinor,
        direction: input.direction,
        disputeId: input.disputeId ?? null,
        journalId: input.journalId ?? null,
        payoutId: input.payoutId ?? null,
        reason: input.reason,
        status: 'pending',
        needsApproval,
        proposedBy: operator.id,
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('CONFLICT', msg('opsPendingProposal'))
    await appendAudit(tx, {
      operatorId: operator.id,
      actor: operator.email,
      action: `propose_${input.kind}`,
      targetType: 'proposal',
      targetId: row.id,
      reason: input.reason,
      details: {
        customer: input.userId,
        amount: decimalOf(input.amountMinor, wallet.asset),
        currency: wallet.asset,
        direction: input.direction,
        needsApproval,
      },
    })
    return row
  })
  if (proposal.needsApproval) return proposal
  return executeProposal(db, proposal, operator, null)
}

/**
 * Moves the money of a proposal, once: the journal, the dispute resolved as refunded, the
 * customer told. A stuck payout goes through the payout machinery's own failure (settlePayoutIn),
 * which returns amount and fee exactly once whoever calls it. The proposal is claimed first by a
 * conditional update in the same transaction as the money, so two approvers racing, or an
 * approval racing a rejection, move it once or not at all.
 */
async function executeProposal(
  db: Database,
  proposal: ProposalRow,
  executor: OperatorRow,
  decider: OperatorRow | null,
): Promise<ProposalRow> {
  return db.transaction(async (tx) => {
    const now = new Date()
    const [claimed] = await tx
      .update(moneyProposals)
      .set({
        status: 'executed',
        decidedBy: decider?.id ?? null,
        decidedAt: decider ? now : null,
        updatedAt: now,
      })
      .where(and(eq(moneyProposals.id, proposal.id), eq(moneyProposals.status, 'pending')))
      .returning()
    if (!claimed) throw new AppError('CONFLICT', msg('opsProposalDecided'))
    let resultJournalId: string | null = null
    if (claimed.kind === 'payout_failure' && claimed.payoutId) {
      // In the claiming transaction: the payout fails, and its money comes back, only with the
      // proposal executed; a payout that settled meanwhile moves nothing and the claim rolls back.
      const settled = await settlePayoutIn(tx, claimed.payoutId, {
        status: 'failed',
        reason: claimed.reason,
      })
      if (!settled) throw new AppError('CONFLICT', msg('opsPayoutNotStuck'))
    } else {
      const journal = await postProposalJournal(tx, claimed)
      resultJournalId = journal.id
      await tx
        .update(moneyProposals)
        .set({ resultJournalId })
        .where(eq(moneyProposals.id, claimed.id))
    }
    if (claimed.disputeId) {
      await changeDisputeStatus(tx, {
        disputeId: claimed.disputeId,
        status: 'resolved',
        outcome: 'refunded',
        // The proposal's reason is written for the approver, not the customer: a refund
        // explains itself (docs/operations-console.md "Money").
        operatorId: decider?.id ?? executor.id,
      })
    }
    await appendAudit(tx, {
      operatorId: (decider ?? executor).id,
      actor: (decider ?? executor).email,
      action: decider ? 'approve_money' : 'execute_money',
      targetType: 'proposal',
      targetId: claimed.id,
      details: {
        kind: claimed.kind,
        amount: decimalOf(claimed.amountMinor, claimed.asset),
        currency: claimed.asset,
        journal: resultJournalId,
      },
    })
    return { ...claimed, resultJournalId }
  })
}

/**
 * The journal of a refund or an adjustment: between the customer's wallet and the house's
 * "refunds and adjustments" account. One that corrects a transaction points at it
 * (`reverses_journal_id`, docs/ledger.md), as the payout machinery's refunds do, so it is not
 * counted against the customer's daily limit and reaches even a closed account.
 */
async function postProposalJournal(tx: Queryable, proposal: ProposalRow) {
  const asset = proposal.asset
  if (!isAssetCode(asset)) throw new Error(`proposal ${proposal.id} has unknown asset ${asset}`)
  const [wallet] = await tx
    .select({ accountId: wallets.accountId })
    .from(wallets)
    .where(eq(wallets.id, proposal.walletId))
  if (!wallet) throw new Error(`proposal ${proposal.id} has no wallet`)
  const house = await systemAccountId(tx, 'operations_adjustments', asset)
  const [target] = proposal.journalId
    ? await tx
        .select({ reference: journals.reference })
        .from(journals)
        .where(eq(journals.id, proposal.journalId))
    : []
  const [dispute] = proposal.disputeId
    ? await tx
        .select({ reference: disputes.reference })
        .from(disputes)
        .where(eq(disputes.id, proposal.disputeId))
    : []
  const credit = proposal.direction === 'credit'
  const type =
    proposal.kind === 'refund'
      ? JOURNAL_TYPES.refund
      : credit
        ? JOURNAL_TYPES.credit
        : JOURNAL_TYPES.debit
  // Written as describeJournal reads it back, so each customer reads it in their language.
  const description = englishDescription({
    kind: 'staffMoney',
    type,
    reference: target?.reference ?? null,
    report: dispute?.reference ?? null,
  })
  return postJournal(
    tx,
    {
      type,
      status: 'completed',
      asset,
      amountMinor: proposal.amountMinor,
      ...(credit
        ? { toUserId: proposal.userId, toWalletId: proposal.walletId }
        : { fromUserId: proposal.userId, fromWalletId: proposal.walletId }),
      reversesJournalId: proposal.journalId,
      externalReference: dispute?.reference ?? null,
      description,
    },
    [
      {
        accountId: house,
        asset,
        amountMinor: credit ? -proposal.amountMinor : proposal.amountMinor,
      },
      {
        accountId: wallet.accountId,
        asset,
        amountMinor: credit ? proposal.amountMinor : -proposal.amountMinor,
      },
    ],
  )
}

export async function findProposalOrThrow(db: Queryable, id: string): Promise<ProposalRow> {
  const [row] = await db.select().from(moneyProposals).where(eq(moneyProposals.id, id)).limit(1)
  if (!row) throw new AppError('NOT_FOUND', msg('opsProposalNotFound'))
  return row
}

/** A second operator approves: never the proposer (a 403), and only a pending proposal. */
export async function approveProposal(
  db: Database,
  operator: OperatorRow,
  id: string,
): Promise<ProposalRow> {
  const proposal = await findProposalOrThrow(db, id)
  if (proposal.proposedBy === operator.id) throw new AppError('FORBIDDEN', msg('opsOwnProposal'))
  if (proposal.status !== 'pending') throw new AppError('CONFLICT', msg('opsProposalDecided'))
  return executeProposal(db, proposal, operator, operator)
}

/** A second operator turns a proposal down, with why; the money does not move. */
export async function rejectProposal(
  db: Database,
  operator: OperatorRow,
  id: string,
  note: string,
): Promise<ProposalRow> {
  return db.transaction(async (tx) => {
    const proposal = await findProposalOrThrow(tx, id)
    if (proposal.proposedBy === operator.id) throw new AppError('FORBIDDEN', msg('opsOwnProposal'))
    const now = new Date()
    const [row] = await tx
      .update(moneyProposals)
      .set({ status: 'rejected', decidedBy: operator.id, decidedAt: now, updatedAt: now })
      .where(and(eq(moneyProposals.id, id), eq(moneyProposals.status, 'pending')))
      .returning()
    if (!row) throw new AppError('CONFLICT', msg('opsProposalDecided'))
    await appendAudit(tx, {
      operatorId: operator.id,
      actor: operator.email,
      action: 'reject_money',
      targetType: 'proposal',
      targetId: id,
      reason: note,
    })
    return row
  })
}

/** Proposals as the console shows them, with names and references filled in. */
export async function proposalViews(db: Queryable, rows: ProposalRow[]): Promise<MoneyProposal[]> {
  if (rows.length === 0) return []
  const operatorIds = [
    ...new Set(rows.flatMap((row) => [row.proposedBy, row.decidedBy].filter((id) => id !== null))),
  ]
  const names = new Map(
    (
      await db
        .select({ id: operators.id, email: operators.email })
        .from(operators)
        .where(inArray(operators.id, operatorIds))
    ).map((row) => [row.id, row.email]),
  )
  const userRows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]))
  const customers = new Map(
    userRows.map((row) => [
      row.id,
      [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    ]),
  )
  const journalIds = rows.flatMap((row) =>
    [row.journalId, row.resultJournalId].filter((id) => id !== null),
  )
  const references = new Map(
    journalIds.length === 0
      ? []
      : (
          await db
            .select({ id: journals.id, reference: journals.reference })
            .from(journals)
            .where(inArray(journals.id, journalIds))
        ).map((row) => [row.id, row.reference]),
  )
  const disputeIds = rows.flatMap((row) => (row.disputeId ? [row.disputeId] : []))
  const disputeRefs = new Map(
    disputeIds.length === 0
      ? []
      : (
          await db
            .select({ id: disputes.id, reference: disputes.reference })
            .from(disputes)
            .where(inArray(disputes.id, disputeIds))
        ).map((row) => [row.id, row.reference]),
  )
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'adjustment' || row.kind === 'payout_failure' ? row.kind : 'refund',
    status: row.status === 'executed' || row.status === 'rejected' ? row.status : 'pending',
    needsApproval: row.needsApproval,
    customer: { id: row.userId, name: customers.get(row.userId) ?? '' },
    walletId: row.walletId,
    currency: row.asset,
    amount: decimalOf(row.amountMinor, row.asset),
    direction: row.direction === 'debit' ? 'debit' : 'credit',
    reason: row.reason,
    disputeReference: row.disputeId ? (disputeRefs.get(row.disputeId) ?? null) : null,
    transactionReference: row.journalId ? (references.get(row.journalId) ?? null) : null,
    payoutId: row.payoutId,
    proposedBy: names.get(row.proposedBy) ?? '',
    proposedById: row.proposedBy,
    decidedBy: row.decidedBy ? (names.get(row.decidedBy) ?? '') : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    resultTransactionReference: row.resultJournalId
      ? (references.get(row.resultJournalId) ?? null)
      : null,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** The approval inbox: pending proposals, oldest first. */
export async function pendingProposals(db: Queryable): Promise<ProposalRow[]> {
  return db
    .select()
    .from(moneyProposals)
    .where(eq(moneyProposals.status, 'pending'))
    .orderBy(moneyProposals.createdAt)
    .limit(200)
}

/** A dispute's proposals, newest first. */
export async function proposalsOfDispute(db: Queryable, disputeId: string) {
  return db
    .select()
    .from(moneyProposals)
    .where(eq(moneyProposals.disputeId, disputeId))
    .orderBy(desc(moneyProposals.createdAt))
}

/** The payout a proposal fails, checked still in flight. */
export async function payoutInFlight(db: Queryable, payoutId: string) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId)).limit(1)
  if (!payout || !PAYOUT_IN_FLIGHT.some((status) => status === payout.status))
    throw new AppError('CONFLICT', msg('opsPayoutNotStuck'))
  return payout
}
