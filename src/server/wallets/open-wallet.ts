import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { isUniqueViolation } from '#server/db/errors.ts'
import { currencies, wallets } from '#server/db/schema.ts'
import { openCustomerAccount } from '#server/ledger/accounts.ts'
import { AppError, msg } from '#shared/errors.ts'
import { isAssetCode } from '#shared/money.ts'

export type WalletRow = typeof wallets.$inferSelect

/**
 * Opens a wallet in a currency with its ledger account at zero, inside the caller's
 * transaction. A second wallet in the same currency is a conflict.
 */
export async function openWallet(
  tx: Queryable,
  input: { userId: string; currencyId: number; isPrimary?: boolean },
): Promise<WalletRow> {
  const [currency] = await tx
    .select({ code: currencies.code, isActive: currencies.isActive })
    .from(currencies)
    .where(eq(currencies.id, input.currencyId))
  if (!currency?.isActive || !isAssetCode(currency.code)) {
    throw new AppError('NOT_FOUND', msg('currencyNotFound'))
  }
  const accountId = await openCustomerAccount(tx, {
    userId: input.userId,
    asset: currency.code,
    kind: 'wallet',
  })
  try {
    const [wallet] = await tx
      .insert(wallets)
      .values({
        userId: input.userId,
        currencyId: input.currencyId,
        accountId,
        isPrimary: input.isPrimary ?? false,
      })
      .returning()
    if (!wallet) throw new Error('insert into wallets returned no row')
    return wallet
  } catch (error) {
    if (isUniqueViolation(error, 'wallets_user_currency_key')) {
      throw new AppError('CONFLICT', msg('alreadyHaveCurrencyWallet', { currency: currency.code }))
    }
    throw error
  }
}

/**
 * The user's wallet in a currency, opened at zero if they have none yet (a transfer to a
 * user who has no wallet in that currency opens one for them). Safe when two transfers race
 * to open it: the loser of the race reads the winner's wallet. `existing` skips the lookup
 * when the caller has already read it (null: read, and there is none).
 */
export async function findOrOpenWallet(
  tx: Queryable,
  userId: string,
  currencyId: number,
  existing?: WalletRow | null,
): Promise<WalletRow> {
  const found = existing === undefined ? await findWallet(tx, userId, currencyId) : existing
  if (found) return found
  try {
    return await tx.transaction((nested) => openWallet(nested, { userId, currencyId }))
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const winner = await findWallet(tx, userId, currencyId)
      if (winner) return winner
    }
    throw error
  }
}

async function findWallet(
  tx: Queryable,
  userId: string,
  currencyId: number,
): Promise<WalletRow | undefined> {
  const [row] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currencyId, currencyId)))
    .limit(1)
  return row
}
