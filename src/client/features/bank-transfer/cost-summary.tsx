import { Info } from 'lucide-react'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import type { Wallet } from '#shared/schemas/reference.ts'
import { type BankTransferCost, bankFeePercentText } from './bank-transfer-cost.ts'
import { useBankTransferMessages } from './messages.ts'
import { withSymbol } from './wallet-amount-text.ts'

/**
 * What the transfer costs (docs/money.md "Fees"): the amount, the fee and the total that leaves
 * the wallet, once there is an amount to price, above a note on the fee that is always shown.
 */
export function CostSummary({
  wallet,
  cost,
}: {
  wallet: Wallet | undefined
  cost: BankTransferCost | null
}) {
  const t = useBankTransferMessages()
  const feePercent = bankFeePercentText()
  return (
    <div className="grid gap-3 rounded-xl border p-4 text-sm">
      {cost && wallet ? (
        <dl className="grid gap-2" data-testid="bank-transfer-summary">
          <SummaryRow
            label={t('summaryAmount')}
            value={withSymbol(wallet, cost.amount)}
            testId="bank-summary-amount"
          />
          <SummaryRow
            label={t('summaryFee', { percent: feePercent })}
            value={withSymbol(wallet, cost.fee)}
            testId="bank-summary-fee"
          />
          <div className="border-t" />
          <SummaryRow
            label={t('summaryTotal')}
            value={withSymbol(wallet, cost.total)}
            strong
            testId="bank-summary-total"
          />
        </dl>
      ) : null}
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {t('feeNote', { percent: feePercent })}
      </p>
    </div>
  )
}
