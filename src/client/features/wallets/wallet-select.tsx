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
}) {
  const t = useWalletMessages()
  const messageId = `${id}-message`
  return (
    <div className={cn('grid grid-cols-1 gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled ?? false}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {wallets.map((wallet) => (
            <SelectItem key={wallet.id} value={wallet.id}>
              <span aria-hidden="true" className="mr-2">
                {wallet.currency.flagEmoji}
              </span>
              {t('walletOption', {
                code: wallet.currency.code,
                balance: formatWalletBalance(wallet),
              })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p id={messageId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
