import { exponentOf, formatMinor, isAssetCode } from '#shared/money.ts'
import { MISMATCH_CLASSES, MISMATCH_ORDER, type ReconciliationReport } from './reconcile-day.ts'

function amount(minor: bigint | undefined, currency: string): string {
  if (minor === undefined) return 'unknown'
  return `${formatMinor(minor, isAssetCode(currency) ? exponentOf(currency) : 2)} ${currency}`
}

/** At most this many references are printed per class; the count says the rest. */
const REFERENCES_SHOWN = 20

/**
 * The report an operator reads (docs/reconciliation.md): each mismatch class with its counts
 * and the references still open, then per currency what customers hold, what is held over
 * limits and in flight, against what the provider holds.
 */
export function formatReconciliationReport(report: ReconciliationReport): string {
  const lines = [
    `Reconciliation of ${report.day} with ${report.provider}: ${report.payoutsCompared} payout(s), ${report.paymentsCompared} payment(s) compared.`,
  ]
  for (const kind of MISMATCH_ORDER) {
    const mismatch = report.mismatches[kind]
    lines.push(
      `- ${MISMATCH_CLASSES[kind]}: ${mismatch.found} found, ${mismatch.settled} settled, ${mismatch.unresolved.length} unresolved`,
    )
    for (const reference of mismatch.unresolved.slice(0, REFERENCES_SHOWN))
      lines.push(`    ${reference}`)
    if (mismatch.unresolved.length > REFERENCES_SHOWN)
      lines.push(`    ... and ${mismatch.unresolved.length - REFERENCES_SHOWN} more`)
  }
  lines.push('Balances:')
  for (const position of report.positions) {
    const owed = position.customers + position.held + position.inFlight
    const difference =
      position.provider === undefined
        ? 'unknown'
        : amount(position.provider - owed, position.currency)
    lines.push(
      `- ${position.currency}: customers ${amount(position.customers, position.currency)}, held over limits ${amount(position.held, position.currency)}, in flight ${amount(position.inFlight, position.currency)}; ${report.provider} holds ${amount(position.provider, position.currency)} (difference ${difference})`,
    )
  }
  lines.push(
    report.unresolved === 0
      ? 'Everything reconciles.'
      : `${report.unresolved} mismatch(es) unresolved: see above.`,
  )
  return lines.join('\n')
}
