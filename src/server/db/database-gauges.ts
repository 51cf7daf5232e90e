import { sql } from 'drizzle-orm'
import { type DatabaseHandle, queryRows } from '#server/db/client.ts'
import type { DatabaseGauges } from '#server/metrics/metrics.ts'

/** The gauges' readings from Sabi's database, taken at scrape time. */
export function databaseGaugesOf(database: DatabaseHandle): DatabaseGauges {
  return {
    async journals() {
      const [row] = await queryRows(database.db, sql`select count(*)::bigint as n from journals`)
      return Number(row?.n ?? 0)
    },
    async payoutsByStatus() {
      const rows = await queryRows(
        database.db,
        sql`select status, count(*)::int as count,
                   extract(epoch from now() - min(created_at))::float8 as age
            from payouts group by status`,
      )
      return rows.map((row) => ({
        status: String(row.status),
        count: Number(row.count),
        oldestAgeSeconds: Number(row.age),
      }))
    },
    pool: () => database.poolStats(),
  }
}
