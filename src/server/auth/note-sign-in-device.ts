import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { knownDevices } from '#server/db/schema.ts'
import { recordEvent } from '#server/outbox/record-event.ts'

/** The long-lived cookie that names a browser, so a sign-in from another one can be told apart. */
export const DEVICE_COOKIE = 'sabi_device'
/** Browsers keep a cookie at most 400 days. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

/** A fresh device id: 128 random bits. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url')
}

/** "Chrome on Android" from a user agent: enough for a person to recognise their device. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device'
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => mark !== undefined && userAgent.includes(mark))?.[1] ?? 'Browser'
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => mark !== undefined && userAgent.includes(mark))?.[1] ?? 'an unknown system'
  return `${browser} on ${system}`
}

/**
 * Remembers the device a user signed in from (by the SHA-256 of its cookie's id) and, when the
 * user already had other devices and this one is new, announces the sign-in as a security alert
 * in the same transaction (docs/notifications.md). A user's very first device is no news.
 */
export async function noteSignInDevice(
  db: Database,
  userId: string,
  deviceId: string,
  userAgent: string | undefined,
): Promise<void> {
  const deviceHash = createHash('sha256').update(deviceId).digest('hex')
  await db.transaction(async (tx) => {
    // Serialises a user's sign-ins here, so two at once cannot both count as "the first device".
    await queryRows(tx, sql`select id from users where id = ${userId} for update`)
    const before = await tx
      .select({ hash: knownDevices.deviceHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .limit(1000)
    if (before.some((row) => row.hash === deviceHash)) return
    await tx.insert(knownDevices).values({ userId, deviceHash }).onConflictDoNothing()
    if (before.length > 0) {
      await recordEvent(tx, {
        userId,
        data: { kind: 'new_device_sign_in', device: describeDevice(userAgent) },
      })
    }
  })
}
