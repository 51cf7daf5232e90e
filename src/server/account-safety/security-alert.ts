import { issueEmailToken } from '#server/credentials/email-tokens.ts'
import type { Queryable } from '#server/db/client.ts'
import { recordEvent } from '#server/outbox/record-event.ts'
import type { UserRow } from '#server/users/find-user.ts'
import { FREEZE_LINK_TTL_DAYS } from '#shared/account-safety.ts'
import type { NotificationData, SecurityAlert } from '#shared/schemas/notifications.ts'

/** The events that are security alerts, as a change announces them (without the alert part). */
type AlertEvent = NotificationData extends infer Event
  ? Event extends { alert?: SecurityAlert | undefined }
    ? Omit<Event, 'alert'>
    : never
  : never

/**
 * Tells the owner at once, on every channel, of a credential change or a PIN being guessed
 * (docs/security.md "Alerts"), inside the transaction that makes the change. `before` is the
 * account as it was before the change: the alert goes to the e-mail and the verified number it
 * had then, not to new ones a thief may have just put in, and carries a "This wasn't me" link
 * that freezes the account in one tap.
 */
export async function alertOwner(
  tx: Queryable,
  before: Pick<UserRow, 'id' | 'email' | 'phoneNumber' | 'phoneVerified'>,
  event: AlertEvent,
): Promise<void> {
  const phoneNumber = before.phoneVerified ? before.phoneNumber : null
  const freezeToken = await issueEmailToken(tx, {
    userId: before.id,
    email: before.email ?? phoneNumber ?? '',
    purpose: 'freeze',
    ttlMs: FREEZE_LINK_TTL_DAYS * 24 * 3_600_000,
  })
  const data: NotificationData = {
    ...event,
    alert: { freezeToken, email: before.email, phoneNumber },
  }
  await recordEvent(tx, { userId: before.id, data })
}
