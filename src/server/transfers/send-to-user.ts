import type { Database, Queryable } from '#server/db/client.ts'
import { createStatementBatcher } from '#server/db/statement-batcher.ts'
import { explainInsufficientFunds } from '#server/ledger/describe-shortfall.ts'
import { newJournalReference } from '#server/ledger/journal-reference.ts'
import {
  type IdempotencyClaim,
  type IdempotentResponse,
  idempotencyMismatch,
} from '#server/ledger/run-idempotent.ts'
import {
  findParties,
  postUserTransfers,
  type TransferItem,
  type TransferOutcome,
  type TransferParties,
  type TransferPoster,
  type TransferRefusal,
} from '#server/transfers/post-user-transfers.ts'
import { findOwnWalletIdentity, type WalletIdentity } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import { parseAmountOrThrow } from '#shared/money.ts'
import type { SendToUserRequest } from '#shared/schemas/money-requests.ts'
import type { Transaction as TransactionResponse } from '#shared/schemas/transactions.ts'

// A free, instant transfer to another Sabi user (docs/transfers.md "Sabi transfers"): the
// recipient's wallet in the same currency receives the amount, opened for them if they have
// none. One journal, two postings, completed at once, posted by the ledger as every money action
// is (ADR 013), in the next batch of transfers (ADR 008); what needs no database is checked here
// first.

type Prepared = { from: WalletIdentity; item: TransferItem; amountMinor: bigint }

/** The checks that need no database, in the order the answers have always come in. */
async function prepareTransfer(
  db: Queryable,
  submission: IdempotencyClaim | { userId: string; key: null; requestHash: null },
  input: SendToUserRequest,
): Promise<Prepared> {
  const from = await findOwnWalletIdentity(db, submission.userId, input.fromWalletId)
  const amount = parseAmountOrThrow(input.amount, from.asset)
  if (input.recipientUserId === submission.userId) {
    throw new AppError('VALIDATION_FAILED', msg('cannotSendMoneyYourself'), [
      { path: 'recipientUserId', message: msg('cannotSendMoneyYourself') },
    ])
  }
  const now = new Date()
  return {
    from,
    amountMinor: amount.amountMinor,
    item: {
      ...submission,
      fromWalletId: from.id,
      recipientUserId: input.recipientUserId,
      asset: from.asset,
      amountMinor: amount.amountMinor,
      symbol: from.symbol,
      description: input.description || null,
      reference: newJournalReference(now.getTime()),
    },
  }
}

/**
 * Sends money to another user inside the caller's transaction, with no Idempotency-Key (the
 * demo account's seed, tests). A refusal throws, and the caller's transaction rolls back.
 */
export async function sendToUser(
  tx: Queryable,
  senderId: string,
  input: SendToUserRequest,
): Promise<TransactionResponse> {
  const { from, item } = await prepareTransfer(
    tx,
    { userId: senderId, key: null, requestHash: null },
    input,
  )
  const [outcome] = await postUserTransfers(tx, [item])
  if (outcome?.outcome === 'completed') return outcome.response
  if (outcome?.outcome === 'refused') throw refusalError(outcome.refusal, from)
  throw new Error(`a transfer without a key answered ${JSON.stringify(outcome)}`)
}

/**
 * Sends money to another user once per Idempotency-Key (POST /api/send-money/sabi-user), in the
 * next batch of the app's transfer poster: the answer, or the first answer again for a retry.
 * A request refused before the database still goes through its key, so that a retry of a
 * submission that went through is answered as it was, as inside `runIdempotent`.
 */
export async function sendToUserOnce(
  poster: TransferPoster,
  db: Database,
  submission: IdempotencyClaim,
  input: SendToUserRequest,
): Promise<IdempotentResponse & { replayed: boolean }> {
  let prepared: Prepared
  try {
    prepared = await prepareTransfer(db, submission, input)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const outcome = await poster.post({ ...submission, refusedEarlier: true })
    if (outcome.outcome === 'refused') throw error
    return answerOf(outcome, undefined)
  }
  const parties = await findTransferParties(db, prepared.item)
  const item = { ...prepared.item, parties }
  if (parties.held) return answerOf(await postHeld(db, { ...prepared, item }), prepared.from)
  return answerOf(await poster.post(item), prepared.from)
}

/**
 * The transfer of a frozen account or one cooling off (docs/security.md): posted on its own,
 * in one transaction with the hold that refuses or counts it, rather than in the next batch,
 * so two such transfers cannot both pass an allowance the pair of them exceeds.
 */
async function postHeld(db: Database, prepared: Prepared): Promise<TransferOutcome> {
  const [outcome] = await postUserTransfers(db, [prepared.item], { checkHolds: true })
  if (!outcome) throw new Error('a held transfer was left unanswered')
  return outcome
}

function answerOf(
  outcome: TransferOutcome,
  from: WalletIdentity | undefined,
): IdempotentResponse & { replayed: boolean } {
  switch (outcome.outcome) {
    case 'completed':
      return { statusCode: 201, body: outcome.response, replayed: false }
    case 'replayed':
      return { statusCode: outcome.statusCode, body: outcome.response, replayed: true }
    case 'mismatch':
      throw idempotencyMismatch()
    case 'refused':
      throw refusalError(outcome.refusal, from)
  }
}

/** The refusal as the user reads it, in the words the other money actions use. */
function refusalError(refusal: TransferRefusal, from: WalletIdentity | undefined): Error {
  switch (refusal.kind) {
    case 'earlier':
      return new Error('a request refused earlier came back without its error')
    case 'wallet_not_found':
      return new AppError('NOT_FOUND', msg('walletNotFound'))
    case 'recipient_not_found':
      return new AppError('NOT_FOUND', msg('recipientNotFound'))
    case 'currency_not_found':
      return new AppError('NOT_FOUND', msg('currencyNotFound'))
    case 'ledger': {
      if (!from) return refusal.error
      const explained = explainInsufficientFunds(refusal.error, from.asset, from.symbol)
      return explained instanceof Error ? explained : refusal.error
    }
  }
}

/** At most this many transfers share one read of their parties. */
const PARTY_LOOKUPS_PER_STATEMENT_MAX = 256
const partyFinders = new WeakMap<
  Queryable,
  ReturnType<typeof createStatementBatcher<PartiesWanted, TransferParties>>
>()
type PartiesWanted = { userId: string; fromWalletId: string; recipientUserId: string }

/**
 * A transfer's parties and whether its sender's money is held, read before it joins a batch:
 * concurrent requests share one read (as their PIN checks do, ADR 008), outside the batch's
 * transaction, so that the batch itself only claims, locks and writes.
 */
function findTransferParties(db: Queryable, wanted: PartiesWanted): Promise<TransferParties> {
  let finder = partyFinders.get(db)
  if (!finder) {
    finder = createStatementBatcher(
      async (all: PartiesWanted[]) => {
        const found = await findParties(
          db,
          all.map(({ userId, fromWalletId, recipientUserId }, ord) => ({
            ord,
            userId,
            fromWalletId,
            recipientUserId,
          })),
        )
        return all.map((_, ord) => {
          const party = found.get(ord)
          if (!party) throw new Error('a transfer without its parties')
          return party
        })
      },
      PARTY_LOOKUPS_PER_STATEMENT_MAX,
      { name: 'transfer_parties' },
    )
    partyFinders.set(db, finder)
  }
  return finder.submit(wanted)
}
