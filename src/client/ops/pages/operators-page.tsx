import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx'
import { ChoiceSelect } from '#client/components/ui/choice-select.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { copyText } from '#client/lib/copy-text.ts'
import {
  addOperatorRequestSchema,
  OPERATOR_ROLES,
  type Operator,
  type OperatorRole,
} from '#shared/schemas/ops.ts'
import { CardHeading } from '../components/card-heading.tsx'
import { type Column, DataTable } from '../components/data-table.tsx'
import { OpsPage } from '../components/ops-page.tsx'
import { Outcome, type OutcomeTone } from '../components/outcome.tsx'
import { QueryState } from '../components/query-state.tsx'
import { OPS_TEXT } from '../messages.ts'
import {
  type AddedOperator,
  addOperator,
  fetchOperators,
  OPS_KEYS,
  updateOperator,
} from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import { formatOpsDate } from '../ops-format.ts'

const TEXT = OPS_TEXT.operators

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPS_TEXT.roles[role] }))

function isRole(value: string): value is OperatorRole {
  return OPERATOR_ROLES.some((role) => role === value)
}

/** An enrolment link as one can paste it anywhere: absolute, on this console's origin. */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href
  } catch {
    return url
  }
}

/**
 * Operators and their roles (admin): add one (their one-time enrolment link is shown once),
 * change a role, disable or enable. An admin does not change or disable themselves here, so the
 * console always keeps someone who can.
 */
export function OperatorsPage({ operator: me }: { operator: Operator }) {
  const queryClient = useQueryClient()
  const operators = useQuery({ queryKey: OPS_KEYS.operators, queryFn: fetchOperators })
  const [result, setResult] = useState<{ tone: OutcomeTone; message: string } | null>(null)
  const [added, setAdded] = useState<AddedOperator | null>(null)
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { role?: OperatorRole; active?: boolean } }) =>
      updateOperator(id, body),
    onSuccess: async (operator, { body }) => {
      const message =
        body.role !== undefined
          ? TEXT.roleChanged(operator.name, OPS_TEXT.roles[operator.role])
          : operator.active
            ? TEXT.enabledDone(operator.name)
            : TEXT.disabledDone(operator.name)
      setResult({ tone: 'success', message })
      await queryClient.invalidateQueries({ queryKey: OPS_KEYS.operators })
    },
    onError: (error) => setResult({ tone: 'error', message: errorText(error) }),
  })

  const columns: readonly Column<Operator>[] = [
    {
      key: 'name',
      header: TEXT.name,
      cell: (operator) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-medium">{operator.name}</span>
          {operator.id === me.id ? <Badge variant="secondary">{TEXT.you}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'email',
      header: TEXT.email,
      cell: (operator) => <span className="wrap-break-word">{operator.email}</span>,
    },
    {
      key: 'role',
      header: TEXT.role,
      cell: (operator) =>
        operator.id === me.id ? (
          OPS_TEXT.roles[operator.role]
        ) : (
          <RoleSelect
            operator={operator}
            disabled={update.isPending}
            onChange={(role) => update.mutate({ id: operator.id, body: { role } })}
          />
        ),
    },
    {
      key: 'status',
      header: TEXT.status,
      cell: (operator) => (
        <span className="inline-flex flex-wrap gap-1">
          <Badge variant={operator.active ? 'success' : 'neutral'}>
            {operator.active ? TEXT.active : TEXT.disabled}
          </Badge>
          {operator.enrolled ? null : <Badge variant="warning">{TEXT.notEnrolled}</Badge>}
        </span>
      ),
    },
    {
      key: 'lastSignIn',
      header: TEXT.lastSignIn,
      cell: (operator) =>
        operator.lastSignInAt ? formatOpsDate(operator.lastSignInAt) : TEXT.never,
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      header: TEXT.actions,
      cell: (operator) =>
        operator.id === me.id ? null : (
          <Button
            type="button"
            size="sm"
            variant={operator.active ? 'outline' : 'secondary'}
            disabled={update.isPending}
            aria-label={`${operator.active ? TEXT.disable : TEXT.enable}: ${operator.name}`}
            onClick={() => update.mutate({ id: operator.id, body: { active: !operator.active } })}
          >
            {operator.active ? TEXT.disable : TEXT.enable}
          </Button>
        ),
    },
  ]

  return (
    <OpsPage title={TEXT.title}>
      <Outcome
        tone={result?.tone ?? 'neutral'}
        message={result?.message ?? null}
        testId="ops-outcome"
      />
      {added ? <AddedCard added={added} onDismiss={() => setAdded(null)} /> : null}
      {operators.data ? (
        <DataTable
          caption={TEXT.title}
          columns={columns}
          rows={operators.data}
          rowKey={(operator) => operator.id}
          empty={TEXT.empty}
          testId="ops-operators"
        />
      ) : (
        <QueryState query={operators} />
      )}
      <AddOperatorCard
        onAdded={async (answer) => {
          setResult(null)
          setAdded(answer)
          await queryClient.invalidateQueries({ queryKey: OPS_KEYS.operators })
        }}
      />
    </OpsPage>
  )
}

function RoleSelect({
  operator,
  disabled,
  onChange,
}: {
  operator: Operator
  disabled: boolean
  onChange: (role: OperatorRole) => void
}) {
  const id = useId()
  return (
    <ChoiceSelect
      id={id}
      label={TEXT.roleOf(operator.name)}
      hideLabel
      className="min-w-36"
      value={operator.role}
      options={ROLE_OPTIONS}
      disabled={disabled}
      onChange={(value) => {
        if (isRole(value) && value !== operator.role) onChange(value)
      }}
    />
  )
}

type AddErrors = { name?: string; email?: string }

function AddOperatorCard({ onAdded }: { onAdded: (added: AddedOperator) => Promise<void> }) {
  const ids = { name: useId(), email: useId(), role: useId() }
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OperatorRole>('support')
  const [errors, setErrors] = useState<AddErrors>({})
  const add = useMutation({
    mutationFn: addOperator,
    onSuccess: async (answer) => {
      setName('')
      setEmail('')
      setRole('support')
      await onAdded(answer)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = addOperatorRequestSchema.safeParse({ name, email: email.trim(), role })
    if (!parsed.success) {
      const found: AddErrors = {}
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') found.name = TEXT.nameRequired
        if (issue.path[0] === 'email') found.email = TEXT.emailInvalid
      }
      setErrors(found)
      return
    }
    setErrors({})
    add.mutate(parsed.data)
  }

  return (
    <Card>
      <CardHeader>
        <CardHeading>{TEXT.addTitle}</CardHeading>
        <CardDescription>{TEXT.addText}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormAlert message={add.isError ? errorText(add.error) : null} />
          <div className="grid gap-4 md:grid-cols-3">
            <TextField
              id={ids.name}
              label={TEXT.addName}
              autoComplete="off"
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              id={ids.email}
              label={TEXT.addEmail}
              type="email"
              autoComplete="off"
              value={email}
              error={errors.email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <ChoiceSelect
              id={ids.role}
              label={TEXT.addRole}
              value={role}
              options={ROLE_OPTIONS}
              onChange={(value) => {
                if (isRole(value)) setRole(value)
              }}
            />
          </div>
          <Button type="submit" className="w-fit" disabled={add.isPending}>
            {add.isPending ? TEXT.adding : TEXT.addSubmit}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function AddedCard({ added, onDismiss }: { added: AddedOperator; onDismiss: () => void }) {
  const url = absoluteUrl(added.enrolmentUrl, window.location.origin)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  return (
    <Card role="status" className="border-primary/40" data-testid="ops-enrolment-link">
      <CardHeader>
        <CardHeading>{TEXT.addedTitle(added.operator.name)}</CardHeading>
        <CardDescription>{TEXT.addedText}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <span className="text-sm font-medium">{TEXT.enrolmentLink}</span>
        <code className="rounded-md border bg-muted px-3 py-2 font-mono text-sm wrap-anywhere">
          {url}
        </code>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            size="sm"
            onClick={() => void copyText(url).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
          >
            <Copy aria-hidden="true" />
            {copy === 'copied' ? TEXT.copied : TEXT.copyLink}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
            {OPS_TEXT.close}
          </Button>
          {copy === 'failed' ? (
            <span className="text-sm text-destructive">{TEXT.copyFailed}</span>
          ) : null}
        </div>
      </CardContent>
    </Card>
  )
}
