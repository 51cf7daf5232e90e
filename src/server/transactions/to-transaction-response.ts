import type { JournalRow } from '#server/ledger/post-journal.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { describeJournal } from './describe-journal.ts'
import type { PayoutSummary } from './party-names.ts'

function formatIn(asset: string, amountMinor: bigint): string {
  return formatMinor(amountMinor, isAssetCode(asset) ? exponentOf(asset) : 2)
}

/**
 * A journal as one user sees it (`symbolOf` gives each asset's display symbol)
 * (docs/data-model.md "Transaction"): amounts as decimal strings, and the type from the
 * viewer's side, so a transfer is `send` to its sender and `receive` to its recipient. With the
 * journal's payout, a description Sabi wrote for money that left through a provider is given
 * as its parts too (`describedAs`), for screens to word in their language.
 */
export function toTransactionResponse(
  journal: JournalRow,
  viewerId: string,
  symbolOf: (asset: string) => string,
  payout: PayoutSummary | null = null,
): Transaction {
  const isRecipientOnly = journal.toUserId === viewerId && journal.fromUserId !== viewerId
  const describedAs = describeJournal(journal, payout)
  return {
    // Absent rather than null: OpenAPI 3.0 cannot say "null or one of these" (redocly's
    // nullable-type-sibling), and a description of the user's own needs no parts.
    ...(describedAs ? { describedAs } : {}),
    id: journal.id,
    fromUserId: journal.fromUserId,
    toUserId: journal.toUserId,
    fromWalletId: journal.fromWalletId,
    toWalletId: journal.toWalletId,
    amount: formatIn(journal.asset, journal.amountMinor),
    fee: formatIn(journal.asset, journal.feeMinor),
    exchangeRate: journal.exchangeRate,
    convertedAmount:
      journal.convertedAmountMinor === null
        ? null
        : formatIn(journal.convertedAsset ?? journal.asset, journal.convertedAmountMinor),
    type: journal.type === 'send' && isRecipientOnly ? 'receive' : journal.type,
    status: journal.status,
    description: journal.description,
    reference: journal.reference,
    verificationCode: journal.verificationCode,
    externalReference: journal.externalReference,
    createdAt: journal.createdAt.toISOString(),
    updatedAt: journal.updatedAt.toISOString(),
    fromWallet: { currency: { symbol: symbolOf(journal.asset), code: journal.asset } },
    convertedCurrency: journal.convertedAsset
      ? { symbol: symbolOf(journal.convertedAsset), code: journal.convertedAsset }
      : null,
  }
}
