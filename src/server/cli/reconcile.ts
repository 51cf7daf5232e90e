import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { providersFor } from '#server/providers/providers.ts'
import { formatReconciliationReport } from '#server/reconcile/format-report.ts'
import { reconcileDay } from '#server/reconcile/reconcile-day.ts'
import { databaseTargetOf } from '#server/start-server.ts'

// `npm run reconcile -- --date YYYY-MM-DD` (docs/reconciliation.md): compares that UTC day
// (yesterday by default) of the database the server would use with the money provider's
// records, settles what the provider's verify can settle, and prints every mismatch class.
// Exit 1 when anything is left unresolved, or when there is no provider to compare with.
function dayArgument(argv: readonly string[]): string {
  const index = argv.indexOf('--date')
  const given =
    index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith('--date='))?.slice(7)
  if (given) return given
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  await database.migrate()
  const providers = providersFor(config, database.db)
  if (!providers.records) {
    console.error(
      'No money provider is configured (PAYSTACK_SECRET_KEY): nothing to reconcile with.',
    )
    process.exitCode = 1
  } else {
    const report = await reconcileDay(
      database.db,
      dayArgument(process.argv.slice(2)),
      { records: providers.records, bank: providers.bank, funding: providers.funding },
      { info: () => undefined, error: (object, message) => console.error(message, object) },
    )
    console.log(formatReconciliationReport(report))
    if (report.unresolved > 0) process.exitCode = 1
  }
} finally {
  await database.close()
}
