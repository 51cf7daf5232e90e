import { loadConfig } from '#server/config.ts'
import { startServer } from '#server/start-server.ts'

// A server process for multi-process tests and benchmarks, from source: configured by the
// environment like `npm start`, but it never builds anything. It prints "listening <url>" when
// ready.
const server = await startServer(loadConfig())
console.log(`listening ${server.url}`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
