import { and, eq, gte, sql } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { journals, posSales } from '#server/db/schema.ts'
import { loadAssetSymbols } from '#server/reference/asset-symbols.ts'
import { divideRoundHalfUp, exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import type { PosAnalytics } from '#shared/schemas/pos.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const BEST_HOURS = 3

type Bucket = { totalMinor: bigint; count: number }

function addTo(map: Map<string, Bucket>, key: string, totalMinor: bigint, count: number) {
  const bucket = map.get(key) ?? { totalMinor: 0n, count: 0 }
  bucket.totalMinor += totalMinor
  bucket.count += count
  map.set(key, bucket)
}

/** The local calendar date `daysBack` days before the local day of `localMs`, as YYYY-MM-DD. */
function localDate(localMs: number, daysBack = 0): string {
  return new Date(Math.floor(localMs / DAY_MS) * DAY_MS - daysBack * DAY_MS)
    .toISOString()
    .slice(0, 10)
}

/**
 * The POS analytics (issue "Getting paid"), from the ledger: the amounts of the journals that
 * paid the merchant's completed sales, per currency, grouped by the merchant's local day and
 * hour (`tzOffsetMinutes` as the browser's getTimezoneOffset gives it). Today, 7 and 30 days,
 * the requested period with its average sale, the best hours, and every day of the period.
 */
export async function posAnalytics(
  db: Queryable,
  merchantId: string,
  days: number,
  tzOffsetMinutes: number,
  nowMs = Date.now(),
): Promise<PosAnalytics> {
  const localNowMs = nowMs - tzOffsetMinutes * 60_000
  const span = Math.max(days, 30)
  const sinceLocalMs = Math.floor(localNowMs / DAY_MS) * DAY_MS - (span - 1) * DAY_MS
  const since = new Date(sinceLocalMs + tzOffsetMinutes * 60_000)
  const localTime = sql`(${posSales.completedAt} at time zone 'UTC') - make_interval(mins => ${tzOffsetMinutes})`
  const rows = await db
    .select({
      asset: journals.asset,
      day: sql<string>`to_char(${localTime}, 'YYYY-MM-DD')`,
      hour: sql<number>`extract(hour from ${localTime})::int`,
      totalMinor: sql<string>`sum(${journals.amountMinor})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(posSales)
    .innerJoin(journals, eq(journals.id, posSales.journalId))
    .where(
      and(
        eq(posSales.merchantId, merchantId),
        eq(posSales.status, 'completed'),
        gte(posSales.completedAt, since),
      ),
    )
    .groupBy(journals.asset, sql`1`, sql`2`, sql`3`)

  const today = localDate(localNowMs)
  const from7 = localDate(localNowMs, 6)
  const from30 = localDate(localNowMs, 29)
  const fromPeriod = localDate(localNowMs, days - 1)
  const assets = [...new Set(rows.map((row) => row.asset))].sort()
  const symbolOf = await loadAssetSymbols(db, assets)

  const currencies = assets.map((asset) => {
    const exponent = isAssetCode(asset) ? exponentOf(asset) : 2
    const format = (minor: bigint) => formatMinor(minor, exponent)
    const totals = new Map<string, Bucket>()
    const byDay = new Map<string, Bucket>()
    const byHour = new Map<string, Bucket>()
    for (const row of rows) {
      if (row.asset !== asset) continue
      const minor = BigInt(row.totalMinor)
      if (row.day === today) addTo(totals, 'today', minor, row.count)
      if (row.day >= from7) addTo(totals, 'last7Days', minor, row.count)
      if (row.day >= from30) addTo(totals, 'last30Days', minor, row.count)
      if (row.day >= fromPeriod) {
        addTo(totals, 'period', minor, row.count)
        addTo(byDay, row.day, minor, row.count)
        addTo(byHour, String(row.hour), minor, row.count)
      }
    }
    const figure = (key: string) => {
      const bucket = totals.get(key) ?? { totalMinor: 0n, count: 0 }
      return { total: format(bucket.totalMinor), count: bucket.count }
    }
    const period = totals.get('period') ?? { totalMinor: 0n, count: 0 }
    return {
      currency: { code: asset, symbol: symbolOf(asset) },
      today: figure('today'),
      last7Days: figure('last7Days'),
      last30Days: figure('last30Days'),
      period: {
        ...figure('period'),
        average: format(
          period.count === 0 ? 0n : divideRoundHalfUp(period.totalMinor, BigInt(period.count)),
        ),
      },
      bestHours: [...byHour]
        .sort(([, a], [, b]) =>
          a.totalMinor === b.totalMinor ? 0 : a.totalMinor > b.totalMinor ? -1 : 1,
        )
        .slice(0, BEST_HOURS)
        .map(([hour, bucket]) => ({
          hour: Number(hour),
          total: format(bucket.totalMinor),
          count: bucket.count,
        })),
      daily: Array.from({ length: days }, (_, index) => {
        const date = localDate(localNowMs, days - 1 - index)
        const bucket = byDay.get(date) ?? { totalMinor: 0n, count: 0 }
        return { date, total: format(bucket.totalMinor), count: bucket.count }
      }),
    }
  })
  return { days, currencies }
}
