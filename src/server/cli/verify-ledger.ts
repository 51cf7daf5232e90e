import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { verifyLedger } from '#server/ledger/verify-ledger.ts'
import { databaseTargetOf } from '#server/start-server.ts'

// `npm run ledger:verify`: checks the books of DATABASE_URL, or of the embedded database in
// DATA_DIR, exactly the database the server would use. Exit 1 names every violation.
const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  const violations = await verifyLedger(database.db)
  if (violations.length === 0) {
    console.log(`Ledger verified (${database.kind}): every invariant holds.`)
  } else {
    console.error(
      `Ledger verification FAILED (${database.kind}): ${violations.length} violation(s)`,
    )
    for (const violation of violations)
      console.error(`- ${violation.invariant}: ${violation.detail}`)
    process.exitCode = 1
  }
} finally {
  await database.close()
}
