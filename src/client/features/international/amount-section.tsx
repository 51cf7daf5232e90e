import { AlertTriangle } from 'lucide-react'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { Card } from '#client/components/ui/card.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { formatWalletBalance } from '#client/entities/wallets/wallet-format.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { amountPlaceholder } from '#client/lib/amount-input.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import type { BalanceShortfall } from './balance-shortfall.ts'
import type { FormProblems, InternationalFormValues } from './international-form-schema.ts'
import { useInternationalMessages } from './messages.ts'
import { QuotePanel } from './quote-panel.tsx'
import type { InternationalQuoteState } from './use-international-quote.ts'

/** What is sent: the wallet it comes from, the amount, the balance check and the live quote. */
export function AmountSection({
  form,
  wallets,
  walletsFailed,
  walletsLoading,
  wallet,
  shortfall,
  quoteState,
  quoteReady,
  problems,
  pending,
}: {
  form: UseFormReturn<InternationalFormValues>
  wallets: readonly Wallet[]
  walletsFailed: boolean
  walletsLoading: boolean
  wallet: Wallet | undefined
  shortfall: BalanceShortfall | null
  quoteState: InternationalQuoteState
  /** A wallet, a country and an amount are there, so a quote is asked for. */
  quoteReady: boolean
  problems: FormProblems
  pending: boolean
}) {
  const t = useInternationalMessages()
  return (
    <Card>
      <section aria-labelledby="amount-heading" className="grid gap-4 p-5">
        <h2 id="amount-heading" className="text-base font-semibold">
          {t('amountHeading')}
        </h2>
        <div className="grid grid-cols-1 gap-2">
          <Controller
            control={form.control}
            name="fromWalletId"
            render={({ field }) => (
              <WalletSelect
                id="international-wallet"
                label={t('fromWallet')}
                placeholder={t('walletPlaceholder')}
                wallets={wallets}
                value={field.value}
                onChange={field.onChange}
                error={problems('fromWalletId')}
                loadFailed={walletsFailed}
                showAvailable
                disabled={pending || walletsLoading}
              />
            )}
          />
        </div>
        <div className="grid grid-cols-1 gap-2">
          <TextField
            id="international-amount"
            label={t('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={amountPlaceholder()}
            error={problems('amount')}
            disabled={pending}
            {...form.register('amount')}
          />
          {shortfall && wallet ? (
            <p
              role="status"
              className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300"
              data-testid="insufficient-balance"
            >
              <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {t('insufficient', {
                total: formatAmount(shortfall.total, wallet.currency),
                balance: formatWalletBalance(wallet),
                shortfall: formatAmount(shortfall.short, wallet.currency),
              })}
            </p>
          ) : null}
        </div>
        <QuotePanel quoteState={quoteState} wallet={wallet} ready={quoteReady} />
      </section>
    </Card>
  )
}
