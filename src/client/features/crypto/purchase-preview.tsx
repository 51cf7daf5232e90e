import { AlertTriangle } from 'lucide-react'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { formatCryptoQuantity } from '#client/lib/format-amount.ts'
import type { Cryptocurrency, Wallet } from '#shared/schemas/reference.ts'
import { formatUsdPrice } from './crypto-quantity.ts'
import type { CostEstimate } from './estimate-cost.ts'
import { useCryptoMessages } from './messages.ts'

/**
 * What the purchase comes to before it is sent: the coins it buys (amount ÷ price, 8 decimals,
 * truncated as the server does; docs/exchange-and-crypto.md "Buying crypto"), the unit price, the
 * cost in the paying currency, and a warning when the paying wallet holds less than the cost.
 */
export function PurchasePreview({
  crypto,
  quantity,
  estimate,
  costText,
  shortWallet,
}: {
  crypto: Cryptocurrency
  /** The coins the amount buys, or null while it buys none. */
  quantity: string | null
  estimate: CostEstimate | null
  /** The cost with the paying currency's symbol, when it is known. */
  costText: string | null
  /** The paying wallet, when it holds less than the cost. */
  shortWallet: Wallet | undefined
}) {
  const t = useCryptoMessages()
  return (
    <div className="grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground">{t('previewHeading')}</h3>
      <dl className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="font-semibold">{t('youReceive')}</dt>
          <dd
            className="amount ml-auto text-right text-base font-bold"
            data-testid="crypto-preview"
          >
            {t('quantity', { amount: formatCryptoQuantity(quantity ?? '0'), code: crypto.code })}
          </dd>
        </div>
        <SummaryRow
          label={t('unitPrice')}
          value={t('unitPriceValue', {
            code: crypto.code,
            price: formatUsdPrice(crypto.price),
          })}
          testId="crypto-unit-price"
        />
        {costText ? (
          <SummaryRow
            label={t('youPay')}
            value={estimate?.approximate ? t('youPayApprox', { amount: costText }) : costText}
            strong
            testId="crypto-cost"
          />
        ) : null}
      </dl>
      {shortWallet ? (
        <p
          role="status"
          className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
        >
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t('overBalance', { balance: formatWalletBalance(shortWallet) })}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('priceNote')}</p>
    </div>
  )
}
