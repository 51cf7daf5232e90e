import { Info } from 'lucide-react'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { type BankTransferCost, bankFeePercentText } from './bank-transfer-cost.ts'
import { useBankTransferMessages } from './messages.ts'

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
            value={formatAmount(cost.amount, wallet.currency)}
            testId="bank-summary-amount"
          />
          <SummaryRow
            label={t('summaryFee', { percent: feePercent })}
            value={formatAmount(cost.fee, wallet.currency)}
            testId="bank-summary-fee"
          />
          <div className="border-t" />
          <SummaryRow
            label={t('summaryTotal')}
            value={formatAmount(cost.total, wallet.currency)}
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
