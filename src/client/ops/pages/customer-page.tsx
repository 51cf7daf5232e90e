import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link, useParams } from 'wouter'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx'
import { OPS_PATHS } from '#shared/client-routes.ts'
import {
  type CustomerRecord,
  mayDo,
  type Operator,
  type OpsTransaction,
} from '#shared/schemas/ops.ts'
import { AdjustmentDialog } from '../components/adjustment-dialog.tsx'
import { DisputeStatusBadge, FrozenBadge } from '../components/badges.tsx'
import { CardHeading } from '../components/card-heading.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { Facts } from '../components/facts.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome, type OutcomeTone } from '../components/outcome.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { TextAreaField } from '../components/text-area-field.tsx'
import { OPS_TEXT } from '../messages.ts'
import { OPS_KEYS, openCustomerRecord, proposeAdjustment, setCustomerFrozen } from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import {
  formatDirectedAmount,
  formatOpsAmount,
  formatOpsDate,
  humanise,
  orDash,
} from '../ops-format.ts'
import { disputePath } from '../ops-routes.ts'
import { proposalOutcomeText, proposalTone } from '../proposals.ts'
import { reasonProblem } from '../reason.ts'

const TEXT = OPS_TEXT.record

type Result = { tone: OutcomeTone; message: string }

/**
 * A customer's record. It is never read without a reason: opened from the search, it arrives
 * with the answer to that logged request; reached by a link (a dispute's customer), it asks for
 * the reason first. It is kept in memory only while the console is signed in.
 */
export function CustomerPage({ operator }: { operator: Operator }) {
  const { id = '' } = useParams<{ id: string }>()
  const record = useQuery<CustomerRecord>({
    queryKey: OPS_KEYS.customer(id),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const back = (
    <Link
      href={OPS_PATHS.customers}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {TEXT.back}
    </Link>
  )
  if (!record.data) {
    return (
      <OpsPage title={TEXT.needsReasonTitle} actions={back}>
        <OpenRecordCard id={id} />
      </OpsPage>
    )
  }
  return <Record record={record.data} operator={operator} back={back} />
}

function OpenRecordCard({ id }: { id: string }) {
  const queryClient = useQueryClient()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const open = useMutation({
    mutationFn: (text: string) => openCustomerRecord(id, text),
    onSuccess: (record) => queryClient.setQueryData(OPS_KEYS.customer(id), record),
  })

  function submit(event?: FormEvent) {
    event?.preventDefault()
    const found = reasonProblem(reason)
    setProblem(found)
    if (!found) open.mutate(reason.trim())
  }

  return (
    <Card className="max-w-xl">
      <CardContent className="pt-5">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <p className="text-sm text-muted-foreground">{OPS_TEXT.customers.openText}</p>
          <FormAlert message={open.isError ? errorText(open.error) : null} />
          <TextAreaField
            id={reasonId}
            label={OPS_TEXT.customers.reason}
            value={reason}
            maxLength={500}
            error={problem ?? undefined}
            onChange={(event) => {
              setReason(event.target.value)
              setProblem(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault()
                submit()
              }
            }}
          />
          <Button type="submit" className="w-fit" disabled={open.isPending}>
            {open.isPending ? OPS_TEXT.customers.opening : OPS_TEXT.customers.openSubmit}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function Record({
  record,
  operator,
  back,
}: {
  record: CustomerRecord
  operator: Operator
  back: React.ReactNode
}) {
  const { customer } = record
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<'freeze' | 'adjust' | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const freeze = useMutation({
    mutationFn: (reason: string) => setCustomerFrozen(customer.id, !customer.frozen, reason),
    onSuccess: () => {
      const frozen = !customer.frozen
      // The record is not read again (that would be another logged opening): what changed is
      // put into the copy on screen.
      queryClient.setQueryData<CustomerRecord>(OPS_KEYS.customer(customer.id), (current) =>
        current
          ? {
              ...current,
              customer: {
                ...current.customer,
                frozen,
                frozenAt: frozen ? new Date().toISOString() : null,
              },
            }
          : current,
      )
      setResult({ tone: 'success', message: frozen ? TEXT.frozenDone : TEXT.unfrozenDone })
    },
  })
  const adjust = useMutation({
    mutationFn: proposeAdjustment,
    onSuccess: async (proposal) => {
      setResult({ tone: proposalTone(proposal), message: proposalOutcomeText(proposal) })
      await queryClient.invalidateQueries({ queryKey: OPS_KEYS.approvals })
    },
  })
  const mayFreeze = mayDo(operator.role, 'freezeCustomer')
  const mayAdjust = mayDo(operator.role, 'proposeMoney') && record.wallets.length > 0

  return (
    <OpsPage
      title={TEXT.title(customer.name)}
      description={`@${customer.username}`}
      actions={
        <>
          {back}
          {mayFreeze ? (
            <Button
              type="button"
              size="sm"
              variant={customer.frozen ? 'outline' : 'destructive'}
              onClick={() => setDialog('freeze')}
            >
              {customer.frozen ? TEXT.unfreeze : TEXT.freeze}
            </Button>
          ) : null}
          {mayAdjust ? (
            <Button type="button" size="sm" onClick={() => setDialog('adjust')}>
              {TEXT.adjust}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2" data-testid="ops-record-badges">
        <FrozenBadge frozen={customer.frozen} />
        <Badge variant="secondary">
          {TEXT.tier} {customer.kycTier}
        </Badge>
      </div>
      <Outcome
        tone={result?.tone ?? 'neutral'}
        message={result?.message ?? null}
        testId="ops-outcome"
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardHeading>{TEXT.profileTitle}</CardHeading>
          </CardHeader>
          <CardContent>
            <Facts
              items={[
                { label: TEXT.firstName, value: orDash(customer.firstName) },
                { label: TEXT.lastName, value: orDash(customer.lastName) },
                { label: TEXT.username, value: `@${customer.username}` },
                { label: TEXT.email, value: orDash(customer.email) },
                {
                  label: TEXT.phone,
                  value: <span className="whitespace-nowrap">{orDash(customer.phoneNumber)}</span>,
                },
                {
                  label: TEXT.phoneVerified,
                  value: customer.phoneVerified ? OPS_TEXT.yes : OPS_TEXT.no,
                },
                {
                  label: TEXT.twoFactor,
                  value: customer.twoFactorEnabled ? OPS_TEXT.yes : OPS_TEXT.no,
                },
                { label: TEXT.country, value: orDash(customer.country) },
                { label: TEXT.tier, value: String(customer.kycTier) },
                { label: TEXT.verification, value: humanise(customer.verificationStatus) },
                { label: TEXT.joined, value: formatOpsDate(customer.createdAt) },
                ...(customer.frozen
                  ? [{ label: TEXT.frozenSince, value: formatOpsDate(customer.frozenAt) }]
                  : []),
              ]}
            />
          </CardContent>
        </Card>
        <div className="grid grid-cols-1 content-start gap-6">
          <Section title={TEXT.walletsTitle}>
            <DataTable
              caption={TEXT.walletsTitle}
              columns={WALLET_COLUMNS}
              rows={record.wallets}
              rowKey={(wallet) => wallet.id}
              empty={OPS_TEXT.none}
              testId="ops-record-wallets"
            />
          </Section>
          <Section title={TEXT.disputesTitle}>
            <DataTable
              caption={TEXT.disputesTitle}
              columns={DISPUTE_COLUMNS}
              rows={record.disputes}
              rowKey={(dispute) => dispute.id}
              empty={OPS_TEXT.none}
            />
          </Section>
        </div>
      </div>
      <Section title={TEXT.transactionsTitle}>
        <DataTable
          caption={TEXT.transactionsTitle}
          columns={TRANSACTION_COLUMNS}
          rows={record.transactions}
          rowKey={(transaction) => transaction.id}
          empty={OPS_TEXT.none}
          testId="ops-record-transactions"
        />
      </Section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title={TEXT.sessionsTitle}>
          <DataTable
            caption={TEXT.sessionsTitle}
            columns={SESSION_COLUMNS}
            rows={record.sessions}
            rowKey={(session) => `${session.createdAt}-${session.expiresAt}`}
            empty={OPS_TEXT.none}
          />
        </Section>
        <Section title={TEXT.notificationsTitle}>
          <DataTable
            caption={TEXT.notificationsTitle}
            columns={NOTIFICATION_COLUMNS}
            rows={record.notifications.map((notification, index) => ({ ...notification, index }))}
            rowKey={(notification) => String(notification.index)}
            empty={OPS_TEXT.none}
          />
        </Section>
      </div>
      <ReasonDialog
        open={dialog === 'freeze'}
        onOpenChange={(open) => setDialog(open ? 'freeze' : null)}
        title={customer.frozen ? TEXT.unfreezeTitle : TEXT.freezeTitle}
        description={customer.frozen ? TEXT.unfreezeText : TEXT.freezeText}
        label={TEXT.reason}
        submitLabel={customer.frozen ? TEXT.unfreezeSubmit : TEXT.freezeSubmit}
        destructive={!customer.frozen}
        onConfirm={(reason) => freeze.mutateAsync(reason)}
        testId="ops-freeze-dialog"
      />
      <AdjustmentDialog
        open={dialog === 'adjust'}
        onOpenChange={(open) => setDialog(open ? 'adjust' : null)}
        record={record}
        onConfirm={(body) => adjust.mutateAsync(body)}
      />
    </OpsPage>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

const WALLET_COLUMNS: readonly Column<CustomerRecord['wallets'][number]>[] = [
  {
    key: 'currency',
    header: TEXT.currency,
    cell: (wallet) => (
      <span className="inline-flex items-center gap-2">
        {wallet.currency}
        {wallet.isPrimary ? <Badge variant="secondary">{TEXT.primary}</Badge> : null}
      </span>
    ),
  },
  {
    key: 'balance',
    header: TEXT.balance,
    numeric: true,
    cell: (wallet) => formatOpsAmount(wallet.balance, wallet.currency),
  },
]

const DISPUTE_COLUMNS: readonly Column<CustomerRecord['disputes'][number]>[] = [
  {
    key: 'reference',
    header: OPS_TEXT.queue.reference,
    cell: (dispute) => (
      <Link
        href={disputePath(dispute.id)}
        className="font-mono text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {dispute.reference}
      </Link>
    ),
  },
  {
    key: 'reason',
    header: OPS_TEXT.queue.reason,
    cell: (dispute) => OPS_TEXT.disputeReasons[dispute.reason],
  },
  {
    key: 'status',
    header: OPS_TEXT.queue.status,
    cell: (dispute) => <DisputeStatusBadge status={dispute.status} outcome={null} />,
  },
  {
    key: 'opened',
    header: OPS_TEXT.queue.opened,
    cell: (dispute) => formatOpsDate(dispute.createdAt),
    className: 'whitespace-nowrap',
  },
]

const TRANSACTION_COLUMNS: readonly Column<OpsTransaction>[] = [
  {
    key: 'date',
    header: OPS_TEXT.dispute.date,
    cell: (transaction) => formatOpsDate(transaction.createdAt),
    className: 'whitespace-nowrap',
  },
  {
    key: 'reference',
    header: OPS_TEXT.dispute.reference,
    cell: (transaction) => (
      <span className="whitespace-nowrap font-mono text-xs">{transaction.reference}</span>
    ),
  },
  { key: 'type', header: OPS_TEXT.dispute.type, cell: (transaction) => humanise(transaction.type) },
  {
    key: 'description',
    header: OPS_TEXT.dispute.description,
    cell: (transaction) => orDash(transaction.description),
  },
  {
    key: 'amount',
    header: OPS_TEXT.dispute.amount,
    numeric: true,
    cell: (transaction) =>
      formatDirectedAmount(transaction.amount, transaction.currency, transaction.direction),
  },
  {
    key: 'fee',
    header: OPS_TEXT.dispute.fee,
    numeric: true,
    cell: (transaction) => formatOpsAmount(transaction.fee, transaction.currency),
  },
  {
    key: 'status',
    header: OPS_TEXT.dispute.status,
    cell: (transaction) => humanise(transaction.status),
  },
]

const SESSION_COLUMNS: readonly Column<CustomerRecord['sessions'][number]>[] = [
  { key: 'started', header: TEXT.started, cell: (session) => formatOpsDate(session.createdAt) },
  { key: 'expires', header: TEXT.expires, cell: (session) => formatOpsDate(session.expiresAt) },
]

const NOTIFICATION_COLUMNS: readonly Column<
  CustomerRecord['notifications'][number] & { index: number }
>[] = [
  { key: 'kind', header: TEXT.kind, cell: (notification) => humanise(notification.kind) },
  { key: 'sent', header: TEXT.sent, cell: (notification) => formatOpsDate(notification.createdAt) },
]
