import { and, asc, eq, or, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { journals } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { toTransactionResponse } from '#server/transactions/to-transaction-response.ts'
import type { Transaction } from '#shared/schemas/transactions.ts'

/** An export holds at most this many transactions; a narrower date range gets the rest. */
export const EXPORT_MAX_ROWS = 50_000

/** The user's transactions, oldest first, from `from` to `to` (whole UTC days, inclusive). */
export async function listTransactionsForExport(
  db: Queryable,
  userId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Transaction[]> {
  const conditions = [or(eq(journals.fromUserId, userId), eq(journals.toUserId, userId))]
  // Day arithmetic in SQL, in UTC: the day after 9999-12-31 is a date PostgreSQL can compare
  // with, and no JavaScript Date is built from what the user typed.
  if (range.from) {
    conditions.push(
      sql`${journals.createdAt} >= (${range.from}::date)::timestamp at time zone 'UTC'`,
    )
  }
  if (range.to) {
    conditions.push(
      sql`${journals.createdAt} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`,
    )
  }
  const rows = await db
    .select()
    .from(journals)
    .where(and(...conditions))
    .orderBy(asc(journals.createdAt), asc(journals.id))
    .limit(EXPORT_MAX_ROWS)
  const symbolOf = await loadAssetSymbols(
    db,
    rows.flatMap((row) => [row.asset, ...(row.convertedAsset ? [row.convertedAsset] : [])]),
  )
  return rows.map((row) => toTransactionResponse(row, userId, symbolOf))
}

/**
 * One CSV field. Quotes when needed (RFC 4180), and a text that a spreadsheet would run as a
 * formula (=, +, -, @ first) gets a leading apostrophe, so a description cannot attack the
 * user who opens their own export.
 */
export function csvField(value: string | null): string {
  let text = value ?? ''
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const HEADER = [
  'Date',
  'Reference',
  'Type',
  'Status',
  'Description',
  'Amount',
  'Fee',
  'Currency',
  'Converted amount',
  'Converted currency',
]

/** Export history (issue "Account"): the user's transactions as CSV, one per line. */
export function toTransactionsCsv(transactions: readonly Transaction[]): string {
  const lines = transactions.map((transaction) =>
    [
      csvField(transaction.createdAt),
      csvField(transaction.reference),
      csvField(transaction.type),
      csvField(transaction.status),
      csvField(transaction.description),
      transaction.amount,
      transaction.fee,
      csvField(transaction.fromWallet?.currency.code ?? null),
      transaction.convertedAmount ?? '',
      csvField(transaction.convertedCurrency?.code ?? null),
    ].join(','),
  )
  return `${[HEADER.join(','), ...lines].join('\r\n')}\r\n`
}
