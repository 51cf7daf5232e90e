import { defineConfig } from 'drizzle-kit'

// Migrations are generated from src/server/db/schema.ts, reviewed by hand, and applied by the
// server at start-up (and by `npm run db:migrate`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './db/migrations',
})
