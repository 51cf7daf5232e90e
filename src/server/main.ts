import { ConfigError, loadConfig } from './config.ts'
import { serializeError } from './http/log-serializers.ts'
import { startServer } from './start-server.ts'
import { startupBanner } from './startup-banner.ts'
import { isWorkersPrimary, reportListening, startWorkers } from './workers.ts'

// The server's entry point: `npm start` runs it bundled (dist/server/main.js, through
// scripts/start.mjs), `npm run dev` and the end-to-end suite from source.

/** A graceful shutdown that has not finished by then ends the process with code 1. */
const FORCE_EXIT_AFTER_MS = 10_000

async function main() {
  const config = loadConfig()
  // Listening from the start: a signal during start-up stops the server as soon as it is up,
  // rather than killing the process in the middle of a migration.
  let starting: Promise<{ url: string; close(): Promise<void> }> | undefined
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal} received: finishing requests in flight, then stopping.`)
    const forceExit = setTimeout(() => {
      console.error(`Still stopping after ${FORCE_EXIT_AFTER_MS / 1000} s: exiting now.`)
      process.exit(1)
    }, FORCE_EXIT_AFTER_MS)
    forceExit.unref()
    // A start-up that fails is reported, and ends the process, by main's own catch below.
    const server = await starting?.catch(() => undefined)
    await server?.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  // With WORKERS above 1 this process only starts the workers (src/server/workers.ts).
  const primary = isWorkersPrimary(config)
  starting = primary ? startWorkers(config) : startServer(config)
  const server = await starting
  if (closing) return
  reportListening(server.url)
  // A worker leaves the banner to its primary.
  if (!primary && config.workers > 1) return
  console.log(
    startupBanner(config, {
      url: server.url,
      workerProcesses: primary ? config.workers : undefined,
    }),
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    // Through the log serializer: a failed seed query must not print the demo password's hash.
    console.error('Sabi failed to start:', JSON.stringify(serializeError(error)))
  }
  process.exit(1)
})
