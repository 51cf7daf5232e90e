import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
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
 * The period's lines, oldest first, a page at a time (keyset on the journal's time and id), so a
 * statement of any length is written in bounded memory (docs/statements.md "Bounded memory").
 * A journal whose postings to the wallet sum to nothing is no line.
 */
export async function* statementLines(
  db: Queryable,
  accountId: number,
  start: Date,
  end: Date,
): AsyncGenerator<StatementLine[]> {
  // The cursor keeps the journal's time as PostgreSQL writes it, to the microsecond: a Date
  // would cut it to the millisecond and repeat or skip lines made within one (keyset-page.ts).
  let after: { at: string; id: string } | null = null
  for (;;) {
    const page: { journal: typeof journals.$inferSelect; delta: string; at: string }[] = await db
      .select({
        journal: journals,
        delta: sql<string>`sum(${postings.amountMinor})::text`,
        at: sql<string>`${journals.createdAt}::text`,
      })
      .from(postings)
      .innerJoin(journals, eq(journals.id, postings.journalId))
      .where(
        and(
          eq(postings.accountId, accountId),
          gte(journals.createdAt, start),
          lt(journals.createdAt, end),
          after
            ? sql`(${journals.createdAt}, ${journals.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .groupBy(journals.id)
      .orderBy(asc(journals.createdAt), asc(journals.id))
      .limit(PAGE_SIZE)
    if (page.length === 0) return
    const ids = page.map((row) => row.journal.id)
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
    yield page
      .map((row) => ({
        journal: row.journal,
        deltaMinor: BigInt(row.delta),
        payout: payoutOf.get(row.journal.id) ?? null,
      }))
      .filter((line) => line.deltaMinor !== 0n)
    const last = page.at(-1)
    if (!last || page.length < PAGE_SIZE) return
    after = { at: last.at, id: last.journal.id }
  }
}
