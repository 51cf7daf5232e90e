import { CreditCard, QrCode, ShoppingBag } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { requestAmountText } from '#client/entities/payment-requests/request-format.ts'
import { TransactionSkeletons } from '#client/entities/transactions/transaction-skeletons.tsx'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { PosSale } from '#shared/schemas/pos.ts'
import { usePosSales } from '../../entities/pos/pos-api.ts'
import { usePosMessages } from './messages.ts'
import { formatSaleTime } from './pos-format.ts'
import { salePaymentText } from './sale-format.ts'
import { SaleStatusBadge } from './sale-status-badge.tsx'

const SKELETON_ROWS = 4

function SaleRow({ sale, nowMs }: { sale: PosSale; nowMs: number }) {
  const t = usePosMessages()
  const Icon = sale.method === 'qr' ? QrCode : CreditCard
  const content = (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {/* The amount sits beside the description and the details run under both: beside a
          column of amount and status, the words had too little room on a phone. */}
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <span className="max-w-full flex-1 basis-32 font-medium wrap-break-word">
            {localizeServerText(sale.description)}
          </span>
          <span className="ml-auto flex flex-col items-end gap-1">
            <span className="amount font-semibold">{requestAmountText(sale)}</span>
            <SaleStatusBadge sale={sale} nowMs={nowMs} />
          </span>
        </span>
        <span
          className="block text-sm text-muted-foreground wrap-break-word"
          data-testid="pos-sale-customer"
        >
          {sale.customer.name ?? t('walkIn')}
        </span>
        <span className="block text-xs text-muted-foreground">
          {salePaymentText(sale, t)} · {formatSaleTime(sale.completedAt ?? sale.createdAt)}
        </span>
      </span>
    </>
  )
  return (
    <li data-testid="pos-sale-row">
      {sale.transactionId ? (
        <Link
          href={`/transactions/${sale.transactionId}`}
          className="flex items-start gap-3 rounded-lg px-2 py-3 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {content}
        </Link>
      ) : (
        <div className="flex items-start gap-3 px-2 py-3">{content}</div>
      )}
    </li>
  )
}

/** Sales History: the business's real sales, newest first, with status and customer. */
export function SalesHistory() {
  const t = usePosMessages()
  const { isAuthenticated } = useAuth()
  const sales = usePosSales({ enabled: isAuthenticated })
  // One clock reading per mount keeps every row's "expired" judgement consistent.
  const [nowMs] = useState(() => Date.now())

  return (
    <Card>
      <section aria-labelledby="sales-history-heading" className="p-5">
        <h2 id="sales-history-heading" className="text-base font-semibold">
          {t('historyHeading')}
        </h2>
        <div className="mt-2">
          {sales.isPending ? (
            <TransactionSkeletons count={SKELETON_ROWS} label={t('loadingSales')} />
          ) : sales.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3 py-4">
              <p className="text-sm text-muted-foreground">{t('salesUnavailable')}</p>
              <Button variant="outline" size="sm" onClick={() => void sales.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : sales.data.length === 0 ? (
            <div className="flex flex-col items-center px-4 py-8 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <ShoppingBag className="size-5" aria-hidden="true" />
              </span>
              <p className="mt-3 font-semibold">{t('noSales')}</p>
              <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('noSalesText')}</p>
            </div>
          ) : (
            <ul className="-mx-2 divide-y">
              {sales.data.map((sale) => (
                <SaleRow key={sale.id} sale={sale} nowMs={nowMs} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  )
}
