import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx'
import { OPS_PATHS } from '#shared/client-routes.ts'
import {
  type DisputeDetail,
  type MoneyProposal,
  mayDo,
  type Operator,
} from '#shared/schemas/ops.ts'
import { DisputeStatusBadge, ProposalStatusBadge } from '../components/badges.tsx'
import { CardHeading } from '../components/card-heading.tsx'
import { Facts } from '../components/facts.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome, type OutcomeTone } from '../components/outcome.tsx'
import { QueryState } from '../components/query-state.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { RefundDialog } from '../components/refund-dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import { declineDispute, fetchDispute, OPS_KEYS, proposeRefund, reviewDispute } from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import {
  formatDirectedAmount,
  formatOpsAmount,
  formatOpsDate,
  humanise,
  orDash,
} from '../ops-format.ts'
import { customerPath } from '../ops-routes.ts'
import { proposalOutcomeText, proposalTone } from '../proposals.ts'

const TEXT = OPS_TEXT.dispute

type Result = { tone: OutcomeTone; message: string }

/** One dispute: the report, its transaction and payout, the timeline, proposals and actions. */
export function DisputePage({ operator }: { operator: Operator }) {
  const { id = '' } = useParams<{ id: string }>()
  const dispute = useQuery({ queryKey: OPS_KEYS.dispute(id), queryFn: () => fetchDispute(id) })
  const [result, setResult] = useState<Result | null>(null)
  const detail = dispute.data
  return (
    <OpsPage
      title={detail ? TEXT.title(detail.dispute.reference) : OPS_TEXT.queue.title}
      actions={
        <Link
          href={`${OPS_PATHS.disputes}?status=${detail?.dispute.status ?? 'open'}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {TEXT.back}
        </Link>
      }
    >
      {detail ? (
        <>
          <Outcome
            tone={result?.tone ?? 'neutral'}
            message={result?.message ?? null}
            testId="ops-outcome"
          />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
              <ReportCard detail={detail} />
              <TransactionCard detail={detail} />
              {detail.payout ? <PayoutCard payout={detail.payout} /> : null}
            </div>
            <div className="grid grid-cols-1 content-start gap-6">
              <ActionsCard detail={detail} operator={operator} onResult={setResult} />
              <TimelineCard timeline={detail.timeline} />
              <ProposalsCard proposals={detail.proposals} />
            </div>
          </div>
        </>
      ) : (
        <QueryState query={dispute} />
      )}
    </OpsPage>
  )
}

function ReportCard({ detail }: { detail: DisputeDetail }) {
  const { dispute } = detail
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between">
        <CardHeading>{TEXT.disputeTitle}</CardHeading>
        <DisputeStatusBadge status={dispute.status} outcome={dispute.outcome} />
      </CardHeader>
      <CardContent>
        <Facts
          items={[
            { label: TEXT.reason, value: OPS_TEXT.disputeReasons[dispute.reason] },
            {
              label: TEXT.details,
              value: <span className="whitespace-pre-wrap">{orDash(dispute.details)}</span>,
            },
            {
              label: TEXT.customer,
              value: (
                <Link
                  href={customerPath(dispute.customer.id)}
                  className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {dispute.customer.name}
                  {dispute.customer.email ? ` (${dispute.customer.email})` : ''}
                </Link>
              ),
            },
            { label: TEXT.reported, value: formatOpsDate(dispute.createdAt) },
            { label: TEXT.updated, value: formatOpsDate(dispute.updatedAt) },
            ...(dispute.outcome
              ? [{ label: TEXT.outcome, value: OPS_TEXT.outcomes[dispute.outcome] }]
              : []),
            ...(dispute.resolutionNote
              ? [{ label: TEXT.resolutionNote, value: dispute.resolutionNote }]
              : []),
          ]}
        />
      </CardContent>
    </Card>
  )
}

function TransactionCard({ detail }: { detail: DisputeDetail }) {
  const transaction = detail.dispute.transaction
  return (
    <Card data-testid="ops-dispute-transaction">
      <CardHeader>
        <CardHeading>{TEXT.transactionTitle}</CardHeading>
      </CardHeader>
      <CardContent>
        <Facts
          items={[
            { label: TEXT.reference, value: transaction.reference, code: true },
            { label: TEXT.type, value: humanise(transaction.type) },
            { label: TEXT.status, value: humanise(transaction.status) },
            {
              label: TEXT.amount,
              value: (
                <span className="amount font-semibold">
                  {formatDirectedAmount(
                    transaction.amount,
                    transaction.currency,
                    transaction.direction,
                  )}
                </span>
              ),
            },
            {
              label: TEXT.fee,
              value: (
                <span className="amount">
                  {formatOpsAmount(transaction.fee, transaction.currency)}
                </span>
              ),
            },
            { label: TEXT.direction, value: OPS_TEXT.directions[transaction.direction] },
            { label: TEXT.description, value: orDash(transaction.description) },
            { label: TEXT.date, value: formatOpsDate(transaction.createdAt) },
          ]}
        />
      </CardContent>
    </Card>
  )
}

function PayoutCard({ payout }: { payout: NonNullable<DisputeDetail['payout']> }) {
  return (
    <Card>
      <CardHeader>
        <CardHeading>{TEXT.payoutTitle}</CardHeading>
      </CardHeader>
      <CardContent>
        <Facts
          items={[
            { label: TEXT.payoutKind, value: humanise(payout.kind) },
            { label: TEXT.provider, value: humanise(payout.provider) },
            { label: TEXT.payoutStatus, value: humanise(payout.status) },
            ...Object.entries(payout.details).map(([key, value]) => ({
              label: humanise(key),
              value,
            })),
          ]}
        />
      </CardContent>
    </Card>
  )
}

function ActionsCard({
  detail,
  operator,
  onResult,
}: {
  detail: DisputeDetail
  operator: Operator
  onResult: (result: Result) => void
}) {
  const queryClient = useQueryClient()
  const { dispute } = detail
  const [dialog, setDialog] = useState<'decline' | 'refund' | null>(null)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OPS_KEYS.dispute(dispute.id) }),
      queryClient.invalidateQueries({ queryKey: OPS_KEYS.disputeQueues }),
      queryClient.invalidateQueries({ queryKey: OPS_KEYS.approvals }),
    ])
  const review = useMutation({
    mutationFn: () => reviewDispute(dispute.id),
    onSuccess: async () => {
      onResult({ tone: 'success', message: TEXT.inReview })
      await refresh()
    },
  })
  const decline = useMutation({
    mutationFn: (note: string) => declineDispute(dispute.id, note),
    onSuccess: async () => {
      onResult({ tone: 'success', message: TEXT.declined })
      await refresh()
    },
  })
  const refund = useMutation({
    mutationFn: (body: { amount: string; note: string }) => proposeRefund(dispute.id, body),
    onSuccess: async (proposal) => {
      onResult({ tone: proposalTone(proposal), message: proposalOutcomeText(proposal) })
      await refresh()
    },
  })

  const mayWork = mayDo(operator.role, 'workDispute')
  const mayRefund = mayDo(operator.role, 'proposeMoney')
  const resolved = dispute.status === 'resolved'
  return (
    <Card>
      <CardHeader>
        <CardHeading>{TEXT.actionsTitle}</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-2">
        {!mayWork ? (
          <p className="text-sm text-muted-foreground">{TEXT.readOnly}</p>
        ) : resolved ? (
          <p className="text-sm text-muted-foreground">{TEXT.resolvedNoActions}</p>
        ) : (
          <>
            {review.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorText(review.error)}
              </p>
            ) : null}
            {dispute.status === 'open' ? (
              <Button
                type="button"
                needsNetwork
                disabled={review.isPending}
                onClick={() => review.mutate()}
              >
                {review.isPending ? TEXT.takingIntoReview : TEXT.takeIntoReview}
              </Button>
            ) : null}
            {mayRefund ? (
              <Button
                type="button"
                variant={dispute.status === 'open' ? 'outline' : 'default'}
                onClick={() => setDialog('refund')}
              >
                {TEXT.proposeRefund}
              </Button>
            ) : null}
            <Button type="button" variant="outline" onClick={() => setDialog('decline')}>
              {TEXT.decline}
            </Button>
          </>
        )}
        <ReasonDialog
          open={dialog === 'decline'}
          onOpenChange={(open) => setDialog(open ? 'decline' : null)}
          title={TEXT.declineTitle}
          description={TEXT.declineText}
          label={TEXT.declineNote}
          submitLabel={TEXT.declineSubmit}
          destructive
          onConfirm={(note) => decline.mutateAsync(note)}
          testId="ops-decline-dialog"
        />
        <RefundDialog
          open={dialog === 'refund'}
          onOpenChange={(open) => setDialog(open ? 'refund' : null)}
          transaction={dispute.transaction}
          onConfirm={(body) => refund.mutateAsync(body)}
        />
      </CardContent>
    </Card>
  )
}

/** Timeline events have no id; their place in the server's order is theirs. */
function withPosition<T>(item: T, position: number): T & { position: number } {
  return { ...item, position }
}

function TimelineCard({ timeline }: { timeline: DisputeDetail['timeline'] }) {
  return (
    <Card>
      <CardHeader>
        <CardHeading>{TEXT.timelineTitle}</CardHeading>
      </CardHeader>
      <CardContent>
        {timeline.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXT.timelineEmpty}</p>
        ) : (
          <ol className="grid gap-4 border-l pl-4" data-testid="ops-timeline">
            {timeline.map(withPosition).map((event) => (
              <li key={event.position} className="relative text-sm">
                <span
                  aria-hidden="true"
                  className="absolute -left-[1.3125rem] top-1.5 size-2.5 rounded-full bg-primary"
                />
                <p className="font-medium">{humanise(event.kind)}</p>
                <p className="text-xs text-muted-foreground">
                  {formatOpsDate(event.createdAt)} · {TEXT.actors[event.actor]}
                  {event.operator ? ` (${event.operator})` : ''}
                </p>
                {event.note ? (
                  <p className="mt-1 whitespace-pre-wrap wrap-break-word">{event.note}</p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

function ProposalsCard({ proposals }: { proposals: readonly MoneyProposal[] }) {
  return (
    <Card>
      <CardHeader>
        <CardHeading>{TEXT.proposalsTitle}</CardHeading>
      </CardHeader>
      <CardContent>
        {proposals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXT.proposalsEmpty}</p>
        ) : (
          <ul className="grid gap-3">
            {proposals.map((proposal) => (
              <li key={proposal.id} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {OPS_TEXT.proposalKinds[proposal.kind]}{' '}
                    <span className="amount">
                      {formatDirectedAmount(proposal.amount, proposal.currency, proposal.direction)}
                    </span>
                  </span>
                  {proposal.status === 'pending' ? (
                    <Badge variant="warning">{TEXT.awaitingApproval}</Badge>
                  ) : (
                    <ProposalStatusBadge status={proposal.status} />
                  )}
                </div>
                <p className="wrap-break-word">{proposal.reason}</p>
                <p className="text-xs text-muted-foreground">
                  {OPS_TEXT.approvals.proposedBy}: {proposal.proposedBy} ·{' '}
                  {formatOpsDate(proposal.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
