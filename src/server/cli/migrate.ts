import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { databaseTargetOf } from '#server/start-server.ts'

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded
// database in DATA_DIR, exactly as the server does at start-up.
const config = loadConfig()
const database = await openDatabase(databaseTargetOf(config))
try {
  await database.migrate()
  console.log(`Migrations applied (${database.kind}).`)
} finally {
  await database.close()
}
