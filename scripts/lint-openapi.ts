import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp } from '../tests/setup/test-app.ts'
import { createTestDatabase } from '../tests/setup/test-database.ts'
import { runCommand } from './run-command.ts'

/**
 * `npm run lint:openapi`: builds the app in-process on an embedded PGlite database, writes the
 * OpenAPI document it serves at /api/docs/json to a temporary file and lints it with Redocly
 * CLI's recommended ruleset (redocly.yaml). Exits non-zero when Redocly reports an error; the
 * warnings that remain are explained in the README ("OpenAPI contract"). Further arguments go
 * to `redocly lint`, e.g. `npm run lint:openapi -- --format=summary`.
 */
const root = join(import.meta.dirname, '..')
const database = await createTestDatabase('pglite')
const directory = await mkdtemp(join(tmpdir(), 'sabi-openapi-'))
let code = 1
try {
  const app = await createTestApp(database)
  const file = join(directory, 'openapi.json')
  await writeFile(file, JSON.stringify(app.swagger(), null, 2))
  await app.close()
  code = await runCommand(
    join(root, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', join(root, 'redocly.yaml'), ...process.argv.slice(2)],
    {
      ...process.env,
      // No usage data leaves the machine, and no update banner in the output.
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  )
} finally {
  await database.destroy()
  await rm(directory, { recursive: true, force: true })
}
process.exit(code)
