import { refreshBankDirectoryIfStale } from '#server/banks/bank-directory.ts'
import { refreshBillCatalogueIfStale } from '#server/bills/bill-catalogue.ts'
import type { Database } from '#server/db/client.ts'
import type { FundingLog } from '#server/funding/credit-top-up.ts'
import { refundExpiredTopUps, releaseHeldTopUps } from '#server/funding/held-top-ups.ts'
import { settleStaleCheckouts } from '#server/funding/stale-checkouts.ts'
import { providerAlerts } from '#server/metrics/metrics.ts'
import { applyLeftOverEvents } from '#server/provider-events/apply-provider-events.ts'
import type { Providers } from '#server/providers/providers.ts'
import { formatReconciliationReport } from '#server/reconcile/format-report.ts'
import { reconcileDay } from '#server/reconcile/reconcile-day.ts'
import { runEvery } from '#server/run-every.ts'

export type UpkeepLog = FundingLog & { warn(object: object, message: string): void }

/** The UTC hour from which the server reconciles the day before (docs/reconciliation.md). */
const RECONCILE_FROM_HOUR_UTC = 1

function yesterdayOf(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/**
 * One pass of the money upkeep: the bank directory and the bill catalogue refreshed once a day,
 * provider events left unapplied applied, held top-ups credited where there is now room or
 * refunded when their time is up, checkouts nobody came back from asked after, and yesterday
 * reconciled once a day.
 * Each step is independent: one failing is logged and the others still run.
 */
export async function runUpkeep(
  db: Database,
  providers: Providers,
  log: UpkeepLog,
  state: { reconciledDay?: string | undefined },
  now = new Date(),
): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    [
      'bank directory',
      async () => providers.bank && refreshBankDirectoryIfStale(db, providers.bank, now),
    ],
    [
      'bill catalogue',
      async () => providers.biller && refreshBillCatalogueIfStale(db, providers.biller, now),
    ],
    ['provider events', () => applyLeftOverEvents(db, log, now)],
    ['held top-ups', () => releaseHeldTopUps(db, now)],
    ['refunds', () => refundExpiredTopUps(db, providers.funding, now)],
    ['checkouts', () => settleStaleCheckouts(db, providers.funding, log, now)],
    [
      'reconciliation',
      async () => {
        const day = yesterdayOf(now)
        if (!providers.records || state.reconciledDay === day) return
        if (now.getUTCHours() < RECONCILE_FROM_HOUR_UTC) return
        const report = await reconcileDay(
          db,
          day,
          { records: providers.records, bank: providers.bank, funding: providers.funding },
          log,
        )
        state.reconciledDay = day
        if (report.unresolved > 0) {
          providerAlerts.inc(
            { provider: report.provider, reason: 'reconciliation' },
            report.unresolved,
          )
          log.error({ day, unresolved: report.unresolved }, formatReconciliationReport(report))
        } else log.info({ day }, formatReconciliationReport(report))
      },
    ],
  ]
  for (const [name, step] of steps) {
    try {
      await step()
    } catch (error) {
      log.error({ err: error, step: name }, 'money upkeep step failed')
    }
  }
}

/** Runs the upkeep now and every interval (run-every.ts). */
export function startUpkeep(
  db: Database,
  providers: Providers,
  log: UpkeepLog,
  intervalMs = 60_000,
): { stop(): Promise<void> } {
  const state: { reconciledDay?: string | undefined } = {}
  return runEvery(
    () => runUpkeep(db, providers, log, state),
    intervalMs,
    (error) => log.error({ err: error }, 'money upkeep pass failed'),
  )
}
