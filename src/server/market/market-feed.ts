import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { SEED_CRYPTOCURRENCIES } from '#server/reference/reference-data.ts'
import { createHttpRatesProvider } from './http-rates-provider.ts'
import type { RatesProvider } from './rates-provider.ts'
import { referencePriceBook, refreshMarket } from './refresh-market.ts'
import { createSandboxRatesProvider } from './sandbox-rates-provider.ts'

/**
 * The configured provider: the HTTP feed when FX_RATES_URL is set, the simulated market in
 * sandbox mode, and none otherwise: a production server never invents rates.
 */
export function ratesProviderFor(config: Config): RatesProvider | undefined {
  if (config.fxRatesUrl) return createHttpRatesProvider(config.fxRatesUrl)
  if (config.sandbox) {
    return createSandboxRatesProvider(
      referencePriceBook(),
      new Set(SEED_CRYPTOCURRENCIES.map((crypto) => crypto.code)),
    )
  }
  return undefined
}

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
