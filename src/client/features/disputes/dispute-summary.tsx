import { useState } from 'react'
import { DisputeStatusBadge } from '#client/entities/disputes/dispute-badges.tsx'
import { TransactionRow } from '#client/entities/transactions/transaction-row.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import type { Dispute } from '#shared/schemas/disputes.ts'
import { REASON_TEXTS } from './dispute-reasons.ts'
import { useDisputeMessages } from './messages.ts'

/** A note in a box: the customer's words, or the answer a resolved report was given. */
function Note({ label, text, tone }: { label: string; text: string; tone: 'plain' | 'answer' }) {
  return (
    <div
      className={
        tone === 'answer'
          ? 'rounded-lg border border-primary/20 bg-secondary/60 px-3 py-2 text-sm'
          : 'rounded-lg bg-muted/60 px-3 py-2 text-sm'
      }
    >
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="mt-0.5 break-words whitespace-pre-line">{text}</p>
    </div>
  )
}

/**
 * What a report is (its reason, status, reference and day), the customer's words, the answer
 * once resolved, and the transaction as the history shows it, linked to its details.
 */
export function DisputeSummary({ dispute }: { dispute: Dispute }) {
  const t = useDisputeMessages()
  const [nowMs] = useState(() => Date.now())
  const reason = REASON_TEXTS[dispute.reason]
  const Icon = reason.icon
  return (
    <div className="grid gap-3">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-300">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <p className="max-w-full flex-1 basis-40 font-semibold break-words">
              {t(reason.label)}
            </p>
            <DisputeStatusBadge status={dispute.status} outcome={dispute.outcome} />
          </div>
          <p
            className="font-mono text-xs text-muted-foreground wrap-anywhere"
            data-testid="dispute-reference"
          >
            {dispute.reference}
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={dispute.createdAt}>
              {t('reportedOn', { date: formatDate(dispute.createdAt, 'dateTime') })}
            </time>
          </p>
        </div>
      </div>
      {dispute.details ? <Note label={t('yourWords')} text={dispute.details} tone="plain" /> : null}
      {dispute.status === 'resolved' && dispute.resolutionNote ? (
        <Note
          label={dispute.outcome === 'declined' ? t('declinedBecause') : t('resolutionNote')}
          text={dispute.resolutionNote}
          tone="answer"
        />
      ) : null}
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">{t('transactionHeading')}</p>
        <div className="rounded-lg border px-3" data-testid="dispute-transaction">
          <TransactionRow transaction={dispute.transaction} nowMs={nowMs} linked />
        </div>
      </div>
    </div>
  )
}
