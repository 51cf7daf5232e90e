import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { type MoneyProposal, mayDo, type Operator } from '#shared/schemas/ops.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome, type OutcomeTone } from '../components/outcome.tsx'
import { QueryState } from '../components/query-state.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import { approveProposal, fetchApprovals, OPS_KEYS, rejectProposal } from '../ops-api.ts'
import { formatDirectedAmount, formatOpsDate } from '../ops-format.ts'
import { isOwnProposal, proposalOutcomeText, proposalTone } from '../proposals.ts'

const TEXT = OPS_TEXT.approvals

type Decision = { kind: 'approve' | 'reject'; proposal: MoneyProposal }

/** What a proposal is about, its reference kept on one line. */
function About({ proposal }: { proposal: MoneyProposal }) {
  const reference = proposal.disputeReference ?? proposal.transactionReference
  if (!reference) return proposal.payoutId ? TEXT.payout : '—'
  const label = proposal.disputeReference ? TEXT.aboutDispute : TEXT.aboutTransaction
  return (
    <>
      {label} <span className="whitespace-nowrap font-mono text-xs">{reference}</span>
    </>
  )
}

/**
 * The four-eyes inbox (compliance): proposals over the limit, waiting for a second operator.
 * The operator's own proposals say "Needs another operator" and have no Approve or Reject
 * button; the server refuses either anyway, and its words are shown if it does.
 */
export function ApprovalsPage({ operator }: { operator: Operator }) {
  const queryClient = useQueryClient()
  const approvals = useQuery({ queryKey: OPS_KEYS.approvals, queryFn: fetchApprovals })
  const [decision, setDecision] = useState<Decision | null>(null)
  const [result, setResult] = useState<{ tone: OutcomeTone; message: string } | null>(null)
  const decide = useMutation({
    mutationFn: ({ kind, id, note }: { kind: Decision['kind']; id: string; note?: string }) =>
      kind === 'approve' ? approveProposal(id) : rejectProposal(id, note ?? ''),
    onSuccess: async (proposal) => {
      setResult({ tone: proposalTone(proposal), message: proposalOutcomeText(proposal) })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: OPS_KEYS.approvals }),
        queryClient.invalidateQueries({ queryKey: OPS_KEYS.disputeQueues }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'dispute'] }),
        queryClient.invalidateQueries({ queryKey: OPS_KEYS.payouts }),
      ])
    },
  })
  const mayDecide = mayDo(operator.role, 'decideMoney')

  const columns: readonly Column<MoneyProposal>[] = [
    { key: 'kind', header: TEXT.kind, cell: (proposal) => OPS_TEXT.proposalKinds[proposal.kind] },
    { key: 'customer', header: TEXT.customer, cell: (proposal) => proposal.customer.name },
    {
      key: 'amount',
      header: TEXT.amount,
      numeric: true,
      cell: (proposal) =>
        formatDirectedAmount(proposal.amount, proposal.currency, proposal.direction),
    },
    { key: 'reason', header: TEXT.reason, cell: (proposal) => proposal.reason },
    { key: 'about', header: TEXT.about, cell: (proposal) => <About proposal={proposal} /> },
    {
      key: 'proposedBy',
      header: TEXT.proposedBy,
      cell: (proposal) => (
        <>
          <span className="block">{proposal.proposedBy}</span>
          <span className="block text-xs text-muted-foreground">
            {formatOpsDate(proposal.createdAt)}
          </span>
        </>
      ),
    },
    {
      key: 'actions',
      header: TEXT.actions,
      cell: (proposal) => {
        if (!mayDecide) return null
        // The proposer decides neither way: the server refuses both, so neither button shows.
        if (isOwnProposal(proposal, operator)) {
          return <Badge variant="warning">{TEXT.ownProposal}</Badge>
        }
        return (
          <div className="flex flex-wrap items-center gap-2" data-testid="ops-approval-actions">
            <Button
              type="button"
              size="sm"
              aria-label={`${TEXT.approve}: ${proposal.customer.name}, ${proposal.amount} ${proposal.currency}`}
              onClick={() => setDecision({ kind: 'approve', proposal })}
            >
              {TEXT.approve}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={`${TEXT.reject}: ${proposal.customer.name}, ${proposal.amount} ${proposal.currency}`}
              onClick={() => setDecision({ kind: 'reject', proposal })}
            >
              {TEXT.reject}
            </Button>
          </div>
        )
      },
    },
  ]

  const open = decision?.proposal
  return (
    <OpsPage
      title={TEXT.title}
      description={TEXT.description}
      actions={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={approvals.isFetching}
          onClick={() => void approvals.refetch()}
        >
          <RefreshCw aria-hidden="true" />
          {OPS_TEXT.refresh}
        </Button>
      }
    >
      <Outcome
        tone={result?.tone ?? 'neutral'}
        message={result?.message ?? null}
        testId="ops-outcome"
      />
      {approvals.data ? (
        <DataTable
          caption={TEXT.title}
          columns={columns}
          rows={approvals.data}
          rowKey={(proposal) => proposal.id}
          empty={TEXT.empty}
          testId="ops-approvals"
        />
      ) : (
        <QueryState query={approvals} />
      )}
      <ConfirmDialog
        open={decision?.kind === 'approve'}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDecision(null)
        }}
        title={TEXT.approveTitle}
        description={
          open
            ? TEXT.approveText(
                formatDirectedAmount(open.amount, open.currency, open.direction),
                open.customer.name,
              )
            : ''
        }
        confirmLabel={TEXT.approveSubmit}
        onConfirm={() => decide.mutateAsync({ kind: 'approve', id: open?.id ?? '' })}
        testId="ops-approve-dialog"
      />
      <ReasonDialog
        open={decision?.kind === 'reject'}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDecision(null)
        }}
        title={TEXT.rejectTitle}
        description={TEXT.rejectText}
        label={TEXT.rejectNote}
        submitLabel={TEXT.rejectSubmit}
        destructive
        onConfirm={(note) => decide.mutateAsync({ kind: 'reject', id: open?.id ?? '', note })}
        testId="ops-reject-dialog"
      />
    </OpsPage>
  )
}
