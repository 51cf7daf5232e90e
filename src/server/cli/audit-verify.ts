import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { verifyAuditChain } from '#server/ops/audit-log.ts'
import { databaseTargetOf } from '#server/start-server.ts'

// `npm run audit:verify`: walks the audit log's hash chain (docs/operations-console.md "Audit
// log") of the database the server would use. Exit 1 names the first entry that was changed,
// removed or reordered.
const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  const broken = await verifyAuditChain(database.db)
  if (!broken) {
    console.log(`Audit log verified (${database.kind}): every entry holds its chain.`)
  } else {
    console.error(
      `Audit log verification FAILED (${database.kind}): entry ${broken.seq} was ${broken.problem === 'changed' ? 'changed' : broken.problem === 'missing' ? 'removed (an entry before it is missing)' : 'reordered or removed (it does not follow the entry before it)'}`,
    )
    process.exitCode = 1
  }
} finally {
  await database.close()
}
