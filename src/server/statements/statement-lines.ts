import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { stringFieldsOf } from '#server/db/json-fields.ts'
import { journals, payouts, postings } from '#server/db/schema.ts'

/** Lines read from the database at a time: a year of 10,000 needs no more than this in memory. */
const PAGE_SIZE = 500

export type StatementLine = {
  journal: typeof journals.$inferSelect
  /** What the journal did to the wallet: positive in, negative out (its postings there, summed). */
  deltaMinor: bigint
  payout: { kind: string; details: Record<string, string> } | null
}

/** The wallet's balance at `at`: every posting to its account by journals made before then. */
export async function balanceAt(db: Queryable, accountId: number, at: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amountMinor}), 0)::text` })
    .from(postings)
    .innerJoin(journals, eq(journals.id, postings.journalId))
    .where(and(eq(postings.accountId, accountId), lt(journals.createdAt, at)))
  return BigInt(row?.total ?? '0')
}

/** The period's totals before any line is written: money in, money out, and how many lines. */
export async function periodTotals(
  db: Queryable,
  accountId: number,
  start: Date,
  end: Date,
): Promise<{ inMinor: bigint; outMinor: bigint; count: number }> {
  const perJournal = db
    .select({
      delta: sql<string>`sum(${postings.amountMinor})`.as('delta'),
    })
    .from(postings)
    .innerJoin(journals, eq(journals.id, postings.journalId))
    .where(
      and(
        eq(postings.accountId, accountId),
        gte(journals.createdAt, start),
        lt(journals.createdAt, end),
      ),
    )
    .groupBy(journals.id)
    .as('per_journal')
  const [row] = await db
    .select({
      in: sql<string>`coalesce(sum(case when ${perJournal.delta} > 0 then ${perJournal.delta} end), 0)::text`,
      out: sql<string>`coalesce(sum(case when ${perJournal.delta} < 0 then -${perJournal.delta} end), 0)::text`,
      count: sql<number>`count(*) filter (where ${perJournal.delta} <> 0)::int`,
    })
    .from(perJournal)
  return {
    inMinor: BigInt(row?.in ?? '0'),
    outMinor: BigInt(row?.out ?? '0'),
    count: Number(row?.count ?? 0),
  }
}

/**
 * The period's lines in the order the ledger wrote them (the order of their postings, which is
 * the order the balance moved in), a page at a time: a keyset on the postings' own ids walks the
 * wallet's (account, id) index forward and stops once a page is full, so a statement of any
 * length is read in bounded memory and linear time (docs/statements.md "Bounded memory"). A
 * journal's postings to one account are written together; a page that ends inside a journal
 * leaves it for the next. A journal whose postings to the wallet sum to nothing is no line.
 */
export async function* statementLines(
  db: Queryable,
  accountId: number,
  start: Date,
  end: Date,
): AsyncGenerator<StatementLine[]> {
  let after = 0
  for (;;) {
    const rows = await db
      .select({ postingId: postings.id, amountMinor: postings.amountMinor, journal: journals })
      .from(postings)
      .innerJoin(journals, eq(journals.id, postings.journalId))
      .where(
        and(
          eq(postings.accountId, accountId),
          gt(postings.id, after),
          gte(journals.createdAt, start),
          lt(journals.createdAt, end),
        ),
      )
      .orderBy(asc(postings.id))
      .limit(PAGE_SIZE)
    if (rows.length === 0) return
    const full = rows.length === PAGE_SIZE
    const lastJournal = rows.at(-1)?.journal.id
    // A full page may end inside its last journal: that journal waits for the next page, unless
    // it is the whole page.
    const kept =
      full && rows.some((row) => row.journal.id !== lastJournal)
        ? rows.filter((row) => row.journal.id !== lastJournal)
        : rows
    const lines = new Map<string, { journal: typeof journals.$inferSelect; deltaMinor: bigint }>()
    for (const row of kept) {
      const line = lines.get(row.journal.id)
      if (line) line.deltaMinor += row.amountMinor
      else lines.set(row.journal.id, { journal: row.journal, deltaMinor: row.amountMinor })
    }
    const ids = [...lines.keys()]
    const payoutRows = await db
      .select({ journalId: payouts.journalId, kind: payouts.kind, details: payouts.details })
      .from(payouts)
      .where(inArray(payouts.journalId, ids))
    const payoutOf = new Map(
      payoutRows.map((row) => [
        row.journalId,
        { kind: row.kind, details: stringFieldsOf(row.details) },
      ]),
    )
    yield [...lines.values()]
      .filter((line) => line.deltaMinor !== 0n)
      .map((line) => ({ ...line, payout: payoutOf.get(line.journal.id) ?? null }))
    if (!full) return
    after = kept.at(-1)?.postingId ?? after
  }
}
