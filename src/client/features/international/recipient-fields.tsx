import { Info } from 'lucide-react'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { InternationalMethod } from '#shared/schemas/international.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import { useInternationalMessages } from './messages.ts'
import { FIELDS_BY_METHOD, type RecipientField, type RecipientValues } from './recipient-values.ts'

type MessageKey = Parameters<ReturnType<typeof useInternationalMessages>>[0]

const FIELD_LOOKS: Readonly<
  Record<
    RecipientField,
    {
      label: MessageKey
      placeholder: MessageKey
      autoComplete: string
      inputMode?: 'tel' | 'text'
      maxLength: number
    }
  >
> = {
  fullName: {
    label: 'fullName',
    placeholder: 'fullNamePlaceholder',
    autoComplete: 'off',
    maxLength: 100,
  },
  bankName: {
    label: 'bankName',
    placeholder: 'bankNamePlaceholder',
    autoComplete: 'off',
    maxLength: 100,
  },
  accountNumber: {
    label: 'accountNumber',
    placeholder: 'accountNumberPlaceholder',
    autoComplete: 'off',
    maxLength: 42,
  },
  swiftCode: {
    label: 'swiftCode',
    placeholder: 'swiftCodePlaceholder',
    autoComplete: 'off',
    maxLength: 11,
  },
  phoneNumber: {
    label: 'phoneNumber',
    placeholder: 'phonePlaceholder',
    autoComplete: 'off',
    inputMode: 'tel',
    maxLength: 24,
  },
  walletProvider: {
    label: 'walletProvider',
    placeholder: 'walletProviderPlaceholder',
    autoComplete: 'off',
    maxLength: 50,
  },
}

/** The saved recipients that fit this country and method, to fill the form in with one tap. */
export function SavedRecipientChoices({
  recipients,
  onUse,
  disabled,
}: {
  recipients: readonly Recipient[]
  onUse: (recipient: Recipient) => void
  disabled: boolean
}) {
  const t = useInternationalMessages()
  if (recipients.length === 0) return null
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="text-sm font-medium">{t('savedRecipients')}</p>
      <ul className="flex flex-wrap gap-2" data-testid="saved-international-choices">
        {recipients.map((recipient) => {
          const account = recipient.accountNumber ?? recipient.phoneNumber ?? ''
          return (
            <li key={recipient.id} className="min-w-0 max-w-full">
              <button
                type="button"
                disabled={disabled}
                onClick={() => onUse(recipient)}
                aria-label={t('useRecipient', { name: recipient.name, account })}
                className="flex max-w-full min-w-0 flex-col items-start rounded-lg border bg-card px-3 py-2 text-left text-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                <span className="max-w-full font-medium wrap-break-word">{recipient.name}</span>
                <span className="max-w-full text-xs text-muted-foreground wrap-anywhere">
                  {account}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** The recipient's details the method needs, each with its own validation message. */
export function RecipientFields({
  method,
  values,
  errorOf,
  onChange,
  disabled,
}: {
  method: InternationalMethod
  values: RecipientValues
  /** The message to show under a field, when it has one. */
  errorOf: (field: RecipientField) => string | undefined
  onChange: (field: RecipientField, value: string) => void
  disabled: boolean
}) {
  const t = useInternationalMessages()
  return (
    <div className="grid grid-cols-1 gap-4">
      {FIELDS_BY_METHOD[method].map((field) => {
        const look = FIELD_LOOKS[field]
        const label =
          field === 'phoneNumber' && method === 'mobile_wallet' ? t('mobileNumber') : t(look.label)
        return (
          <TextField
            key={field}
            id={`international-${field}`}
            label={label}
            placeholder={t(look.placeholder)}
            autoComplete={look.autoComplete}
            inputMode={look.inputMode}
            maxLength={look.maxLength}
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
            error={errorOf(field)}
            hint={field === 'phoneNumber' ? t('phoneHint') : undefined}
            disabled={disabled}
          />
        )
      })}
      {method === 'cash_pickup' ? (
        <p className="flex items-start gap-2 rounded-lg bg-secondary px-3 py-2.5 text-sm text-secondary-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('cashPickupNote')}
        </p>
      ) : null}
    </div>
  )
}
