import { useState } from 'react'
import { LazyAddFundsDialog } from '#client/components/add-funds/lazy-add-funds-dialog.tsx'
import { BankAccountCard } from '#client/components/funding/bank-account-card.tsx'
import { LazyOpenWalletDialog } from '#client/components/open-wallet/lazy-open-wallet-dialog.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { FrozenBanner } from '#client/features/account-freeze/frozen-banner.tsx'
import { CryptoHoldingsCard } from '#client/features/crypto/crypto-holdings-card.tsx'
import { BusinessTools } from '#client/features/dashboard/business-tools.tsx'
import { CardPromo } from '#client/features/dashboard/card-promo.tsx'
import { isNewAccount } from '#client/features/dashboard/greeting.ts'
import { useDashboardMessages } from '#client/features/dashboard/messages.ts'
import { QuickActions, ServiceTiles } from '#client/features/dashboard/quick-actions.tsx'
import { RecentTransactions } from '#client/features/dashboard/recent-transactions.tsx'
import { WalletStrip } from '#client/features/dashboard/wallet-strip.tsx'
import { WelcomeBanner } from '#client/features/dashboard/welcome-banner.tsx'
import { SavedCard } from '#client/features/pockets/saved-card.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function Dashboard() {
  const { user } = useAuth()
  const t = useDashboardMessages()
  useDocumentTitle(t('pageTitle'))
  const [addFundsOpen, setAddFundsOpen] = useState(false)
  const [openWalletOpen, setOpenWalletOpen] = useState(false)
  // Money lists are only requested for a signed-in user (docs/api.md "Data fetching").
  const enabled = user !== null
  // Every grid names its columns (minmax(0, 1fr)) so a long word can never widen the page.
  return (
    <AppShell>
      <div className="grid grid-cols-1 gap-4 sm:gap-6">
        <FrozenBanner />
        <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <WelcomeBanner
              firstName={user?.firstName ?? null}
              newAccount={isNewAccount(user?.createdAt, Date.now())}
              verified={user ? user.isVerified || user.verificationStatus === 'verified' : false}
              enabled={enabled}
              onAddFunds={() => setAddFundsOpen(true)}
            />
          </div>
          <CardPromo />
        </div>
        {/* The account number sits beside the wallets on a wide screen; on a phone it follows
            the quick actions, which it must not push further down (docs/funding.md). */}
        <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <WalletStrip enabled={enabled} onAddWallet={() => setOpenWalletOpen(true)} />
          </div>
          <BankAccountCard className="order-1 lg:order-none lg:self-start" />
          <div className="min-w-0 lg:col-span-3">
            <QuickActions />
          </div>
          <div className="order-2 min-w-0 lg:order-none lg:col-span-3">
            <ServiceTiles />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <RecentTransactions enabled={enabled} />
          </div>
          <div className="grid grid-cols-1 content-start gap-4 sm:gap-6">
            <SavedCard enabled={enabled} />
            <CryptoHoldingsCard enabled={enabled} />
            <BusinessTools />
          </div>
        </div>
      </div>
      <LazyAddFundsDialog open={addFundsOpen} onOpenChange={setAddFundsOpen} />
      <LazyOpenWalletDialog open={openWalletOpen} onOpenChange={setOpenWalletOpen} />
    </AppShell>
  )
}

/** The signed-in home page at `/` (docs/screens.md "Dashboard"). */
export function DashboardPage() {
  return (
    <RequireSignedIn>
      <Dashboard />
    </RequireSignedIn>
  )
}
