import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { Link, useLocation, useSearch } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { OPS_PATHS } from '#shared/client-routes.ts'
import { DISPUTE_STATUSES, type DisputeStatus } from '#shared/schemas/dispute-states.ts'
import { DisputeStatusBadge } from '../components/badges.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { QueryState } from '../components/query-state.tsx'
import { OPS_TEXT } from '../messages.ts'
import { type DisputeSummary, fetchDisputes, OPS_KEYS } from '../ops-api.ts'
import { formatDirectedAmount, formatOpsDate } from '../ops-format.ts'
import { disputePath } from '../ops-routes.ts'

const TEXT = OPS_TEXT.queue

function statusFromSearch(search: string): DisputeStatus {
  const status = new URLSearchParams(search).get('status')
  return DISPUTE_STATUSES.find((known) => known === status) ?? 'open'
}

const COLUMNS: readonly Column<DisputeSummary>[] = [
  {
    key: 'reference',
    header: TEXT.reference,
    cell: (dispute) => (
      <Link
        href={disputePath(dispute.id)}
        className="font-mono font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {dispute.reference}
      </Link>
    ),
  },
  {
    key: 'reason',
    header: TEXT.reason,
    cell: (dispute) => OPS_TEXT.disputeReasons[dispute.reason],
  },
  {
    key: 'customer',
    header: TEXT.customer,
    cell: (dispute) => (
      <>
        <span className="block">{dispute.customer.name}</span>
        {dispute.customer.email ? (
          <span className="block text-xs text-muted-foreground wrap-break-word">
            {dispute.customer.email}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'amount',
    header: TEXT.amount,
    numeric: true,
    cell: (dispute) =>
      formatDirectedAmount(
        dispute.transaction.amount,
        dispute.transaction.currency,
        dispute.transaction.direction,
      ),
  },
  {
    key: 'opened',
    header: TEXT.opened,
    cell: (dispute) => formatOpsDate(dispute.createdAt),
    className: 'whitespace-nowrap',
  },
  {
    key: 'updated',
    header: TEXT.updated,
    cell: (dispute) => formatOpsDate(dispute.updatedAt),
    className: 'whitespace-nowrap',
  },
  {
    key: 'status',
    header: TEXT.status,
    cell: (dispute) => <DisputeStatusBadge status={dispute.status} outcome={dispute.outcome} />,
  },
]

/** The dispute queue: open, in review and resolved, each a tab; a row opens the dispute. */
export function DisputeQueuePage() {
  const status = statusFromSearch(useSearch())
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const fetching = useIsFetching({ queryKey: OPS_KEYS.disputes(status) }) > 0
  return (
    <OpsPage
      title={TEXT.title}
      actions={
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fetching}
          onClick={() =>
            void queryClient.invalidateQueries({ queryKey: OPS_KEYS.disputes(status) })
          }
        >
          <RefreshCw aria-hidden="true" />
          {OPS_TEXT.refresh}
        </Button>
      }
    >
      <Tabs
        value={status}
        onValueChange={(next) => navigate(`${OPS_PATHS.disputes}?status=${next}`)}
        activationMode="manual"
      >
        <TabsList aria-label={TEXT.tabsLabel} className="max-w-md">
          {DISPUTE_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {OPS_TEXT.disputeStatuses[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {DISPUTE_STATUSES.map((value) => (
          <TabsContent key={value} value={value}>
            <QueueTable status={value} />
          </TabsContent>
        ))}
      </Tabs>
    </OpsPage>
  )
}

function QueueTable({ status }: { status: DisputeStatus }) {
  const disputes = useQuery({
    queryKey: OPS_KEYS.disputes(status),
    queryFn: () => fetchDisputes(status),
  })
  return disputes.data ? (
    <DataTable
      caption={`${TEXT.title}: ${OPS_TEXT.disputeStatuses[status]}`}
      columns={COLUMNS}
      rows={disputes.data}
      rowKey={(dispute) => dispute.id}
      empty={TEXT.empty}
      testId="ops-dispute-queue"
    />
  ) : (
    <QueryState query={disputes} />
  )
}
