import { and, eq } from 'drizzle-orm'
import type { Database, DbTransaction } from '#server/db/client.ts'
import { currencies, fundingAccounts, topUps, wallets } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { recordTransactionEvent } from '#server/ledger/journal-status.ts'
import { postJournal } from '#server/ledger/post-journal.ts'
import { providerAlerts } from '#server/metrics/metrics.ts'
import { moneyFieldsOf } from '#server/outbox/money-event-fields.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import type { IncomingPayment } from '#server/providers/funding-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { TIMELINE_STEPS } from '#server/transactions/timeline-steps.ts'
import { findOrOpenWallet } from '#server/wallets/open-wallet.ts'
import { AppError } from '#shared/errors.ts'
import { type AssetCode, isAssetCode } from '#shared/money.ts'

/**
 * Money received over a user's limit waits this long for them to move up a tier (or make room)
 * before it goes back to its sender (docs/funding.md "Over the limit").
 */
export const HELD_TOP_UP_REFUND_AFTER_MS = 7 * 24 * 60 * 60 * 1000

/** The channel of a bank transfer into a user's own account number (Paystack's name for it). */
export const BANK_TRANSFER_CHANNEL = 'dedicated_nuban'

export type IncomingOutcome =
  | 'credited'
  | 'held'
  | 'duplicate'
  | 'pending'
  | 'failed'
  | 'unknown'
  | 'mismatch'

export type FundingLog = {
  error(object: object, message: string): void
  info(object: object, message: string): void
}

type TopUp = typeof topUps.$inferSelect

function descriptionOf(topUp: TopUp): string {
  if (topUp.channel === 'bank_transfer' && topUp.senderName && topUp.senderBank)
    return englishDescription({
      kind: 'bankTransferIn',
      senderName: topUp.senderName,
      bankName: topUp.senderBank,
    })
  return englishDescription({
    kind: 'addFunds',
    method: topUp.channel === 'bank_transfer' ? 'bank' : 'card',
  })
}

function assetOf(topUp: TopUp): AssetCode {
  if (!isAssetCode(topUp.asset))
    throw new Error(`top-up ${topUp.id} has unknown asset ${topUp.asset}`)
  return topUp.asset
}

/** Tells the user money arrived from a bank; a card top-up they made themselves needs no word. */
async function announceArrival(tx: DbTransaction, topUp: TopUp, journalId: string) {
  if (topUp.channel !== 'bank_transfer') return
  await recordEvent(tx, {
    userId: topUp.userId,
    data: {
      kind: 'money_received',
      ...(await moneyFieldsOf(tx, topUp.amountMinor, assetOf(topUp))),
      fromName: topUp.senderName ?? topUp.senderBank ?? 'Bank transfer',
      transactionId: journalId,
    },
  })
}

async function walletAccountOf(tx: DbTransaction, walletId: string): Promise<number> {
  const [wallet] = await tx
    .select({ accountId: wallets.accountId })
    .from(wallets)
    .where(eq(wallets.id, walletId))
  if (!wallet) throw new Error(`wallet ${walletId} is missing`)
  return wallet.accountId
}

/**
 * Puts a received top-up where it belongs, inside the caller's transaction with its row locked:
 * into the wallet when the user's KYC limits let it in, and otherwise into the suspense account,
 * held for them and shown in their history as received over the limit (docs/funding.md "Over
 * the limit"). Either way the money is in exactly one place, once.
 */
async function creditOrHold(
  tx: DbTransaction,
  topUp: TopUp,
  now: Date,
): Promise<'credited' | 'held'> {
  const asset = assetOf(topUp)
  const externalFunding = await systemAccountId(tx, 'external_funding', asset)
  const header = {
    type: 'add_funds',
    asset,
    amountMinor: topUp.amountMinor,
    toUserId: topUp.userId,
    toWalletId: topUp.walletId,
    description: descriptionOf(topUp),
  }
  const outOfFunding = { accountId: externalFunding, asset, amountMinor: -topUp.amountMinor }
  try {
    const journal = await postJournal(tx, { ...header, status: 'completed' }, [
      outOfFunding,
      {
        accountId: await walletAccountOf(tx, topUp.walletId),
        asset,
        amountMinor: topUp.amountMinor,
      },
    ])
    await tx
      .update(topUps)
      .set({ status: 'credited', journalId: journal.id, updatedAt: now })
      .where(eq(topUps.id, topUp.id))
    await announceArrival(tx, topUp, journal.id)
    return 'credited'
  } catch (error) {
    // A refusal is decided before anything is written, so the transaction carries on; any
    // other failure is not a refusal and rolls everything back.
    if (!(error instanceof AppError)) throw error
  }
  const held = await postJournal(tx, { ...header, status: 'held' }, [
    outOfFunding,
    {
      accountId: await systemAccountId(tx, 'funding_suspense', asset),
      asset,
      amountMinor: topUp.amountMinor,
    },
  ])
  await recordTransactionEvent(tx, held.id, 'held', TIMELINE_STEPS.heldOverLimit)
  await tx
    .update(topUps)
    .set({
      status: 'held',
      journalId: held.id,
      refundAfter: new Date(now.getTime() + HELD_TOP_UP_REFUND_AFTER_MS),
      updatedAt: now,
    })
    .where(eq(topUps.id, topUp.id))
  return 'held'
}

/**
 * The top-up a bank transfer into a user's account number makes, found by the provider's
 * customer and recorded under the payment's reference (once: a second delivery finds it).
 * Undefined when the account is nobody's here.
 */
async function recordBankTransferIn(
  db: Database,
  provider: string,
  payment: IncomingPayment,
): Promise<boolean> {
  if (!payment.customerCode) return false
  const [account] = await db
    .select()
    .from(fundingAccounts)
    .where(
      and(
        eq(fundingAccounts.provider, provider),
        eq(fundingAccounts.customerCode, payment.customerCode),
      ),
    )
  if (!account) return false
  await db.transaction(async (tx) => {
    const [currency] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, account.asset))
    if (!currency) throw new Error(`currency ${account.asset} is missing`)
    const wallet = await findOrOpenWallet(tx, account.userId, currency.id)
    await tx
      .insert(topUps)
      .values({
        provider,
        reference: payment.reference,
        userId: account.userId,
        walletId: wallet.id,
        channel: 'bank_transfer',
        asset: account.asset,
        amountMinor: payment.amountMinor,
        providerTransactionId: payment.providerTransactionId,
        senderName: payment.senderName,
        senderBank: payment.senderBank,
      })
      .onConflictDoNothing()
  })
  return true
}

/** A payment a person must look at: logged with its reference and counted (docs/operations.md). */
function alert(log: FundingLog, provider: string, reason: string, payment: IncomingPayment) {
  providerAlerts.inc({ provider, reason })
  log.error(
    { provider, reference: payment.reference, reason, amountMinor: String(payment.amountMinor) },
    'incoming payment needs an operator',
  )
}

/**
 * Applies what the provider says about an incoming payment (a charge.success webhook, or a
 * verify call), exactly once by its reference, however often and in whatever order it is told:
 * the top-up row is locked, and only a pending one changes. A bank transfer into a user's
 * account number makes its top-up on first sight; a card payment must match the checkout Sabi
 * started, amount and currency, or it is left for a person and reported by reconciliation.
 */
export async function applyIncomingPayment(
  db: Database,
  provider: string,
  payment: IncomingPayment,
  log: FundingLog,
  now = new Date(),
): Promise<IncomingOutcome> {
  if (payment.status === 'pending') return 'pending'
  if (payment.channel === BANK_TRANSFER_CHANNEL && payment.status === 'success') {
    if (!(await recordBankTransferIn(db, provider, payment))) {
      alert(log, provider, 'unmatched', payment)
      return 'unknown'
    }
  }
  return db.transaction(async (tx) => {
    const [topUp] = await tx
      .select()
      .from(topUps)
      .where(and(eq(topUps.provider, provider), eq(topUps.reference, payment.reference)))
      .for('update')
    if (!topUp) {
      log.info({ provider, reference: payment.reference }, 'incoming payment for no top-up')
      return 'unknown'
    }
    if (topUp.status !== 'pending') return 'duplicate'
    if (payment.status === 'failed') {
      await tx
        .update(topUps)
        .set({ status: 'failed', updatedAt: now })
        .where(eq(topUps.id, topUp.id))
      return 'failed'
    }
    if (payment.amountMinor !== topUp.amountMinor || payment.currency !== topUp.asset) {
      alert(log, provider, 'mismatch', payment)
      return 'mismatch'
    }
    if (payment.providerTransactionId && !topUp.providerTransactionId) {
      await tx
        .update(topUps)
        .set({ providerTransactionId: payment.providerTransactionId })
        .where(eq(topUps.id, topUp.id))
    }
    return creditOrHold(tx, topUp, now)
  })
}
