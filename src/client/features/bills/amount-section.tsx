import { AlertTriangle } from 'lucide-react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { amountPlaceholder } from '#client/lib/amount-input.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { BillFormValues } from './bill-pay-form-schema.ts'
import { useBillMessages } from './messages.ts'

/**
 * What is paid: the amount, the NGN wallet it comes from with its balance, a warning when the
 * balance is short, and the summary of amount, fee and total (docs/transfers.md "Bills": no fee).
 * Its parts sit straight in the form's grid, beside the other sections, so it is a fragment.
 */
export function AmountSection({
  form,
  wallets,
  walletsFailed,
  walletsLoading,
  wallet,
  amount,
  shortfall,
  quickAmounts,
  fixedPrice = false,
  pending,
}: {
  form: UseFormReturn<BillFormValues>
  wallets: readonly Wallet[]
  walletsFailed: boolean
  walletsLoading: boolean
  wallet: Wallet | undefined
  /** The amount typed so far, when it can be paid. */
  amount: Money | null
  shortfall: Money | null
  /** Whole-naira amounts offered as one tap (airtime), or none. */
  quickAmounts?: readonly string[] | undefined
  /** The amount is a package's price, set by the package chosen, not typed. */
  fixedPrice?: boolean
  pending: boolean
}) {
  const t = useBillMessages()
  const { errors } = form.formState
  const shownAmount = amount ? formatAmount(amount, { code: amount.asset, symbol: '₦' }) : null
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <TextField
            id="bill-amount"
            label={t('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={amountPlaceholder()}
            error={errors.amount?.message}
            disabled={pending}
            readOnly={fixedPrice}
            {...form.register('amount')}
          />
          {quickAmounts ? (
            <fieldset className="flex flex-wrap gap-2" aria-label={t('quickAmounts')}>
              {quickAmounts.map((naira) => (
                <Button
                  key={naira}
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={pending}
                  onClick={() =>
                    form.setValue('amount', naira, {
                      shouldValidate: form.formState.isSubmitted,
                      shouldDirty: true,
                    })
                  }
                >
                  <span className="amount">
                    {formatAmount(`${naira}.00`, { code: 'NGN', symbol: '₦' })}
                  </span>
                </Button>
              ))}
            </fieldset>
          ) : null}
        </div>
        <div className="grid content-start gap-2">
          <Controller
            control={form.control}
            name="walletId"
            render={({ field }) => (
              <WalletSelect
                id="bill-wallet"
                label={t('wallet')}
                placeholder={t('walletPlaceholder')}
                wallets={wallets}
                value={field.value}
                onChange={field.onChange}
                error={
                  errors.walletId?.message ?? (walletsFailed ? t('walletsUnavailable') : undefined)
                }
                disabled={pending || walletsLoading}
              />
            )}
          />
          <p className="text-xs text-muted-foreground" data-testid="bill-wallet-balance">
            {wallet ? t('available', { balance: formatWalletBalance(wallet) }) : t('walletNgnOnly')}
          </p>
        </div>
      </div>

      {shortfall && wallet ? (
        <p
          role="status"
          className="flex items-start gap-1.5 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 dark:bg-amber-950/40 dark:text-amber-300"
          data-testid="bill-shortfall"
        >
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t('shortfall', {
            shortfall: formatAmount(shortfall, wallet.currency),
            balance: formatWalletBalance(wallet),
          })}
        </p>
      ) : null}

      {shownAmount ? (
        <dl
          className="grid grid-cols-1 gap-2 rounded-lg border p-3 text-sm"
          data-testid="bill-summary"
        >
          <SummaryRow label={t('summaryAmount')} value={shownAmount} />
          <SummaryRow label={t('summaryFee')} value={t('summaryFeeFree')} />
          <div className="border-t" />
          <SummaryRow label={t('summaryTotal')} value={shownAmount} strong />
        </dl>
      ) : null}
    </>
  )
}
