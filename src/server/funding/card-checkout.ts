import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbTransaction } from '#server/db/client.ts'
import { topUps, users } from '#server/db/schema.ts'
import { systemAccountId } from '#server/ledger/accounts.ts'
import { type JournalEntry, openLedger } from '#server/ledger/post-journal.ts'
import type { CheckoutFunding } from '#server/providers/funding-provider.ts'
import { englishDescription } from '#server/transactions/describe-journal.ts'
import { findOwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, msg } from '#shared/errors.ts'
import { exponentOf, parseAmountOrThrow } from '#shared/money.ts'
import type { CardCheckout } from '#shared/schemas/funding.ts'
import { ADD_FUNDS_MAX_MAJOR, type AddFundsRequest } from '#shared/schemas/money-requests.ts'

/** Where the provider sends the user back after paying (the app's return page). */
export const CHECKOUT_RETURN_PATH = '/add-funds/return'

/**
 * A card top-up through the provider's checkout (docs/funding.md "Card top-ups"): the KYC limits
 * are asked first, as if the money had arrived, so a top-up they would refuse never reaches a
 * card; then a pending top-up is recorded under a fresh reference and the provider's checkout
 * page is opened for it. The wallet is credited only when the provider confirms the payment
 * (credit-top-up.ts), once, by that reference. A bank top-up goes to the user's own account
 * number instead.
 */
export async function startCardCheckout(
  tx: DbTransaction,
  userId: string,
  input: AddFundsRequest,
  funding: CheckoutFunding,
  publicUrl: string,
): Promise<CardCheckout> {
  if (input.method === 'bank')
    throw new AppError('VALIDATION_FAILED', msg('bankTopUpUseAccountNumber'))
  const wallet = await findOwnWallet(tx, userId, input.walletId)
  if (!funding.checkoutCurrencies.has(wallet.asset))
    throw new AppError('VALIDATION_FAILED', msg('cardTopUpCurrency', { currency: wallet.asset }))
  const amount = parseAmountOrThrow(input.amount, wallet.asset, {
    maxMinor: ADD_FUNDS_MAX_MAJOR * 10n ** BigInt(exponentOf(wallet.asset)),
  })
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user?.email) throw new AppError('VALIDATION_FAILED', msg('cardTopUpNeedsEmail'))

  // The credit as it would be posted, decided and not written: its refusal is the answer.
  const credit: JournalEntry = {
    header: {
      type: 'add_funds',
      status: 'completed',
      asset: wallet.asset,
      amountMinor: amount.amountMinor,
      toUserId: userId,
      toWalletId: wallet.id,
      description: englishDescription({ kind: 'addFunds', method: 'card' }),
    },
    lines: [
      {
        accountId: await systemAccountId(tx, 'external_funding', wallet.asset),
        asset: wallet.asset,
        amountMinor: -amount.amountMinor,
      },
      { accountId: wallet.accountId, asset: wallet.asset, amountMinor: amount.amountMinor },
    ],
  }
  const decided = (await openLedger(tx, [credit])).post(credit)
  if (!decided.posted) throw decided.error

  const reference = `sabi-topup-${randomUUID()}`
  const { authorizationUrl } = await funding.startCheckout({
    reference,
    email: user.email,
    asset: wallet.asset,
    amountMinor: amount.amountMinor,
    callbackUrl: `${publicUrl}${CHECKOUT_RETURN_PATH}`,
  })
  await tx.insert(topUps).values({
    provider: funding.name,
    reference,
    userId,
    walletId: wallet.id,
    channel: 'card',
    asset: wallet.asset,
    amountMinor: amount.amountMinor,
    authorizationUrl,
  })
  return { status: 'pending', reference, authorizationUrl }
}
