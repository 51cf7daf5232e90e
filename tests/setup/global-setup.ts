import { ensureTemplate } from './postgres-template.ts'

/** Prepares the PostgreSQL template once, before any test file runs. */
export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL
  if (url) await ensureTemplate(url)
}
