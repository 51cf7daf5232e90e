import * as SelectPrimitive from '@radix-ui/react-select'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import type { Bank } from '../../entities/banks/use-banks.ts'
import { useBankTransferMessages } from './messages.ts'

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

function countryName(t: BankTransferMessages, country: string): string {
  if (country === 'NG') return t('countryNG')
  if (country === 'ZA') return t('countryZA')
  if (country === 'KE') return t('countryKE')
  return country
}

/** The banks by country, in the order the server lists them, each country under one heading. */
function groupByCountry(
  banks: readonly Bank[],
): { country: string; currency: string; banks: Bank[] }[] {
  const groups: { country: string; currency: string; banks: Bank[] }[] = []
  for (const bank of banks) {
    const group = groups.find((candidate) => candidate.country === bank.country)
    if (group) group.banks.push(bank)
    else groups.push({ country: bank.country, currency: bank.currency, banks: [bank] })
  }
  return groups
}

/**
 * The bank choice, grouped by country with the currency each country's banks receive, so the
 * user sees which wallet a bank can be paid from before choosing it.
 */
export function BankSelect({
  id,
  banks,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string
  banks: readonly Bank[]
  value: string
  onChange: (bankCode: string) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const t = useBankTransferMessages()
  const messageId = `${id}-message`
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{t('bank')}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled ?? false}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
        >
          <SelectValue placeholder={t('bankPlaceholder')} />
        </SelectTrigger>
        <SelectContent>
          {groupByCountry(banks).map((group) => (
            <SelectPrimitive.Group key={group.country}>
              <SelectPrimitive.Label className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground">
                {t('bankGroup', {
                  country: countryName(t, group.country),
                  currency: group.currency,
                })}
              </SelectPrimitive.Label>
              {group.banks.map((bank) => (
                <SelectItem key={bank.code} value={bank.code}>
                  {bank.name}
                </SelectItem>
              ))}
            </SelectPrimitive.Group>
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
