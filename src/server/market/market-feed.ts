import type { Database } from '#server/db/client.ts'
import type { RatesProvider } from '#server/providers/rates-provider.ts'
import { refreshMarket } from './refresh-market.ts'

type Logger = {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/**
 * Refreshes the market now and then every `intervalSeconds` inside the server process. A
 * failed tick is logged and the next one tries again; rates simply stay as they were.
 */
export function startMarketFeed(
  db: Database,
  provider: RatesProvider,
  intervalSeconds: number,
  log: Logger,
): { stop(): void } {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      if (await refreshMarket(db, provider))
        log.info({ provider: provider.name }, 'market prices refreshed')
    } catch (error) {
      log.error({ err: error, provider: provider.name }, 'market refresh failed')
    } finally {
      running = false
    }
  }
  void tick()
  const timer = setInterval(() => void tick(), intervalSeconds * 1000)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
