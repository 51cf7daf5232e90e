import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The secret that signs session cookies. Production supplies SESSION_SECRET; the embedded mode
 * keeps a random one in DATA_DIR so sessions survive a restart without any configuration.
 */
export async function resolveSessionSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  if (configured) return configured
  const file = join(dataDir, 'session-secret')
  try {
    const stored = (await readFile(file, 'utf8')).trim()
    if (stored.length >= 32) return stored
  } catch {
    // Not created yet: make one below.
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
