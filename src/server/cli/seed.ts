import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { seedDemoAccount, seedReferenceData } from '#server/seed/seed.ts'
import { databaseTargetOf } from '#server/start-server.ts'

// `npm run db:seed`: the reference data, and the demo account in sandbox mode. Safe to repeat.
const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  await database.migrate()
  await seedReferenceData(database.db)
  if (config.sandbox) await seedDemoAccount(database.db)
  console.log(
    `Reference data seeded (${database.kind})${config.sandbox ? ', demo account ready' : ''}.`,
  )
} finally {
  await database.close()
}
