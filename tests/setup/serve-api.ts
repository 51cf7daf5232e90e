import { loadConfig } from '#server/config.ts'
import { startServer } from '#server/start-server.ts'
import { isWorkersPrimary, reportListening, startWorkers } from '#server/workers.ts'

// A server process for multi-process tests and benchmarks, from source: configured by the
// environment like `npm start`, but it never builds anything. It prints "listening <url>" when
// ready. With WORKERS above 1 it is the primary of that many workers, and prints once all listen.
const config = loadConfig()
const primary = isWorkersPrimary(config)
const server = primary ? await startWorkers(config) : await startServer(config)
reportListening(server.url)
if (primary || config.workers === 1) console.log(`listening ${server.url}`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
