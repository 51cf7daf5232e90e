import { startPgbouncer } from '../tests/setup/pgbouncer.ts'

// `npx tsx scripts/run-pgbouncer.ts [postgres-url]`: Debian's pgbouncer in transaction pooling
// mode in front of that server (TEST_DATABASE_URL's by default) until Ctrl-C, printing the URL
// to pass as TEST_DATABASE_POOLER_URL (docs/performance.md "Transfer throughput").
const base =
  process.argv[2] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const pgbouncer = await startPgbouncer(base, 40)
console.log(`pgbouncer listening: ${pgbouncer.url}`)
const stop = () => void pgbouncer.stop().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
