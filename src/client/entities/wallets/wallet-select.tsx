import { CurrencyFlag } from '#client/components/flag.tsx'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { cn } from '#client/lib/cn.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { useWalletMessages } from './messages.ts'
import { formatWalletBalance } from './wallet-format.ts'

/**
 * A labelled choice of the user's wallets, each with its flag, code and balance, so the user
 * sees what they can spend before they type an amount.
 */
export function WalletSelect({
  id,
  label,
  placeholder,
  wallets,
  value,
  onChange,
  error,
  disabled,
  className,
  showAvailable = false,
  loadFailed = false,
}: {
  id: string
  label: string
  placeholder: string
  wallets: readonly Wallet[]
  value: string
  onChange: (walletId: string) => void
  error?: string | undefined
  disabled?: boolean
  className?: string
  /** Say under the field how much the chosen wallet holds. */
  showAvailable?: boolean
  /** The wallets could not be loaded: say so when there is no other error to show. */
  loadFailed?: boolean
}) {
  const t = useWalletMessages()
  const messageId = `${id}-message`
  const chosen = wallets.find((wallet) => wallet.id === value)
  const message = error ?? (loadFailed ? t('walletsUnavailable') : undefined)
  return (
    <div className={cn('grid grid-cols-1 gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled ?? false}>
        <SelectTrigger
          id={id}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {wallets.map((wallet) => (
            <SelectItem key={wallet.id} value={wallet.id}>
              <CurrencyFlag flagEmoji={wallet.currency.flagEmoji} className="mr-2" />
              {t('walletOption', {
                code: wallet.currency.code,
                balance: formatWalletBalance(wallet),
              })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id={messageId}>{message}</FieldError>
      {showAvailable && chosen ? (
        <p className="text-xs text-muted-foreground" data-testid="wallet-balance">
          {t('available', { balance: formatWalletBalance(chosen) })}
        </p>
      ) : null}
    </div>
  )
}
