import { and, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { users } from '#server/db/schema.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import type { Language } from '#shared/languages.ts'
import { isAssetCode } from '#shared/money.ts'
import { pickStartingWallet } from '#shared/starting-wallet.ts'
import type { UssdCaller } from './ussd-menu.ts'

export type FoundUssdCaller = UssdCaller & { userId: string; language: Language }

/**
 * The account whose verified number dialled (docs/ussd.md "Who is calling"): `phoneNumber` is
 * E.164, as users.phone_number holds a verified number. A number verified by two accounts at once
 * (possible only before every number was unique) names nobody rather than the wrong one.
 *
 * The channel's wallet is the one the app's forms start from (src/shared/starting-wallet.ts): the
 * default wallet of their settings, else the funded wallet of their display currency, else the
 * funded wallet worth the most, else the primary; airtime is paid from the naira
 * wallet, since billers are paid in naira (docs/transfers.md "Bills").
 */
export async function findUssdCaller(
  db: Queryable,
  phoneNumber: string,
): Promise<FoundUssdCaller | undefined> {
  const matches = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        eq(users.phoneVerified, true),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(2)
  const [user] = matches
  if (!user || matches.length > 1) return undefined
  const [settings, wallets] = await Promise.all([
    readSettings(db, user.id),
    listWallets(db, user.id),
  ])
  const chosen = pickStartingWallet(wallets, settings)
  const asset = chosen?.currency.code
  return {
    userId: user.id,
    language: settings.language,
    phoneNumber,
    wallet: chosen && asset && isAssetCode(asset) ? { id: chosen.id, asset } : null,
    nairaWalletId: wallets.find((wallet) => wallet.currency.code === 'NGN')?.id ?? null,
  }
}

/** The user's verified number (E.164), the one the sandbox simulator dials from, if any. */
export async function findVerifiedPhone(
  db: Queryable,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.phoneVerified, true)))
    .limit(1)
  return row?.phoneNumber ?? undefined
}
