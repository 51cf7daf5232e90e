import type { Queryable } from '#server/db/client.ts'
import type { JournalRow } from '#server/ledger/post-journal.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'
import { loadDisputeMarks } from './dispute-marks.ts'
import { loadCounterparties } from './party-names.ts'
import { toTransactionResponse } from './to-transaction-response.ts'

/**
 * Journals as one viewer's list shows them: each with its other party and the viewer's own
 * report on it, read for the whole list in a fixed number of statements (symbols, names and
 * payouts, reports), never one per journal.
 */
export async function toTransactionResponses(
  db: Queryable,
  viewerId: string,
  journals: readonly JournalRow[],
): Promise<Transaction[]> {
  const symbolOf = await loadAssetSymbols(
    db,
    journals.flatMap((journal) =>
      journal.convertedAsset ? [journal.asset, journal.convertedAsset] : [journal.asset],
    ),
  )
  const counterparties = await loadCounterparties(db, viewerId, journals)
  const marks = await loadDisputeMarks(
    db,
    viewerId,
    journals.map((journal) => journal.id),
  )
  return journals.map((journal) => {
    const parties = counterparties.get(journal.id)
    return {
      ...toTransactionResponse(journal, viewerId, symbolOf, parties?.payout ?? null),
      counterparty: parties?.counterparty ?? null,
      dispute: marks.get(journal.id) ?? null,
    }
  })
}
