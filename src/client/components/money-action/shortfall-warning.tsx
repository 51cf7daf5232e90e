import { AlertTriangle } from 'lucide-react'
import { formatAmount } from '#client/lib/format-amount.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useMoneyActionMessages } from './messages.ts'

/**
 * Said in the review, before the PIN, when the wallet cannot pay what the payment takes (amount
 * plus fee): by how much it is short, so nobody types a PIN only to be refused.
 */
export function ShortfallWarning({
  wallet,
  total,
  short,
}: {
  wallet: Wallet
  total: Money
  short: Money
}) {
  const t = useMoneyActionMessages()
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm"
      data-testid="shortfall-warning"
    >
      <p className="flex items-center gap-1.5 font-semibold text-destructive">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t('shortTitle')}
      </p>
      <p>
        {t('shortText', {
          total: formatAmount(total, wallet.currency),
          balance: formatAmount(wallet.balance, wallet.currency),
          short: formatAmount(short, wallet.currency),
        })}
      </p>
    </div>
  )
}
