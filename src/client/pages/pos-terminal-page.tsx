import { BarChart3, History, ShoppingCart } from 'lucide-react'
import { PageHeader } from '#client/components/page-header.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { usePosMessages } from '#client/features/pos/messages.ts'
import { NewSale } from '#client/features/pos/new-sale.tsx'
import { SalesAnalytics } from '#client/features/pos/sales-analytics.tsx'
import { SalesHistory } from '#client/features/pos/sales-history.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

function PosTerminalContent() {
  const t = usePosMessages()
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-5xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/"
          backLabel={t('back')}
        />
        <Tabs defaultValue="new-sale">
          <TabsList>
            <TabsTrigger value="new-sale">
              <ShoppingCart className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabNewSale')}
            </TabsTrigger>
            <TabsTrigger value="history">
              <History className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabHistory')}
            </TabsTrigger>
            <TabsTrigger value="analytics">
              <BarChart3 className="size-4 max-sm:hidden" aria-hidden="true" />
              {t('tabAnalytics')}
            </TabsTrigger>
          </TabsList>
          {/* New Sale stays mounted: a QR sale waiting at the counter outlives a look at the history. */}
          <TabsContent value="new-sale" forceMount className="data-[state=inactive]:hidden">
            <NewSale />
          </TabsContent>
          <TabsContent value="history">
            <SalesHistory />
          </TabsContent>
          <TabsContent value="analytics">
            <SalesAnalytics />
          </TabsContent>
        </Tabs>
      </div>
    </AppShell>
  )
}

/** `/pos-terminal`: the business's point of sale: new sale, sales history, analytics. */
export function PosTerminalPage() {
  return (
    <RequireSignedIn>
      <PosTerminalContent />
    </RequireSignedIn>
  )
}
