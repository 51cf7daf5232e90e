import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { userFullName } from '#client/entities/user/user-display.ts'
import { cn } from '#client/lib/cn.ts'
import { countryOfFlagEmoji } from '#client/lib/flag-country.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { headlineAmountSize } from '#client/lib/headline-amount-size.ts'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { Money } from '#shared/money.ts'
import { DEFAULT_REQUEST_DESCRIPTION } from '#shared/schemas/payment-requests.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useReceiveMessages } from './messages.ts'

/**
 * What the payer will see (docs/screens.md "Receive Money screen"): the amount, the wallet it goes
 * to, the description (the default one when there is none) and the user's own name.
 */
export function RequestPreview({
  wallet,
  amount,
  description,
}: {
  wallet: Wallet | undefined
  /** The typed amount, when it is a valid amount of the wallet's currency. */
  amount: Money | null
  /** The description as it will be sent: trimmed, empty when there is none. */
  description: string
}) {
  const t = useReceiveMessages()
  const { user } = useAuth()
  const shownAmount = wallet && amount ? formatAmount(amount, wallet.currency) : null
  const recipientName = userFullName(user) || (user ? `@${user.username}` : '')
  return (
    <>
      <div className="rounded-xl bg-secondary px-4 py-5 text-center text-secondary-foreground">
        <p className="text-xs font-medium opacity-80">{t('previewAmount')}</p>
        <p
          className={cn('amount mt-1 font-bold', headlineAmountSize(shownAmount ?? ''))}
          data-testid="request-preview-amount"
        >
          {shownAmount ?? '—'}
        </p>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm" data-testid="request-preview">
        <SummaryRow
          label={t('previewWallet')}
          value={
            wallet ? t('previewWalletValue', { code: wallet.currency.code }) : t('previewNone')
          }
          flag={wallet ? countryOfFlagEmoji(wallet.currency.flagEmoji) : null}
          text
        />
        <SummaryRow
          label={t('previewDescription')}
          value={description || localizeServerText(DEFAULT_REQUEST_DESCRIPTION)}
          text
        />
        <SummaryRow label={t('previewRecipient')} value={recipientName} text />
      </dl>
    </>
  )
}
