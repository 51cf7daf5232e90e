import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { mayDo, type Operator } from '#shared/schemas/ops.ts'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome, type OutcomeTone } from '../components/outcome.tsx'
import { QueryState } from '../components/query-state.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import {
  failPayout,
  fetchStuckPayouts,
  OPS_KEYS,
  retryPayout,
  type StuckPayout,
} from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import { formatOpsAmount, formatOpsDate, humanise } from '../ops-format.ts'
import { proposalOutcomeText, proposalTone } from '../proposals.ts'

const TEXT = OPS_TEXT.payouts

/**
 * Payouts the worker could not finish (held for review, or still unanswered): retry one, or
 * mark it failed, which refunds the customer under the four-eyes rule.
 */
export function PayoutsPage({ operator }: { operator: Operator }) {
  const queryClient = useQueryClient()
  const payouts = useQuery({ queryKey: OPS_KEYS.payouts, queryFn: fetchStuckPayouts })
  const [failing, setFailing] = useState<StuckPayout | null>(null)
  const [result, setResult] = useState<{ tone: OutcomeTone; message: string } | null>(null)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OPS_KEYS.payouts }),
      queryClient.invalidateQueries({ queryKey: OPS_KEYS.approvals }),
    ])
  const retry = useMutation({
    mutationFn: (payout: StuckPayout) => retryPayout(payout.id),
    onSuccess: async () => {
      setResult({ tone: 'success', message: TEXT.retried })
      await refresh()
    },
    onError: (error) => setResult({ tone: 'error', message: errorText(error) }),
  })
  const fail = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => failPayout(id, reason),
    onSuccess: async (proposal) => {
      setResult({ tone: proposalTone(proposal), message: proposalOutcomeText(proposal) })
      await refresh()
    },
  })
  const mayAct = mayDo(operator.role, 'retryPayout')

  const columns: readonly Column<StuckPayout>[] = [
    {
      key: 'customer',
      header: TEXT.customer,
      cell: (payout) => (
        <>
          <span className="block">{payout.customer.name}</span>
          <span className="block whitespace-nowrap font-mono text-xs text-muted-foreground">
            {payout.transactionReference}
          </span>
        </>
      ),
    },
    {
      key: 'kind',
      header: TEXT.kind,
      cell: (payout) => `${humanise(payout.kind)} · ${humanise(payout.provider)}`,
    },
    { key: 'status', header: TEXT.status, cell: (payout) => humanise(payout.status) },
    {
      key: 'amount',
      header: TEXT.amount,
      numeric: true,
      cell: (payout) => formatOpsAmount(payout.amount, payout.currency),
    },
    { key: 'attempts', header: TEXT.attempts, numeric: true, cell: (payout) => payout.attempts },
    {
      key: 'created',
      header: TEXT.created,
      cell: (payout) => formatOpsDate(payout.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'nextCheck',
      header: TEXT.nextCheck,
      cell: (payout) => formatOpsDate(payout.nextCheckAt),
      className: 'whitespace-nowrap',
    },
    ...(mayAct
      ? [
          {
            key: 'actions',
            header: TEXT.actions,
            cell: (payout: StuckPayout) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  needsNetwork
                  disabled={retry.isPending && retry.variables.id === payout.id}
                  aria-label={`${TEXT.retry}: ${payout.transactionReference}`}
                  onClick={() => retry.mutate(payout)}
                >
                  {retry.isPending && retry.variables.id === payout.id ? TEXT.retrying : TEXT.retry}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  aria-label={`${TEXT.fail}: ${payout.transactionReference}`}
                  onClick={() => setFailing(payout)}
                >
                  {TEXT.fail}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ]

  return (
    <OpsPage
      title={TEXT.title}
      description={TEXT.description}
      actions={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={payouts.isFetching}
          onClick={() => void payouts.refetch()}
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
      {payouts.data ? (
        <DataTable
          caption={TEXT.title}
          columns={columns}
          rows={payouts.data}
          rowKey={(payout) => payout.id}
          empty={TEXT.empty}
          testId="ops-payouts"
        />
      ) : (
        <QueryState query={payouts} />
      )}
      <ReasonDialog
        open={failing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setFailing(null)
        }}
        title={TEXT.failTitle}
        description={TEXT.failText}
        label={TEXT.failReason}
        submitLabel={TEXT.failSubmit}
        destructive
        onConfirm={(reason) => fail.mutateAsync({ id: failing?.id ?? '', reason })}
        testId="ops-fail-payout-dialog"
      />
    </OpsPage>
  )
}
