import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { topUps } from '#server/db/schema.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { TopUpStatus } from '#shared/schemas/funding.ts'
import { applyIncomingPayment, type FundingLog } from './credit-top-up.ts'

/** How often a pending top-up may be asked after at the provider. */
const VERIFY_EVERY_MS = 2_000

async function ownTopUp(db: Database, userId: string, reference: string) {
  const [topUp] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.reference, reference), eq(topUps.userId, userId)))
  // Someone else's reference is "not found", exactly like one that does not exist.
  if (!topUp) throw new AppError('NOT_FOUND', msg('topUpNotFound'))
  return topUp
}

/**
 * How the caller's top-up stands (GET /api/add-funds/:reference), asked of the provider while
 * it is pending: the page the checkout returns to learns the result at once, whether or not the
 * webhook has come, and the answer is applied as the webhook's would be, once.
 */
export async function readTopUpStatus(
  db: Database,
  userId: string,
  reference: string,
  funding: FundingProvider | undefined,
  log: FundingLog,
): Promise<TopUpStatus> {
  let topUp = await ownTopUp(db, userId, reference)
  if (
    topUp.status === 'pending' &&
    funding?.topUps === 'checkout' &&
    topUp.provider === funding.name
  ) {
    const payment = await funding.verifyPayment(reference)
    if (payment) await applyIncomingPayment(db, funding.name, payment, log)
    topUp = await ownTopUp(db, userId, reference)
  }
  const exponent = isAssetCode(topUp.asset) ? exponentOf(topUp.asset) : 2
  const status = topUp.status
  if (
    status !== 'pending' &&
    status !== 'credited' &&
    status !== 'held' &&
    status !== 'refunded' &&
    status !== 'failed'
  )
    throw new Error(`top-up ${topUp.id} has unknown status ${status}`)
  return {
    reference: topUp.reference,
    status,
    amount: formatMinor(topUp.amountMinor, exponent),
    currency: topUp.asset,
    transactionId: topUp.journalId,
  }
}
