import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { signUpUser } from '#server/auth/sign-up-user.ts'
import { hashPassword } from '#server/credentials/passwords.ts'
import type { Database } from '#server/db/client.ts'
import { transactionPins, users } from '#server/db/schema.ts'
import { exchangeCurrency } from '#server/exchange/exchange-currency.ts'
import { createSandboxFundingProvider } from '#server/providers/sandbox-funding.ts'
import { saveRecipient } from '#server/recipients/save-recipient.ts'
import { sendToUser } from '#server/transfers/send-to-user.ts'
import { findUserByEmail } from '#server/users/find-user.ts'
import { addFunds } from '#server/wallets/add-funds.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'

/** The demo account's transaction PIN, printed with its password at start-up in sandbox mode. */
export const DEMO_PIN = '1357'

/**
 * The demo account's verified phone number, so the sandbox USSD simulator (docs/ussd.md) works
 * for it out of the box. Sandbox only: a production server never creates the demo account.
 */
export const DEMO_PHONE_NUMBER = '+2348030000001'

/** Someone for the demo account to have paid. */
const DEMO_FRIEND = {
  email: 'chidi.demo@sabi.app',
  firstName: 'Chidi',
  lastName: 'Eze',
  username: 'chidi_demo',
} as const

/**
 * Gives a new sandbox demo account something to look at (docs/running.md "Sandbox"): naira
 * and dollar balances, a few transactions of different kinds (top-ups, an exchange, a Sabi
 * transfer), a saved bank recipient and a PIN, on tier 3. Every figure goes through the same use cases
 * as a user's, so the ledger verifies.
 */
export async function seedDemoActivity(db: Database, userId: string): Promise<void> {
  // The demo shows what a fully verified account can do: tier 3 (docs/limits.md).
  await db
    .update(users)
    .set({
      kycTier: 3,
      isVerified: true,
      verificationStatus: 'verified',
      verificationIdType: 'bvn',
      verifiedAt: new Date(),
      phoneNumber: DEMO_PHONE_NUMBER,
      phoneVerified: true,
    })
    .where(eq(users.id, userId))
  await db
    .insert(transactionPins)
    .values({ userId, pinHash: await hashPassword(DEMO_PIN) })
    .onConflictDoNothing()
  const friend =
    (await findUserByEmail(db, DEMO_FRIEND.email)) ??
    (await signUpUser(db, { ...DEMO_FRIEND, password: randomUUID() }))
  const wallets = await listWallets(db, userId)
  const ngn = wallets.find((wallet) => wallet.currency.code === 'NGN')
  const usd = wallets.find((wallet) => wallet.currency.code === 'USD')
  if (!ngn || !usd) return
  const funding = createSandboxFundingProvider()
  await db.transaction((tx) =>
    addFunds(tx, userId, { walletId: ngn.id, amount: '250000.00', method: 'bank' }, funding),
  )
  await db.transaction((tx) =>
    addFunds(tx, userId, { walletId: usd.id, amount: '1200.00', method: 'card' }, funding),
  )
  await db.transaction((tx) =>
    exchangeCurrency(tx, userId, {
      fromWalletId: usd.id,
      toWalletId: ngn.id,
      fromCurrencyId: usd.currencyId,
      toCurrencyId: ngn.currencyId,
      amount: '100.00',
    }),
  )
  await db.transaction((tx) =>
    sendToUser(tx, userId, {
      fromWalletId: ngn.id,
      recipientUserId: friend.id,
      amount: '15000.00',
      description: 'Dinner at Yellow Chilli',
    }),
  )
  await db.transaction((tx) =>
    saveRecipient(tx, userId, {
      kind: 'bank',
      name: 'Ngozi Eze',
      accountNumber: '0123456789',
      bankCode: '058',
      countryCode: 'NG',
      details: { bankName: 'GTBank', currency: 'NGN' },
    }),
  )
}
