import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'
import type { Config } from './config.ts'

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }

const storedSchema = z.object({ publicKey: z.string().min(40), privateKey: z.string().min(20) })

/**
 * The keys that sign Web Push messages (docs/notifications.md "Web Push"). Production supplies
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; otherwise a pair is generated once and kept in
 * DATA_DIR, like the session secret (session-secret.ts), so browsers' subscriptions survive a
 * restart. Several instances must share one pair: configure it for them.
 */
export async function resolveVapidKeys(
  vapid: Config['vapid'],
  dataDir: string,
): Promise<VapidKeys> {
  if ('publicKey' in vapid) return vapid
  const file = join(dataDir, 'vapid-keys.json')
  try {
    const stored = storedSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    if (stored.success) return { ...stored.data, subject: vapid.subject }
  } catch {
    // Not created yet: make a pair below.
  }
  await mkdir(dataDir, { recursive: true })
  const keys = webpush.generateVAPIDKeys()
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 })
  return { ...keys, subject: vapid.subject }
}
