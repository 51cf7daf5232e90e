import { existsSync } from 'node:fs'
import { CHROMIUM_PATH } from '../playwright.config.ts'
import { runCommand } from './run-command.ts'

/**
 * End-to-end tests in Debian's Chromium against a fresh build of the client. Without Chromium
 * the suite is reported as skipped, with the reason, rather than passing silently.
 */
export async function runEndToEnd(
  extraArgs: string[] = [],
  jsonReport?: string,
): Promise<{ code: number; skipped?: string }> {
  if (!existsSync(CHROMIUM_PATH)) {
    const reason = `${CHROMIUM_PATH} not found (install Debian's chromium; CI does)`
    console.log(`\nEnd-to-end suite SKIPPED: ${reason}\n`)
    return { code: 0, skipped: reason }
  }
  // The whole build: the app and the prerendered landing page that visitors get at `/`.
  const built = await runCommand('npm', ['run', 'build', '--silent'])
  if (built !== 0) return { code: built }
  return {
    code: await runCommand('npx', ['playwright', 'test', ...extraArgs], {
      ...process.env,
      ...(jsonReport ? { PLAYWRIGHT_JSON_OUTPUT_NAME: jsonReport } : {}),
    }),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code } = await runEndToEnd(process.argv.slice(2))
  process.exit(code)
}
