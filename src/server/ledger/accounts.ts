import { and, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { ledgerAccounts } from '#server/db/schema.ts'
import type { AssetCode } from '#shared/money.ts'
import {
  ALL_ASSETS,
  type CustomerAccountKind,
  SYSTEM_ROLES,
  type SystemRole,
} from './chart-of-accounts.ts'

/** Opens a customer's ledger account (for a new wallet or crypto holding) at zero. */
export async function openCustomerAccount(
  db: Queryable,
  input: { userId: string; asset: AssetCode; kind: CustomerAccountKind },
): Promise<number> {
  const [row] = await db
    .insert(ledgerAccounts)
    .values({ userId: input.userId, asset: input.asset, kind: input.kind })
    .returning({ id: ledgerAccounts.id })
  if (!row) throw new Error('insert into ledger_accounts returned no row')
  return row.id
}

/** Creates every system account of the chart for every asset; running it again changes nothing. */
export async function ensureSystemAccounts(db: Queryable): Promise<void> {
  const roles = Object.keys(SYSTEM_ROLES).filter((role): role is SystemRole => role in SYSTEM_ROLES)
  await db
    .insert(ledgerAccounts)
    .values(
      roles.flatMap((systemRole) =>
        ALL_ASSETS.map((asset) => ({ asset, kind: 'system', systemRole })),
      ),
    )
    .onConflictDoNothing()
}

/**
 * The id of the system account for a role and asset (see the chart of accounts). Not cached:
 * one process may serve several databases (tests do), and it is one indexed read.
 */
export async function systemAccountId(
  db: Queryable,
  role: SystemRole,
  asset: AssetCode,
): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'system'),
        eq(ledgerAccounts.systemRole, role),
        eq(ledgerAccounts.asset, asset),
      ),
    )
    .limit(1)
  if (!row)
    throw new Error(`system account ${role} in ${asset} is missing: was the database seeded?`)
  return row.id
}

/** The balances of the given accounts, as minor units. */
export async function readBalances(
  db: Queryable,
  accountIds: number[],
): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map()
  const rows = await db
    .select({ id: ledgerAccounts.id, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
  return new Map(rows.map((row) => [row.id, row.balanceMinor]))
}

/**
 * The user's holding account for a crypto asset, opened at zero on their first purchase. Two
 * purchases racing to open it end with one account: the loser reads the winner's.
 */
export async function findOrOpenHoldingAccount(
  db: Queryable,
  userId: string,
  asset: AssetCode,
): Promise<number> {
  const find = async () => {
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, 'holding'),
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.asset, asset),
        ),
      )
      .limit(1)
    return row?.id
  }
  const existing = await find()
  if (existing !== undefined) return existing
  try {
    return await db.transaction((nested) =>
      openCustomerAccount(nested, { userId, asset, kind: 'holding' }),
    )
  } catch (error) {
    const winner = await find()
    if (winner !== undefined) return winner
    throw error
  }
}
