import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { payoutRecipients } from '#server/db/schema.ts'

/** Where a provider keeps the payees it has made, one per account (docs/paystack.md "Payouts"). */
export type RecipientStore = {
  find(accountKey: string): Promise<string | undefined>
  save(accountKey: string, recipientCode: string): Promise<void>
}

export function databaseRecipientStore(db: Database, provider: string): RecipientStore {
  return {
    async find(accountKey) {
      const [row] = await db
        .select({ code: payoutRecipients.recipientCode })
        .from(payoutRecipients)
        .where(
          and(eq(payoutRecipients.provider, provider), eq(payoutRecipients.accountKey, accountKey)),
        )
      return row?.code
    },
    async save(accountKey, recipientCode) {
      // Two payouts to a new account at once both make the payee; Paystack answers the same
      // recipient for the same account, so whichever row lands first is the right one.
      await db
        .insert(payoutRecipients)
        .values({ provider, accountKey, recipientCode })
        .onConflictDoNothing()
    },
  }
}
