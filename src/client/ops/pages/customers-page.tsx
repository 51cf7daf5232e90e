import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { OPS_PATHS } from '#shared/client-routes.ts'
import { customerSearchQuerySchema } from '#shared/schemas/ops.ts'
import { FrozenBadge } from '../components/badges.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { QueryState } from '../components/query-state.tsx'
import { ReasonDialog } from '../components/reason-dialog.tsx'
import { OPS_TEXT } from '../messages.ts'
import { type CustomerSummary, OPS_KEYS, openCustomerRecord, searchCustomers } from '../ops-api.ts'
import { formatOpsDate, orDash } from '../ops-format.ts'
import { customerPath } from '../ops-routes.ts'

const TEXT = OPS_TEXT.customers

/**
 * Finding a customer by e-mail, phone, username, transaction reference or virtual account
 * number. The search is in the address (`?q=`) so Back returns to the results; opening a
 * record asks for a reason first, which the server logs.
 */
export function CustomersPage() {
  const q = new URLSearchParams(useSearch()).get('q')?.trim() ?? ''
  const [, navigate] = useLocation()
  const inputId = useId()
  const [typed, setTyped] = useState(q)
  // Back and Forward change the search in the address: the field follows it.
  const [searched, setSearched] = useState(q)
  if (searched !== q) {
    setSearched(q)
    setTyped(q)
  }
  const [problem, setProblem] = useState<string | null>(null)
  const [opening, setOpening] = useState<CustomerSummary | null>(null)
  const queryClient = useQueryClient()
  const valid = customerSearchQuerySchema.safeParse({ q }).success
  const results = useQuery({
    queryKey: OPS_KEYS.customers(q),
    queryFn: () => searchCustomers(q),
    enabled: valid,
  })
  const open = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => openCustomerRecord(id, reason),
    onSuccess: (record) => {
      queryClient.setQueryData(OPS_KEYS.customer(record.customer.id), record)
      navigate(customerPath(record.customer.id))
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = customerSearchQuerySchema.safeParse({ q: typed })
    if (!parsed.success) {
      setProblem(TEXT.queryTooShort)
      return
    }
    setProblem(null)
    navigate(`${OPS_PATHS.customers}?${new URLSearchParams({ q: parsed.data.q })}`)
  }

  const columns: readonly Column<CustomerSummary>[] = [
    {
      key: 'name',
      header: TEXT.name,
      cell: (customer) => (
        <>
          <span className="block font-medium">{customer.name}</span>
          <span className="block text-xs text-muted-foreground">@{customer.username}</span>
        </>
      ),
    },
    {
      key: 'email',
      header: TEXT.email,
      cell: (customer) => <span className="wrap-break-word">{orDash(customer.email)}</span>,
    },
    { key: 'phone', header: TEXT.phone, cell: (customer) => orDash(customer.phoneNumber) },
    { key: 'tier', header: TEXT.tier, numeric: true, cell: (customer) => customer.kycTier },
    {
      key: 'joined',
      header: TEXT.joined,
      cell: (customer) => formatOpsDate(customer.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      header: TEXT.status,
      cell: (customer) => <FrozenBadge frozen={customer.frozen} />,
    },
    {
      key: 'open',
      header: TEXT.open,
      cell: (customer) => (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`${TEXT.open}: ${customer.name}`}
          onClick={() => setOpening(customer)}
        >
          {TEXT.open}
        </Button>
      ),
    },
  ]

  return (
    <OpsPage title={TEXT.title}>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <TextField
          id={inputId}
          label={TEXT.searchLabel}
          hint={TEXT.searchHint}
          type="search"
          autoComplete="off"
          value={typed}
          error={problem ?? undefined}
          onChange={(event) => {
            setTyped(event.target.value)
            setProblem(null)
          }}
          className="min-w-0 flex-1 basis-72"
        />
        <Button type="submit" className="mt-6" disabled={results.isFetching}>
          <Search aria-hidden="true" />
          {results.isFetching ? TEXT.searching : TEXT.searchSubmit}
        </Button>
      </form>
      {valid ? (
        results.data ? (
          <DataTable
            caption={TEXT.title}
            columns={columns}
            rows={results.data}
            rowKey={(customer) => customer.id}
            empty={TEXT.empty}
            testId="ops-customer-results"
          />
        ) : (
          <QueryState query={results} />
        )
      ) : null}
      <ReasonDialog
        open={opening !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpening(null)
        }}
        title={TEXT.openTitle(opening?.name ?? '')}
        description={TEXT.openText}
        label={TEXT.reason}
        submitLabel={TEXT.openSubmit}
        pendingLabel={TEXT.opening}
        onConfirm={(reason) => open.mutateAsync({ id: opening?.id ?? '', reason })}
        testId="ops-open-record-dialog"
      />
    </OpsPage>
  )
}
