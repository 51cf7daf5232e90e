import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import type { Providers } from '#server/providers/providers.ts'
import { createTestApp } from './test-app.ts'
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from './test-database.ts'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** What a test in a money API suite works with; valid inside tests and hooks only. */
export type MoneyApiContext = {
  readonly kind: TestDatabaseKind
  readonly database: TestDatabase
  readonly app: TestApp
  /** The app's log lines (JSON), when the suite asked to capture its log. */
  readonly logLines: readonly string[]
}

/**
 * The set-up every money API suite shares: on each database kind (PGlite always, PostgreSQL
 * when TEST_DATABASE_URL is set), a fresh database and app for the file, the ledger's
 * invariants checked after every test (`npm run ledger:verify` must pass after each), and both
 * closed at the end. `env` adds configuration, as the environment would; `captureLog` keeps
 * the app's log lines for the suite to read.
 */
export function describeMoneyApi(
  title: string,
  body: (context: MoneyApiContext) => void,
  env: Record<string, string> = {},
  options: {
    captureLog?: boolean
    /** The outside parties, made for each database; the sandbox's unless given. */
    providers?: (database: TestDatabase) => Providers | Promise<Providers>
  } = {},
): void {
  for (const { kind, skip } of testDatabaseKinds()) {
    describe.skipIf(skip !== undefined)(
      `${title} on ${kind}${skip ? ` (skipped: ${skip})` : ''}`,
      () => {
        let database: TestDatabase | undefined
        let app: TestApp | undefined
        const logLines: string[] = []

        beforeAll(async () => {
          database = await createTestDatabase(kind)
          app = await createTestApp(database, env, {
            ...(options.captureLog
              ? { logStream: { write: (line: string) => void logLines.push(line) } }
              : {}),
            ...(options.providers ? { providers: await options.providers(database) } : {}),
          })
        })
        afterEach(async () => {
          if (database) expect(await verifyLedger(database.db)).toEqual([])
        })
        afterAll(async () => {
          await app?.close()
          await database?.destroy()
        })

        body({
          kind,
          get database() {
            if (!database) throw new Error('the test database is only there inside tests')
            return database
          },
          get app() {
            if (!app) throw new Error('the test app is only there inside tests')
            return app
          },
          logLines,
        })
      },
    )
  }
}
