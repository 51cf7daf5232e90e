import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '#server/db/client.ts'

export type LedgerViolation = { invariant: string; detail: string }

type Check = {
  invariant: string
  query: ReturnType<typeof sql>
  describe: (row: Record<string, unknown>) => string
}

// Each check selects the rows that break one invariant (docs/ledger.md "Invariants"); none should
// come back.
const CHECKS: Check[] = [
  {
    invariant: 'every journal sums to zero per asset',
    query: sql`select journal_id, asset, sum(amount_minor)::text as total from postings group by journal_id, asset having sum(amount_minor) <> 0 limit 100`,
    describe: (row) => `journal ${row.journal_id} sums to ${row.total} in ${row.asset}`,
  },
  {
    invariant: 'every journal has at least two postings',
    query: sql`select j.id, count(p.id)::int as postings from journals j left join postings p on p.journal_id = j.id group by j.id having count(p.id) < 2 limit 100`,
    describe: (row) => `journal ${row.id} has ${row.postings} posting(s)`,
  },
  {
    invariant: 'every account balance equals the sum of its postings',
    query: sql`select a.id, a.kind, a.asset, a.balance_minor::text as balance, coalesce(p.total, 0)::text as postings_total
      from ledger_accounts a left join (select account_id, sum(amount_minor) as total from postings group by account_id) p on p.account_id = a.id
      where a.balance_minor <> coalesce(p.total, 0) limit 100`,
    describe: (row) =>
      `account ${row.id} (${row.kind}, ${row.asset}) has balance ${row.balance} but its postings sum to ${row.postings_total}`,
  },
  {
    invariant: 'no customer balance is negative',
    query: sql`select id, kind, asset, balance_minor::text as balance from ledger_accounts where kind <> 'system' and balance_minor < 0 limit 100`,
    describe: (row) =>
      `customer account ${row.id} (${row.kind}, ${row.asset}) is at ${row.balance}`,
  },
  {
    invariant: 'the sum over all accounts is zero per asset',
    query: sql`select asset, sum(balance_minor)::text as total from ledger_accounts group by asset having sum(balance_minor) <> 0`,
    describe: (row) => `all ${row.asset} accounts sum to ${row.total}`,
  },
  {
    // Money received over a customer's limit is a liability (docs/funding.md "Over the
    // limit"): owed to each held top-up, to the kobo, and never below zero.
    invariant: 'money held over limits equals the held top-ups',
    query: sql`select a.asset, a.balance_minor::text as held, coalesce(t.total, 0)::text as owed
      from ledger_accounts a left join (select asset, sum(amount_minor) as total from top_ups where status = 'held' group by asset) t on t.asset = a.asset
      where a.kind = 'system' and a.system_role = 'funding_suspense' and (a.balance_minor < 0 or a.balance_minor <> coalesce(t.total, 0)) limit 100`,
    describe: (row) =>
      `${row.asset} held over limits is ${row.held} but the held top-ups owe ${row.owed}`,
  },
  {
    invariant: 'every wallet has a customer account in its currency',
    query: sql`select w.id, c.code, a.asset, a.kind from wallets w join currencies c on c.id = w.currency_id
      left join ledger_accounts a on a.id = w.account_id where a.id is null or a.kind <> 'wallet' or a.asset <> c.code or a.user_id <> w.user_id limit 100`,
    describe: (row) =>
      `wallet ${row.id} (${row.code}) points at account of kind ${row.kind ?? 'none'} in ${row.asset ?? 'none'}`,
  },
]

/**
 * Checks every invariant of the ledger (docs/ledger.md "Invariants") and returns each violation
 * with the offending rows named; an empty list means the books balance.
 */
export async function verifyLedger(db: Queryable): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = []
  for (const check of CHECKS) {
    for (const row of await queryRows(db, check.query))
      violations.push({ invariant: check.invariant, detail: check.describe(row) })
  }
  return violations
}
