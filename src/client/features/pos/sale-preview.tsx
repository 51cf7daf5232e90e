import { Card } from '#client/components/ui/card.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { requestAmountText } from '#client/entities/payment-requests/request-format.ts'
import { cn } from '#client/lib/cn.ts'
import { countryOfFlagEmoji } from '#client/lib/flag-country.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import { localizeServerText } from '#client/lib/server-texts.ts'
import type { PosSale } from '#shared/schemas/pos.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { usePosMessages } from './messages.ts'
import { salePaymentText } from './sale-format.ts'
import { SaleStatusBadge } from './sale-status-badge.tsx'

export type TypedSale = {
  amount: string | null
  wallet: Wallet | null
  description: string
  customer: string | null
  payment: string
}

/**
 * The sale preview (docs/screens.md "POS terminal screen"): what is being rung up, as the customer
 * will be charged; right after a sale completes, that sale, which is what Print Receipt then
 * prints.
 */
export function SalePreview({ sale, typed }: { sale: PosSale | null; typed: TypedSale }) {
  const t = usePosMessages()
  const amount = sale ? requestAmountText(sale) : typed.amount
  const walletText = sale
    ? t('previewWalletValue', { code: sale.currency.code })
    : typed.wallet
      ? t('previewWalletValue', { code: typed.wallet.currency.code })
      : t('previewNone')
  return (
    <Card>
      <section aria-labelledby="sale-preview-heading" className="grid gap-4 p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 id="sale-preview-heading" className="text-base font-semibold">
            {sale ? t('lastSaleHeading') : t('previewHeading')}
          </h2>
          {sale ? <SaleStatusBadge sale={sale} nowMs={Date.now()} /> : null}
        </div>
        <div className="rounded-xl bg-secondary px-4 py-5 text-center text-secondary-foreground">
          <p className="text-xs font-medium opacity-80">{t('previewAmount')}</p>
          <p
            className={cn('amount mt-1 font-bold', headlineAmountSize(amount ?? ''))}
            data-testid="sale-preview-amount"
          >
            {amount ?? '—'}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-2 text-sm" data-testid="sale-preview">
          <SummaryRow
            label={t('previewWallet')}
            value={walletText}
            flag={
              !sale && typed.wallet ? countryOfFlagEmoji(typed.wallet.currency.flagEmoji) : null
            }
            text
          />
          <SummaryRow
            label={t('previewDescription')}
            value={localizeServerText(sale ? sale.description : typed.description)}
            text
          />
          <SummaryRow
            label={t('previewCustomer')}
            value={(sale ? sale.customer.name : typed.customer) ?? t('walkIn')}
            text
          />
          <SummaryRow
            label={t('previewPayment')}
            value={sale ? salePaymentText(sale, t) : typed.payment}
            text
          />
        </dl>
        {sale ? <p className="text-xs text-muted-foreground">{t('lastSaleNote')}</p> : null}
      </section>
    </Card>
  )
}
