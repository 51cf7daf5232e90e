import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { journals, payouts } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { loadUserNames, maskName, partyNamesOf } from '#server/transactions/party-names.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import { AppError, msg } from '#shared/errors.ts'
import {
  normalizeVerificationCode,
  VERIFICATION_CODE_LENGTH,
  type VerifiedReceipt,
} from '#shared/schemas/receipts.ts'

const NOT_FOUND = msg('noReceiptNotGenuine')
const CODE_PATTERN = new RegExp(`^[0-9A-F]{${VERIFICATION_CODE_LENGTH}}$`)

/**
 * Confirms a receipt by the code printed on it (docs/receipts.md), for anyone, signed in or not:
 * the amount, currency, date and status, and the names masked. A code that names no journal is
 * "not found", whatever its shape, so the answer tells a guesser nothing.
 */
export async function verifyReceipt(db: Queryable, codeText: string): Promise<VerifiedReceipt> {
  const code = normalizeVerificationCode(codeText)
  if (!CODE_PATTERN.test(code)) throw new AppError('NOT_FOUND', NOT_FOUND)
  const [journal] = await db
    .select()
    .from(journals)
    .where(eq(journals.verificationCode, code))
    .limit(1)
  if (!journal) throw new AppError('NOT_FOUND', NOT_FOUND)
  const [payout] = await db
    .select({ kind: payouts.kind, details: payouts.details })
    .from(payouts)
    .where(eq(payouts.journalId, journal.id))
  const names = await loadUserNames(db, [journal.fromUserId, journal.toUserId])
  const parties = partyNamesOf(
    journal,
    names,
    payout ? { kind: payout.kind, details: stringFieldsOf(payout.details) } : null,
  )
  const symbolOf = await loadAssetSymbols(db, [journal.asset])
  // The initiator's view: a stranger is neither party, so no side is "receive".
  const view = toTransactionResponse(journal, journal.fromUserId ?? '', symbolOf)
  return {
    code,
    status: journal.status,
    type: view.type,
    amount: view.amount,
    fee: view.fee,
    currency: { code: journal.asset, symbol: symbolOf(journal.asset) },
    createdAt: view.createdAt,
    reference: journal.reference,
    payer: parties.payer === null ? null : maskName(parties.payer),
    // A biller is a company: its name is not masked.
    payee:
      parties.payee === null
        ? null
        : payout?.kind === 'bill'
          ? parties.payee
          : maskName(parties.payee),
  }
}
