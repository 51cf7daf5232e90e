import { desc, eq } from 'drizzle-orm'
import { findOrIssueCard, toCardResponse } from '#server/cards/find-or-issue-card.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import { listUserSessions } from '#server/credentials/sessions.ts'
import { listHoldings } from '#server/crypto/list-holdings.ts'
import type { Database } from '#server/db/client.ts'
import { cards } from '#server/db/schema.ts'
import { listDisputes } from '#server/disputes/list-disputes.ts'
import { listPaymentRequests } from '#server/payment-requests/find-payment-requests.ts'
import { listPosSales } from '#server/pos/list-pos-sales.ts'
import { listRecipients } from '#server/recipients/list-recipients.ts'
import { readSettings } from '#server/settings/user-settings.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { toUserResponse } from '#server/users/to-user-response.ts'
import { listWallets } from '#server/wallets/list-wallets.ts'
import { EXPORT_MAX_ROWS, listTransactionsForExport } from './export-transactions-csv.ts'

/**
 * Download data (issue "Account"): everything Sabi holds about the user, as they would see
 * it through the app. Secrets stay out: no password hash, no TOTP secret, no full card number
 * or CVV, no session ids.
 */
export async function exportUserData(
  db: Database,
  sealer: Sealer,
  user: UserRow,
  currentSid: string | null,
) {
  const [hasCard] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(eq(cards.userId, user.id))
    .orderBy(desc(cards.createdAt))
  const [
    settings,
    wallets,
    holdings,
    transactions,
    recipients,
    requests,
    sales,
    sessions,
    reports,
  ] = await Promise.all([
    readSettings(db, user.id),
    listWallets(db, user.id),
    listHoldings(db, user.id),
    listTransactionsForExport(db, user.id, {}),
    listRecipients(db, user.id, undefined, EXPORT_MAX_ROWS),
    listPaymentRequests(db, user.id, { limit: EXPORT_MAX_ROWS }).then((page) => page.items),
    listPosSales(db, user.id, { limit: EXPORT_MAX_ROWS }).then((page) => page.items),
    listUserSessions(db, user.id, currentSid, { limit: EXPORT_MAX_ROWS }).then(
      (page) => page.items,
    ),
    // The problems the user reported, each with its transaction (docs/disputes.md).
    listDisputes(db, user.id, { limit: EXPORT_MAX_ROWS }).then((page) => page.items),
  ])
  const card = hasCard ? await toCardResponse(db, await findOrIssueCard(db, sealer, user.id)) : null
  return {
    exportedAt: new Date().toISOString(),
    profile: toUserResponse(user),
    settings,
    wallets,
    cryptoHoldings: holdings,
    transactions,
    recipients,
    paymentRequests: requests,
    posSales: sales,
    sessions,
    reports,
    card,
  }
}
