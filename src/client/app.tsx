import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { ErrorBoundary } from '#client/components/error-boundary.tsx'
import { InitCall } from '#client/components/init-call.tsx'
import { lazyPage } from '#client/components/lazy-page.tsx'
import { OfflineNotice } from '#client/components/offline-notice.tsx'
import { OfflineScreen } from '#client/components/offline-screen.tsx'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { LiveUpdates } from '#client/features/notifications/live-updates.tsx'
import { SettingsSync } from '#client/features/settings/settings-sync.tsx'
import { queryClient } from '#client/lib/query-client.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { CLIENT_ROUTES, SANDBOX_CLIENT_ROUTES } from '#shared/client-routes.ts'

// Every page is its own chunk so the landing page ships only what it shows
// (docs/performance.md "Page weight").
const LandingPage = lazyPage(() =>
  import('#client/pages/landing-page.tsx').then((m) => m.LandingPage),
)
const DashboardPage = lazyPage(() =>
  import('#client/pages/dashboard-page.tsx').then((m) => m.DashboardPage),
)
const DemoDashboardPage = lazyPage(() =>
  import('#client/pages/demo-dashboard-page.tsx').then((m) => m.DemoDashboardPage),
)
const MinimalPage = lazyPage(() =>
  import('#client/pages/minimal-page.tsx').then((m) => m.MinimalPage),
)
const LogoSamplePage = lazyPage(() =>
  import('#client/pages/logo-sample-page.tsx').then((m) => m.LogoSamplePage),
)
const CardPage = lazyPage(() => import('#client/pages/card-page.tsx').then((m) => m.CardPage))
const TestPage = lazyPage(() => import('#client/pages/test-page.tsx').then((m) => m.TestPage))
const SignInPage = lazyPage(() =>
  import('#client/pages/sign-in-page.tsx').then((m) => m.SignInPage),
)
const SignUpPage = lazyPage(() =>
  import('#client/pages/sign-up-page.tsx').then((m) => m.SignUpPage),
)
const SendMoneyPage = lazyPage(() =>
  import('#client/pages/send-money-page.tsx').then((m) => m.SendMoneyPage),
)
const SabiTransferPage = lazyPage(() =>
  import('#client/pages/sabi-transfer-page.tsx').then((m) => m.SabiTransferPage),
)
const BankTransferPage = lazyPage(() =>
  import('#client/pages/bank-transfer-page.tsx').then((m) => m.BankTransferPage),
)
const TransactionDetailsPage = lazyPage(() =>
  import('#client/pages/transaction-details-page.tsx').then((m) => m.TransactionDetailsPage),
)
const TransactionsPage = lazyPage(() =>
  import('#client/pages/transactions-page.tsx').then((m) => m.TransactionsPage),
)
const DisputesPage = lazyPage(() =>
  import('#client/pages/disputes-page.tsx').then((m) => m.DisputesPage),
)
const DisputeDetailsPage = lazyPage(() =>
  import('#client/pages/dispute-details-page.tsx').then((m) => m.DisputeDetailsPage),
)
const ScheduledTransfersPage = lazyPage(() =>
  import('#client/pages/scheduled-transfers-page.tsx').then((m) => m.ScheduledTransfersPage),
)
const ScheduledTransferDetailsPage = lazyPage(() =>
  import('#client/pages/scheduled-transfer-details-page.tsx').then(
    (m) => m.ScheduledTransferDetailsPage,
  ),
)
const PocketsPage = lazyPage(() =>
  import('#client/pages/pockets-page.tsx').then((m) => m.PocketsPage),
)
const ExchangePage = lazyPage(() =>
  import('#client/pages/exchange-page.tsx').then((m) => m.ExchangePage),
)
const BillPayPage = lazyPage(() =>
  import('#client/pages/bill-pay-page.tsx').then((m) => m.BillPayPage),
)
const CryptoPurchasePage = lazyPage(() =>
  import('#client/pages/crypto-purchase-page.tsx').then((m) => m.CryptoPurchasePage),
)
const TransferOptionsPage = lazyPage(() =>
  import('#client/pages/transfer-options-page.tsx').then((m) => m.TransferOptionsPage),
)
const TransferGlobalPage = lazyPage(() =>
  import('#client/pages/transfer-global-page.tsx').then((m) => m.TransferGlobalPage),
)
const InternationalTransferPage = lazyPage(() =>
  import('#client/pages/international-transfer-page.tsx').then((m) => m.InternationalTransferPage),
)
const ReceiveMoneyPage = lazyPage(() =>
  import('#client/pages/receive-money-page.tsx').then((m) => m.ReceiveMoneyPage),
)
const AddFundsReturnPage = lazyPage(() =>
  import('#client/pages/add-funds-return-page.tsx').then((m) => m.AddFundsReturnPage),
)
const PayPage = lazyPage(() => import('#client/pages/pay-page.tsx').then((m) => m.PayPage))
const PosTerminalPage = lazyPage(() =>
  import('#client/pages/pos-terminal-page.tsx').then((m) => m.PosTerminalPage),
)
const ProfilePage = lazyPage(() =>
  import('#client/pages/profile-page.tsx').then((m) => m.ProfilePage),
)
const LimitsPage = lazyPage(() => import('#client/pages/limits-page.tsx').then((m) => m.LimitsPage))
const SettingsPage = lazyPage(() =>
  import('#client/pages/settings-page.tsx').then((m) => m.SettingsPage),
)
const VerifyStatementPage = lazyPage(() =>
  import('#client/pages/verify-statement-page.tsx').then((m) => m.VerifyStatementPage),
)
const VerifyReceiptPage = lazyPage(() =>
  import('#client/pages/verify-receipt-page.tsx').then((m) => m.VerifyReceiptPage),
)
const ResetPasswordPage = lazyPage(() =>
  import('#client/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
)
const FreezePage = lazyPage(() => import('#client/pages/freeze-page.tsx').then((m) => m.FreezePage))
const VerifyEmailPage = lazyPage(() =>
  import('#client/pages/verify-email-page.tsx').then((m) => m.VerifyEmailPage),
)
const SandboxOutboxPage = lazyPage(() =>
  import('#client/pages/sandbox-outbox-page.tsx').then((m) => m.SandboxOutboxPage),
)
const UssdPage = lazyPage(() => import('#client/pages/ussd-page.tsx').then((m) => m.UssdPage))
const NotFoundPage = lazyPage(() =>
  import('#client/pages/not-found-page.tsx').then((m) => m.NotFoundPage),
)

/** `/` is the landing page for a visitor and the dashboard once signed in (docs/screens.md). */
function Home() {
  const { isAuthenticated, isLoading, isUnreachable } = useAuth()
  if (isLoading) return <PageSpinner />
  // Offline with no user stored on this device: signed in or not is unknown (docs/offline.md).
  if (isUnreachable) return <OfflineScreen />
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
      <Route path={CLIENT_ROUTES.disputes} component={DisputesPage} />
      <Route path={CLIENT_ROUTES.disputeDetails} component={DisputeDetailsPage} />
      <Route path={CLIENT_ROUTES.scheduledTransfers} component={ScheduledTransfersPage} />
      <Route path={CLIENT_ROUTES.pockets} component={PocketsPage} />
      <Route
        path={CLIENT_ROUTES.scheduledTransferDetails}
        component={ScheduledTransferDetailsPage}
      />
      <Route path={CLIENT_ROUTES.bankTransfer} component={BankTransferPage} />
      <Route path={CLIENT_ROUTES.exchange} component={ExchangePage} />
      <Route path={CLIENT_ROUTES.billPay} component={BillPayPage} />
      <Route path={CLIENT_ROUTES.cryptoPurchase} component={CryptoPurchasePage} />
      <Route path={CLIENT_ROUTES.transferGlobal} component={TransferGlobalPage} />
      <Route path={CLIENT_ROUTES.internationalTransfer} component={InternationalTransferPage} />
      <Route path={CLIENT_ROUTES.sendMoneyInternational} component={InternationalTransferPage} />
      <Route path={CLIENT_ROUTES.receiveMoney} component={ReceiveMoneyPage} />
      <Route path={CLIENT_ROUTES.addFundsReturn} component={AddFundsReturnPage} />
      <Route path={CLIENT_ROUTES.pay} component={PayPage} />
      <Route path={CLIENT_ROUTES.posTerminal} component={PosTerminalPage} />
      <Route path={CLIENT_ROUTES.settings} component={SettingsPage} />
      <Route path={CLIENT_ROUTES.limits} component={LimitsPage} />
      <Route path={CLIENT_ROUTES.verify} component={VerifyReceiptPage} />
      <Route path={CLIENT_ROUTES.verifyStatement} component={VerifyStatementPage} />
      <Route path={CLIENT_ROUTES.verifyReceipt} component={VerifyReceiptPage} />
      <Route path={CLIENT_ROUTES.resetPassword} component={ResetPasswordPage} />
      <Route path={CLIENT_ROUTES.verifyEmail} component={VerifyEmailPage} />
      {/* The "This wasn't me" link of security alerts. Not yet in CLIENT_ROUTES (src/shared),
          so the server still answers it with a 404 status; the app shows the page all the same. */}
      <Route path={CLIENT_ROUTES.freeze} component={FreezePage} />
      <Route path={CLIENT_ROUTES.sandboxOutbox} component={SandboxOutboxPage} />
      <Route path={SANDBOX_CLIENT_ROUTES.ussd} component={UssdPage} />
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
        <LiveUpdates />
        {/* First in the page, in its own space: it never covers what is under it. */}
        <OfflineNotice />
        <Suspense fallback={<PageSpinner />}>
          <Routes />
        </Suspense>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
