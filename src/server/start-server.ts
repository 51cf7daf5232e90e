import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import { type DatabaseHandle, openDatabase, pgliteDataDir } from './db/client.ts'
import { buildApp } from './http/app.ts'
import { applyTierLimits } from './limits/tier-limits.ts'
import { startMarketFeed } from './market/market-feed.ts'
import { deliveryChannelsFor } from './outbox/delivery-channels.ts'
import { startOutboxDispatcher } from './outbox/outbox-dispatcher.ts'
import { startPayoutWorker } from './payouts/payout-worker.ts'
import { startRoundUps } from './pockets/save-round-ups.ts'
import { PROJECT_ROOT } from './project-root.ts'
import { messagingFor } from './providers/messaging.ts'
import { payoutProvidersOf, providersFor } from './providers/providers.ts'
import { createReadiness, type Readiness } from './readiness.ts'
import { startScheduledTransfers } from './scheduled-transfers/run-scheduled-transfers.ts'
import { seedDemoAccount, seedReferenceData } from './seed/seed.ts'
import { resolveSessionSecret } from './session-secret.ts'
import { startUpkeep } from './upkeep/start-upkeep.ts'
import { resolveVapidKeys } from './vapid-keys.ts'

/** The built client (`npm run build`; `npm start` builds it first when it is missing). */
export const CLIENT_ROOT = join(PROJECT_ROOT, 'dist', 'client')

function readVersion(): string {
  const parsed: unknown = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8'))
  return typeof parsed === 'object' &&
    parsed !== null &&
    'version' in parsed &&
    typeof parsed.version === 'string'
    ? parsed.version
    : '0.0.0'
}

export function databaseTargetOf(config: Config) {
  return config.databaseUrl
    ? ({
        kind: 'postgres',
        url: config.databaseUrl,
        ...(config.databaseListenUrl ? { listenUrl: config.databaseListenUrl } : {}),
      } as const)
    : ({ kind: 'pglite', dataDir: pgliteDataDir(config.dataDir) } as const)
}

export type RunningServer = {
  app: FastifyInstance
  database: DatabaseHandle
  url: string
  /** Draining from the first call of `close` on: GET /api/ready answers 503. */
  readiness: Readiness
  /**
   * Shuts down gracefully: marks the server draining, waits SHUTDOWN_DELAY_MS (0 by default)
   * while still serving, stops the market feed and the payout worker, closes the listener and
   * waits for the requests in flight (Fastify closes idle keep-alive connections), then closes
   * the database.
   */
  close(): Promise<void>
}

/**
 * Opens and migrates the database, seeds it, and serves the app on the configured port, with
 * the client from dist/client when it is built (`npm start` builds it first: scripts/start.mjs).
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(databaseTargetOf(config))
  try {
    await database.migrate()
    await seedReferenceData(database.db)
    await applyTierLimits(database.db, config.tierLimits)
    if (config.sandbox) await seedDemoAccount(database.db)
    // Every outside party is chosen here, once, and passed to whatever needs it.
    const providers = providersFor(config, database.db)
    const readiness = createReadiness()
    const vapid = await resolveVapidKeys(config.vapid, config.dataDir)
    const messaging = messagingFor(config, database.db)
    const app = await buildApp({
      messaging,
      vapidPublicKey: vapid.publicKey,
      config,
      database,
      providers,
      sessionSecret: await resolveSessionSecret(config.sessionSecret, config.dataDir),
      version: readVersion(),
      clientRoot: CLIENT_ROOT,
      readiness,
    })
    // While draining, every answer says `Connection: close`: a keep-alive connection whose
    // request was in flight at the signal ends with its answer, so closing does not wait for
    // the client to let it go (Fastify closes the connections idle at that moment).
    app.addHook('onSend', async (_request, reply) => {
      if (readiness.draining) reply.header('connection', 'close')
    })
    await app.listen({ port: config.port, host: config.host })
    const marketFeed = providers.rates
      ? startMarketFeed(database.db, providers.rates, config.marketRefreshSeconds, app.log)
      : undefined
    if (!providers.rates)
      app.log.warn('no FX_RATES_URL and not in sandbox mode: exchange rates stay as stored')
    // Always running: a payout made here, or left by a stopped server, must be sent. A payout
    // whose provider is not configured waits, logged, and is held for review in the end.
    const payoutWorker = startPayoutWorker(
      database.db,
      payoutProvidersOf(providers),
      1_000,
      app.log,
    )
    // Money that comes in and the books kept against the provider's (docs/funding.md,
    // docs/reconciliation.md): every minute, on every instance, each step safe to run twice.
    const upkeep = startUpkeep(database.db, providers, app.log)
    // Scheduled transfers run at 08:00 Lagos on their day (docs/scheduled-transfers.md): every
    // instance looks twice a minute, and each occurrence is claimed by one of them only.
    const scheduledTransfers = startScheduledTransfers(database.db, providers.bank, app.log)
    // Each payment out of a wallet whose pocket rounds up saves the difference (docs/pockets.md).
    const roundUps = startRoundUps(database.db, app.log)
    const outboxDispatcher = await startOutboxDispatcher(
      database,
      deliveryChannelsFor(messaging, database.db, vapid, config.publicUrl),
      app.log,
    )
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    return {
      app,
      database,
      url: `http://localhost:${port}`,
      readiness,
      async close() {
        readiness.draining = true
        if (config.shutdownDelayMs > 0) await sleep(config.shutdownDelayMs)
        marketFeed?.stop()
        await payoutWorker.stop()
        await upkeep.stop()
        await scheduledTransfers.stop()
        await roundUps.stop()
        await outboxDispatcher.stop()
        await app.close()
        await database.close()
      },
    }
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
}
