import { randomUUID } from 'node:crypto'
import pg from 'pg'

/**
 * A database of its own on the PostgreSQL of `TEST_DATABASE_URL`, for a production server
 * process a suite starts (tests/e2e/production-*.spec.ts): created empty, reachable by SQL the
 * way an operator would reach it, and dropped at the end.
 */
export type ScratchDatabase = {
  name: string
  url: string
  /** Runs `work` with a client connected to it. */
  admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T>
  drop(): Promise<void>
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `sabi_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const target = new URL(serverUrl)
  target.pathname = `/${name}`
  const url = target.toString()
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`))
  return {
    name,
    url,
    admin: (work) => withClient(url, work),
    drop: () =>
      withClient(serverUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`)
      }),
  }
}
