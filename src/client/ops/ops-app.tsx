import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { Redirect, Route, Router, Switch } from 'wouter'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { OPS_BASE, OPS_PATHS } from '#shared/client-routes.ts'
import { mayDo, type Operator, type OpsPermission } from '#shared/schemas/ops.ts'
import { OpsErrorBoundary } from './components/ops-error-boundary.tsx'
import { OpsPage } from './components/ops-page.tsx'
import { OpsShell } from './components/ops-shell.tsx'
import { QueryState } from './components/query-state.tsx'
import { OPS_TEXT } from './messages.ts'
import { fetchOperator, OPS_KEYS } from './ops-api.ts'
import { homePathFor } from './ops-routes.ts'
import { opsQueryClient } from './ops-session.ts'
import './ops.css'
import { ApprovalsPage } from './pages/approvals-page.tsx'
import { AuditPage } from './pages/audit-page.tsx'
import { CustomerPage } from './pages/customer-page.tsx'
import { CustomersPage } from './pages/customers-page.tsx'
import { DisputePage } from './pages/dispute-page.tsx'
import { DisputeQueuePage } from './pages/dispute-queue-page.tsx'
import { EnrolPage } from './pages/enrol-page.tsx'
import { IdentityReviewsPage } from './pages/identity-reviews-page.tsx'
import { OperatorsPage } from './pages/operators-page.tsx'
import { PayoutsPage } from './pages/payouts-page.tsx'
import { SignInPage } from './pages/sign-in-page.tsx'

/**
 * The operations console (docs/operations-console.md "The console"): the staff's app under
 * `/ops`, loaded by the entry (main.tsx, through load-ops-app.ts) instead of the customer app, as
 * one chunk of its own.
 * Nothing of the customer app runs here (no customer session, texts, service calls or
 * offline copy), and no customer page imports anything from here.
 */
export function OpsApp() {
  return (
    <OpsErrorBoundary>
      <QueryClientProvider client={opsQueryClient}>
        <Router base={OPS_BASE}>
          <Suspense fallback={<FullPageSpinner />}>
            <Switch>
              <Route path={OPS_PATHS.enrol} component={EnrolPage} />
              <Route>
                <SignedIn />
              </Route>
            </Switch>
          </Suspense>
        </Router>
      </QueryClientProvider>
    </OpsErrorBoundary>
  )
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={OPS_TEXT.loading} />
    </div>
  )
}

/** Who is signed in decides: the sign-in in place of the page asked for, or the console. */
function SignedIn() {
  const me = useQuery({
    queryKey: OPS_KEYS.me,
    queryFn: fetchOperator,
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (me.isPending) return <FullPageSpinner />
  if (me.isError) {
    return (
      <main className="mx-auto max-w-md p-6">
        <QueryState query={me} />
      </main>
    )
  }
  if (!me.data) return <SignInPage />
  return (
    <OpsShell operator={me.data}>
      <ConsoleRoutes operator={me.data} />
    </OpsShell>
  )
}

/** A page only a role allowed to use it sees; the server refuses the rest anyway. */
function Allowed({
  operator,
  permission,
  children,
}: {
  operator: Operator
  permission: OpsPermission
  children: ReactNode
}) {
  if (mayDo(operator.role, permission)) return children
  return <NotFound />
}

function NotFound() {
  return (
    <OpsPage title={OPS_TEXT.notFoundTitle}>
      <p className="text-sm text-muted-foreground">{OPS_TEXT.notFoundText}</p>
    </OpsPage>
  )
}

function ConsoleRoutes({ operator }: { operator: Operator }) {
  return (
    <Switch>
      <Route path={OPS_PATHS.home}>
        <Redirect to={homePathFor(operator.role)} replace />
      </Route>
      <Route path={OPS_PATHS.disputes}>
        <Allowed operator={operator} permission="listDisputes">
          <DisputeQueuePage />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.dispute}>
        <Allowed operator={operator} permission="readDispute">
          <DisputePage operator={operator} />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.customers}>
        <Allowed operator={operator} permission="searchCustomers">
          <CustomersPage />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.customer}>
        <Allowed operator={operator} permission="openCustomer">
          <CustomerPage operator={operator} />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.approvals}>
        <Allowed operator={operator} permission="listApprovals">
          <ApprovalsPage operator={operator} />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.payouts}>
        <Allowed operator={operator} permission="listPayouts">
          <PayoutsPage operator={operator} />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.identity}>
        <Allowed operator={operator} permission="reviewIdentity">
          <IdentityReviewsPage />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.operators}>
        <Allowed operator={operator} permission="manageOperators">
          <OperatorsPage operator={operator} />
        </Allowed>
      </Route>
      <Route path={OPS_PATHS.audit}>
        <Allowed operator={operator} permission="readAudit">
          <AuditPage />
        </Allowed>
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  )
}
