import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { type DatabaseHandle, openDatabase, pgliteDataDir } from './db/client.ts'
import { seedDemoAccount, seedReferenceData } from './db/seed.ts'
import { buildApp } from './http/app.ts'
import { APP_PAGE, LANDING_PAGE } from './http/static-plugin.ts'
import { ratesProviderFor, startMarketFeed } from './market/market-feed.ts'
import { startPayoutWorker } from './payouts/payout-worker.ts'
import { sandboxPayoutProviders } from './providers/payout-providers.ts'
import { resolveSessionSecret } from './session-secret.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const CLIENT_ROOT = `${PROJECT_ROOT}dist/client`

function readVersion(): string {
  const parsed: unknown = JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8'))
  return typeof parsed === 'object' &&
    parsed !== null &&
    'version' in parsed &&
    typeof parsed.version === 'string'
    ? parsed.version
    : '0.0.0'
}

/**
 * Builds the client as `npm run build` does when there is no build yet, so `npm start` works
 * on a fresh clone: the app with Vite, then the prerendered landing page (ADR 003).
 */
async function ensureClientBuild(log: (line: string) => void): Promise<void> {
  const hasApp = existsSync(`${CLIENT_ROOT}/${APP_PAGE}`)
  if (hasApp && existsSync(`${CLIENT_ROOT}/${LANDING_PAGE}`)) return
  log('No complete client build found: building it once (this takes a minute)...')
  // The build tools are loaded only here: a server that already has a build never pays for them.
  if (!hasApp) {
    const { build } = await import('vite')
    await build({
      root: PROJECT_ROOT,
      configFile: `${PROJECT_ROOT}vite.config.ts`,
      logLevel: 'warn',
    })
  }
  const { prerenderLanding } = await import('../../scripts/prerender-landing.ts')
  await prerenderLanding({ root: PROJECT_ROOT, logLevel: 'warn' })
}

export function databaseTargetOf(config: Config) {
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: pgliteDataDir(config.dataDir) } as const)
}

export type RunningServer = {
  app: FastifyInstance
  database: DatabaseHandle
  url: string
  close(): Promise<void>
}

/**
 * Opens and migrates the database, seeds it, and serves the app on the configured port.
 * `buildClient` builds the client first when there is no build (what `npm start` wants; an
 * API-only process for tests and benchmarks does not).
 */
export async function startServer(
  config: Config,
  options: { buildClient?: boolean; log?: (line: string) => void } = {},
): Promise<RunningServer> {
  if (options.buildClient ?? true) await ensureClientBuild(options.log ?? console.log)
  const database = await openDatabase(databaseTargetOf(config))
  try {
    await database.migrate()
    await seedReferenceData(database.db)
    if (config.sandbox) await seedDemoAccount(database.db)
    const app = await buildApp({
      config,
      database,
      sessionSecret: await resolveSessionSecret(config.sessionSecret, config.dataDir),
      version: readVersion(),
      clientRoot: CLIENT_ROOT,
    })
    await app.listen({ port: config.port, host: config.host })
    const provider = ratesProviderFor(config)
    const marketFeed = provider
      ? startMarketFeed(database.db, provider, config.marketRefreshSeconds, app.log)
      : undefined
    if (!provider)
      app.log.warn('no FX_RATES_URL and not in sandbox mode: exchange rates stay as stored')
    // Payouts: only sandbox providers exist yet, so production sends none until a real one does.
    const payoutWorker = config.sandbox
      ? startPayoutWorker(database.db, sandboxPayoutProviders(), 1_000, app.log)
      : undefined
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    return {
      app,
      database,
      url: `http://localhost:${port}`,
      async close() {
        marketFeed?.stop()
        payoutWorker?.stop()
        await app.close()
        await database.close()
      },
    }
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
}
