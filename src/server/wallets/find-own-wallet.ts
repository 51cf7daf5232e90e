import { eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies, ledgerAccounts, wallets } from '#server/db/schema.ts'
import { AppError, msg } from '#shared/errors.ts'
import { type AssetCode, isAssetCode } from '#shared/money.ts'

export type OwnWallet = {
  id: string
  userId: string
  currencyId: number
  accountId: number
  asset: AssetCode
  symbol: string
  balanceMinor: bigint
}

/**
 * The caller's wallet with its asset. Someone else's wallet is "not found", exactly like one
 * that does not exist, so wallet ids cannot be probed.
 */
export async function findOwnWallet(
  db: Queryable,
  userId: string,
  walletId: string,
): Promise<OwnWallet> {
  const [row] = await db
    .select({
      id: wallets.id,
      userId: wallets.userId,
      currencyId: wallets.currencyId,
      accountId: wallets.accountId,
      asset: ledgerAccounts.asset,
      symbol: currencies.symbol,
      balanceMinor: ledgerAccounts.balanceMinor,
    })
    .from(wallets)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, wallets.accountId))
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(eq(wallets.id, walletId))
    .limit(1)
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', msg('walletNotFound'))
  const { asset } = row
  if (!isAssetCode(asset)) throw new Error(`wallet ${row.id} has unknown asset ${asset}`)
  return { ...row, asset }
}

/** What never changes about a wallet: whose it is, its currency, its ledger account and asset. */
export type WalletIdentity = Omit<OwnWallet, 'balanceMinor'>

/** A process remembers at most this many wallets per database before it starts afresh. */
const IDENTITIES_MAX = 100_000
const identitiesByDatabase = new WeakMap<Queryable, Map<string, WalletIdentity>>()

/**
 * The caller's wallet without its balance, as `findOwnWallet` reads it, remembered by the
 * process: a wallet never changes owner, currency or account, so a transfer need not read it
 * again (ADR 008). Someone else's wallet is "not found", as there.
 */
export async function findOwnWalletIdentity(
  db: Queryable,
  userId: string,
  walletId: string,
): Promise<WalletIdentity> {
  let identities = identitiesByDatabase.get(db)
  if (!identities) {
    identities = new Map()
    identitiesByDatabase.set(db, identities)
  }
  const known = identities.get(walletId)
  if (known) {
    if (known.userId !== userId) throw new AppError('NOT_FOUND', msg('walletNotFound'))
    return known
  }
  const { balanceMinor: _balance, ...identity } = await findOwnWallet(db, userId, walletId)
  if (identities.size >= IDENTITIES_MAX) identities.clear()
  identities.set(walletId, identity)
  return identity
}
