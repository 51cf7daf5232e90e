import { AlertTriangle } from 'lucide-react'
import type { FieldErrors, UseFormReturn } from 'react-hook-form'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { amountPlaceholder } from '#client/lib/amount-input.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { BankTransferCost } from './bank-transfer-cost.ts'
import type { BankTransferFormValues } from './bank-transfer-form-schema.ts'
import { CostSummary } from './cost-summary.tsx'
import { useBankTransferMessages } from './messages.ts'

/**
 * What is sent: the amount with the balance check under it, what it is for, and what it costs
 * with the fee on top. Like the account section, its fields go straight into the form's grid.
 */
export function AmountSection({
  form,
  errors,
  wallet,
  cost,
  shortfall,
  pending,
}: {
  form: UseFormReturn<BankTransferFormValues>
  errors: FieldErrors<BankTransferFormValues>
  wallet: Wallet | undefined
  cost: BankTransferCost | null
  /** How much more than the wallet holds the total takes, when it does. */
  shortfall: Money | null
  pending: boolean
}) {
  const t = useBankTransferMessages()
  return (
    <>
      <div className="grid grid-cols-1 gap-2">
        <TextField
          id="bank-transfer-amount"
          label={t('amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={amountPlaceholder()}
          error={errors.amount?.message}
          disabled={pending}
          {...form.register('amount')}
        />
        {shortfall && wallet && cost ? (
          <p
            role="status"
            className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
            data-testid="insufficient-balance"
          >
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {t('insufficient', {
              total: formatAmount(cost.total, wallet.currency),
              balance: formatWalletBalance(wallet),
              shortfall: formatAmount(shortfall, wallet.currency),
            })}
          </p>
        ) : null}
      </div>

      <TextField
        id="bank-transfer-description"
        label={t('description')}
        autoComplete="off"
        maxLength={DESCRIPTION_MAX_LENGTH}
        placeholder={t('descriptionPlaceholder')}
        error={errors.description?.message}
        disabled={pending}
        {...form.register('description')}
      />

      <CostSummary wallet={wallet} cost={cost} />
    </>
  )
}
