import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { BillPay } from '#client/features/bills/bill-pay.tsx'
import { useBillMessages } from '#client/features/bills/messages.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

function BillPayContent() {
  const t = useBillMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-3xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <BillPay />
      </div>
    </AppShell>
  )
}

/** `/bill-pay`: electricity, airtime, internet, TV, insurance, rent, government and tax. */
export function BillPayPage() {
  return (
    <RequireSignedIn>
      <BillPayContent />
    </RequireSignedIn>
  )
}
