import { and, count, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { currencies, pockets, wallets } from '#server/db/schema.ts'
import { openCustomerAccount } from '#server/ledger/accounts.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import { isAssetCode, parseAmountOrThrow } from '#shared/money.ts'
import {
  type CreatePocketRequest,
  POCKET_DATE_MAX_DAYS_AHEAD,
  POCKETS_PER_USER_MAX,
  type Pocket,
} from '#shared/schemas/pockets.ts'
import { listPockets } from './pocket-responses.ts'

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/**
 * Opens a savings pocket (docs/pockets.md): its own ledger account (kind 'pocket') beside the
 * user's wallet in its currency, which it saves from and pays back to. Round-ups, when asked for,
 * move to it from any other pocket of that wallet: a payment is rounded up once.
 */
export async function createPocket(
  db: Database,
  userId: string,
  input: CreatePocketRequest,
  now = new Date(),
): Promise<Pocket> {
  const code = input.currency.trim().toUpperCase()
  if (!isAssetCode(code)) refuse(msg('selectCurrency'), 'currency')
  const today = lagosDay(now)
  const latest = addDays(today, POCKET_DATE_MAX_DAYS_AHEAD)
  const target = input.targetAmount == null ? null : parseAmountOrThrow(input.targetAmount, code)
  if (input.targetDate && (input.targetDate <= today || input.targetDate > latest))
    refuse(msg('pocketDateInFuture'), 'targetDate')
  if (input.lockedUntil && (input.lockedUntil <= today || input.lockedUntil > latest))
    refuse(msg('pocketDateInFuture'), 'lockedUntil')

  const id = await db.transaction(async (tx) => {
    const [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
      .where(and(eq(wallets.userId, userId), eq(currencies.code, code)))
    if (!wallet) refuse(msg('pocketNeedsWallet', { currency: code }), 'currency')
    const [kept] = await tx.select({ n: count() }).from(pockets).where(eq(pockets.userId, userId))
    if ((kept?.n ?? 0) >= POCKETS_PER_USER_MAX)
      throw new AppError('CONFLICT', msg('tooManyPockets', { max: POCKETS_PER_USER_MAX }))
    if (input.roundUps)
      await tx
        .update(pockets)
        .set({ roundUpSince: null, updatedAt: now })
        .where(eq(pockets.walletId, wallet.id))
    const accountId = await openCustomerAccount(tx, { userId, asset: code, kind: 'pocket' })
    const [row] = await tx
      .insert(pockets)
      .values({
        userId,
        walletId: wallet.id,
        accountId,
        asset: code,
        name: input.name,
        targetMinor: target?.amountMinor ?? null,
        targetDate: input.targetDate ?? null,
        lockedUntil: input.lockedUntil ?? null,
        roundUpSince: input.roundUps ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pockets.id })
    if (!row) throw new Error('the pocket was not written')
    return row.id
  })
  const created = (await listPockets(db, userId, now)).items.find((pocket) => pocket.id === id)
  if (!created) throw new Error('the pocket just made is not listed')
  return created
}

/** Turns round-ups on for this pocket (off for the wallet's others) or off. */
export async function setPocketRoundUps(
  db: Database,
  userId: string,
  pocketId: string,
  on: boolean,
  now = new Date(),
): Promise<Pocket> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pockets)
      .where(and(eq(pockets.id, pocketId), eq(pockets.userId, userId)))
      .for('update')
    if (!row) throw new AppError('NOT_FOUND', msg('pocketNotFound'))
    if (on && row.roundUpSince) return
    if (on)
      await tx
        .update(pockets)
        .set({ roundUpSince: null, updatedAt: now })
        .where(eq(pockets.walletId, row.walletId))
    await tx
      .update(pockets)
      .set({ roundUpSince: on ? now : null, updatedAt: now })
      .where(eq(pockets.id, row.id))
  })
  const changed = (await listPockets(db, userId, now)).items.find(
    (pocket) => pocket.id === pocketId,
  )
  if (!changed) throw new AppError('NOT_FOUND', msg('pocketNotFound'))
  return changed
}
