import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { useReceiveMessages } from '#client/features/receive/messages.ts'
import { PaymentRequestList } from '#client/features/receive/payment-request-list.tsx'
import { ReceiveMoneyForm } from '#client/features/receive/receive-money-form.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function ReceiveMoneyContent() {
  const t = useReceiveMessages()
  return (
    <AppShell>
      <div className="mx-auto grid w-full max-w-5xl grid-cols-1">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <div className="grid grid-cols-1 gap-4 sm:gap-6">
          <ReceiveMoneyForm />
          <PaymentRequestList />
        </div>
      </div>
    </AppShell>
  )
}

/** `/receive-money`: ask for money with a link, the share sheet or a QR code (docs/screens.md). */
export function ReceiveMoneyPage() {
  return (
    <RequireSignedIn>
      <ReceiveMoneyContent />
    </RequireSignedIn>
  )
}
