import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { currencies, fundingAccounts, users, wallets } from '#server/db/schema.ts'
import type { FundingProvider } from '#server/providers/funding-provider.ts'
import { AppError, msg } from '#shared/errors.ts'
import type { FundingBankAccount } from '#shared/schemas/funding.ts'

/** Account numbers are for naira: Paystack's dedicated accounts are Nigerian NUBANs. */
const ACCOUNT_ASSET = 'NGN'
/** The KYC tier from which a user gets their own account number (docs/limits.md). */
const ACCOUNT_MIN_TIER = 2

/**
 * The caller's own account number for top-ups by bank transfer (docs/funding.md "Your Sabi
 * account number"), made with the provider on first ask and kept: a Nigerian user (one with a
 * naira wallet) at tier 2 or above. The first ask holds a lock per user while the provider
 * answers, so two devices asking at once make one account.
 */
export async function findOrOpenBankAccount(
  db: Database,
  userId: string,
  funding: FundingProvider,
): Promise<FundingBankAccount> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('NOT_FOUND', msg('userNotFound'))
  if (user.kycTier < ACCOUNT_MIN_TIER) throw new AppError('FORBIDDEN', msg('bankAccountNeedsTier2'))
  const [naira] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(and(eq(wallets.userId, userId), eq(currencies.code, ACCOUNT_ASSET)))
  if (!naira) throw new AppError('FORBIDDEN', msg('bankAccountNeedsNairaWallet'))
  if (!user.email) throw new AppError('FORBIDDEN', msg('bankAccountNeedsEmail'))
  const { email } = user

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`funding-account:${userId}`}))`)
    const [known] = await tx
      .select()
      .from(fundingAccounts)
      .where(and(eq(fundingAccounts.userId, userId), eq(fundingAccounts.provider, funding.name)))
    if (known)
      return {
        accountNumber: known.accountNumber,
        accountName: known.accountName,
        bankName: known.bankName,
      }
    const opened = await funding.openBankAccount({
      userId,
      email,
      firstName: user.firstName ?? user.username,
      lastName: user.lastName ?? user.username,
      phone: user.phoneNumber ?? undefined,
    })
    await tx.insert(fundingAccounts).values({
      userId,
      provider: funding.name,
      customerCode: opened.customerCode,
      accountNumber: opened.accountNumber,
      accountName: opened.accountName,
      bankName: opened.bankName,
      asset: ACCOUNT_ASSET,
    })
    return {
      accountNumber: opened.accountNumber,
      accountName: opened.accountName,
      bankName: opened.bankName,
    }
  })
}
