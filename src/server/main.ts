import { ConfigError, loadConfig } from './config.ts'
import { DEMO_ACCOUNT } from './db/seed.ts'
import { startServer } from './start-server.ts'

async function main() {
  const config = loadConfig()
  const server = await startServer(config)
  const lines = [
    '',
    `  Sabi is running at ${server.url}`,
    `  Database: ${server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  API docs: ${server.url}/api/docs`,
  ]
  if (config.sandbox) {
    lines.push(
      '  Mode: SANDBOX (simulated providers; no real money moves)',
      `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    )
  }
  console.log(`${lines.join('\n')}\n`)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal} received: finishing requests in flight, then stopping.`)
    const forceExit = setTimeout(() => process.exit(1), 10_000)
    forceExit.unref()
    await server.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error('Sabi failed to start:', error)
  }
  process.exit(1)
})
