import { QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { ErrorBoundary } from '#client/components/error-boundary.tsx'
import { InitCall } from '#client/components/init-call.tsx'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { SettingsSync } from '#client/features/settings/settings-sync.tsx'
import { queryClient } from '#client/lib/query-client.ts'
import { CLIENT_ROUTES } from '#shared/client-routes.ts'

// Every page is its own chunk so the landing page ships only what it shows
// (docs/performance.md "Page weight").
const LandingPage = lazy(() =>
  import('#client/pages/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
)
const DashboardPage = lazy(() =>
  import('#client/pages/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
)
const DemoDashboardPage = lazy(() =>
  import('#client/pages/demo-dashboard-page.tsx').then((m) => ({ default: m.DemoDashboardPage })),
)
const MinimalPage = lazy(() =>
  import('#client/pages/minimal-page.tsx').then((m) => ({ default: m.MinimalPage })),
)
const LogoSamplePage = lazy(() =>
  import('#client/pages/logo-sample-page.tsx').then((m) => ({ default: m.LogoSamplePage })),
)
const CardPage = lazy(() =>
  import('#client/pages/card-page.tsx').then((m) => ({ default: m.CardPage })),
)
const TestPage = lazy(() =>
  import('#client/pages/test-page.tsx').then((m) => ({ default: m.TestPage })),
)
const SignInPage = lazy(() =>
  import('#client/pages/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })),
)
const SignUpPage = lazy(() =>
  import('#client/pages/sign-up-page.tsx').then((m) => ({ default: m.SignUpPage })),
)
const SendMoneyPage = lazy(() =>
  import('#client/pages/send-money-page.tsx').then((m) => ({ default: m.SendMoneyPage })),
)
const SabiTransferPage = lazy(() =>
  import('#client/pages/sabi-transfer-page.tsx').then((m) => ({ default: m.SabiTransferPage })),
)
const BankTransferPage = lazy(() =>
  import('#client/pages/bank-transfer-page.tsx').then((m) => ({ default: m.BankTransferPage })),
)
const TransactionDetailsPage = lazy(() =>
  import('#client/pages/transaction-details-page.tsx').then((m) => ({
    default: m.TransactionDetailsPage,
  })),
)
const TransactionsPage = lazy(() =>
  import('#client/pages/transactions-page.tsx').then((m) => ({ default: m.TransactionsPage })),
)
const ExchangePage = lazy(() =>
  import('#client/pages/exchange-page.tsx').then((m) => ({ default: m.ExchangePage })),
)
const BillPayPage = lazy(() =>
  import('#client/pages/bill-pay-page.tsx').then((m) => ({ default: m.BillPayPage })),
)
const CryptoPurchasePage = lazy(() =>
  import('#client/pages/crypto-purchase-page.tsx').then((m) => ({ default: m.CryptoPurchasePage })),
)
const TransferOptionsPage = lazy(() =>
  import('#client/pages/transfer-options-page.tsx').then((m) => ({
    default: m.TransferOptionsPage,
  })),
)
const TransferGlobalPage = lazy(() =>
  import('#client/pages/transfer-global-page.tsx').then((m) => ({ default: m.TransferGlobalPage })),
)
const InternationalTransferPage = lazy(() =>
  import('#client/pages/international-transfer-page.tsx').then((m) => ({
    default: m.InternationalTransferPage,
  })),
)
const ReceiveMoneyPage = lazy(() =>
  import('#client/pages/receive-money-page.tsx').then((m) => ({ default: m.ReceiveMoneyPage })),
)
const PayPage = lazy(() =>
  import('#client/pages/pay-page.tsx').then((m) => ({ default: m.PayPage })),
)
const PosTerminalPage = lazy(() =>
  import('#client/pages/pos-terminal-page.tsx').then((m) => ({ default: m.PosTerminalPage })),
)
const ProfilePage = lazy(() =>
  import('#client/pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
)
const LimitsPage = lazy(() =>
  import('#client/pages/limits-page.tsx').then((m) => ({ default: m.LimitsPage })),
)
const SettingsPage = lazy(() =>
  import('#client/pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
)
const VerifyReceiptPage = lazy(() =>
  import('#client/pages/verify-receipt-page.tsx').then((m) => ({ default: m.VerifyReceiptPage })),
)
const NotFoundPage = lazy(() =>
  import('#client/pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
)

/** `/` is the landing page for a visitor and the dashboard once signed in (docs/screens.md). */
function Home() {
  const { isAuthenticated, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  return isAuthenticated ? <DashboardPage /> : <LandingPage />
}

/** The route table of docs/screens.md "Routes", in one place. */
function Routes() {
  return (
    <Switch>
      <Route path={CLIENT_ROUTES.home} component={Home} />
      <Route path={CLIENT_ROUTES.dashboard} component={DemoDashboardPage} />
      <Route path={CLIENT_ROUTES.signIn} component={SignInPage} />
      <Route path={CLIENT_ROUTES.signUp} component={SignUpPage} />
      <Route path={CLIENT_ROUTES.test} component={TestPage} />
      <Route path={CLIENT_ROUTES.minimal} component={MinimalPage} />
      <Route path={CLIENT_ROUTES.logoSample} component={LogoSamplePage} />
      <Route path={CLIENT_ROUTES.card} component={CardPage} />
      <Route path={CLIENT_ROUTES.profile} component={ProfilePage} />
      <Route path={CLIENT_ROUTES.sendMoney} component={SendMoneyPage} />
      <Route path={CLIENT_ROUTES.sabiTransfer} component={SabiTransferPage} />
      <Route path={CLIENT_ROUTES.transferOptions} component={TransferOptionsPage} />
      <Route path={CLIENT_ROUTES.transactions} component={TransactionsPage} />
      <Route path={CLIENT_ROUTES.transactionDetails} component={TransactionDetailsPage} />
      <Route path={CLIENT_ROUTES.bankTransfer} component={BankTransferPage} />
      <Route path={CLIENT_ROUTES.exchange} component={ExchangePage} />
      <Route path={CLIENT_ROUTES.billPay} component={BillPayPage} />
      <Route path={CLIENT_ROUTES.cryptoPurchase} component={CryptoPurchasePage} />
      <Route path={CLIENT_ROUTES.transferGlobal} component={TransferGlobalPage} />
      <Route path={CLIENT_ROUTES.internationalTransfer} component={InternationalTransferPage} />
      <Route path={CLIENT_ROUTES.sendMoneyInternational} component={InternationalTransferPage} />
      <Route path={CLIENT_ROUTES.receiveMoney} component={ReceiveMoneyPage} />
      <Route path={CLIENT_ROUTES.pay} component={PayPage} />
      <Route path={CLIENT_ROUTES.posTerminal} component={PosTerminalPage} />
      <Route path={CLIENT_ROUTES.settings} component={SettingsPage} />
      <Route path={CLIENT_ROUTES.limits} component={LimitsPage} />
      <Route path={CLIENT_ROUTES.verify} component={VerifyReceiptPage} />
      <Route path={CLIENT_ROUTES.verifyReceipt} component={VerifyReceiptPage} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <InitCall />
        <SettingsSync />
        <Suspense fallback={<PageSpinner />}>
          <Routes />
        </Suspense>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
