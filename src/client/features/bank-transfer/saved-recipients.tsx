import { Star, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import { useBankRecipients, useForgetRecipient } from '../../entities/banks/use-bank-recipients.ts'
import { useBankTransferMessages } from './messages.ts'

/** How many saved recipients show before "Show all": enough for the regulars, short on a phone. */
const SHOWN_AT_FIRST = 4

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
  return letters || '?'
}

export function recipientBankName(recipient: Recipient, bankNames: ReadonlyMap<string, string>) {
  return (
    recipient.details.bankName ??
    (recipient.bankCode ? bankNames.get(recipient.bankCode) : undefined) ??
    recipient.bankCode ??
    ''
  )
}

/**
 * The bank accounts paid before (docs/transfers.md "Saved recipients"), most recently paid first,
 * the frequent ones marked. Tapping one fills the form; each can be forgotten.
 */
export function SavedRecipients({
  enabled,
  bankNames,
  onUse,
  disabled,
}: {
  enabled: boolean
  bankNames: ReadonlyMap<string, string>
  onUse: (recipient: Recipient) => void
  disabled: boolean
}) {
  const t = useBankTransferMessages()
  const recipients = useBankRecipients({ enabled })
  const forget = useForgetRecipient()
  const showErrorToast = useShowErrorToast()
  const [showAll, setShowAll] = useState(false)
  const items = recipients.data ?? []
  const shown = showAll ? items : items.slice(0, SHOWN_AT_FIRST)

  function forgetRecipient(recipient: Recipient) {
    forget.mutate(recipient.id, {
      onSuccess: () => {
        toast({
          title: t('forgottenTitle'),
          description: t('forgottenText', { name: recipient.name }),
        })
      },
      onError: (error) => {
        showErrorToast(error, { title: t('forgetFailedTitle'), message: t('forgetFailedText') })
      },
    })
  }

  return (
    <Card>
      <section aria-labelledby="saved-recipients-heading" className="p-5">
        <h2 id="saved-recipients-heading" className="text-base font-semibold">
          {t('savedHeading')}
        </h2>
        <div className="mt-3">
          {recipients.isPending ? (
            <div role="status" aria-label={t('savedLoading')} className="grid gap-2">
              <div className="h-14 animate-pulse rounded-xl bg-muted" />
              <div className="h-14 animate-pulse rounded-xl bg-muted" />
            </div>
          ) : recipients.isError ? (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('savedUnavailable')}</p>
              <Button
                variant="outline"
                size="sm"
                disabled={recipients.isFetching}
                onClick={() => {
                  void recipients.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('savedEmpty')}</p>
          ) : (
            <>
              <ul className="grid grid-cols-1 gap-2" data-testid="saved-recipients">
                {shown.map((recipient) => {
                  const bankName = recipientBankName(recipient, bankNames)
                  const forgetting = forget.isPending && forget.variables === recipient.id
                  return (
                    <li
                      key={recipient.id}
                      className="flex items-center gap-1 rounded-xl border bg-card pr-1 transition-colors hover:bg-muted"
                      data-testid="saved-recipient"
                    >
                      <button
                        type="button"
                        disabled={disabled || forgetting}
                        onClick={() => onUse(recipient)}
                        aria-label={t('useRecipient', {
                          name: recipient.name,
                          bank: bankName,
                          account: recipient.accountNumber ?? '',
                        })}
                        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-3 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                      >
                        <span
                          aria-hidden="true"
                          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
                        >
                          {initials(recipient.name)}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                            <span className="min-w-0 text-sm font-semibold wrap-break-word">
                              {recipient.name}
                            </span>
                            {recipient.isFrequent ? (
                              <Badge variant="success" className="shrink-0">
                                <Star className="size-3" aria-hidden="true" />
                                {t('frequent')}
                              </Badge>
                            ) : null}
                          </span>
                          <span className="block text-xs text-muted-foreground wrap-break-word">
                            {bankName} ·{' '}
                            <span className="font-mono">{recipient.accountNumber}</span>
                          </span>
                        </span>
                      </button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={t('forgetRecipient', { name: recipient.name })}
                        disabled={forgetting}
                        onClick={() => forgetRecipient(recipient)}
                        className="text-muted-foreground hover:text-destructive"
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  )
                })}
              </ul>
              {items.length > SHOWN_AT_FIRST ? (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="mt-2 px-0"
                  onClick={() => setShowAll((value) => !value)}
                >
                  {showAll ? t('showFewer') : t('showAll', { count: items.length })}
                </Button>
              ) : null}
            </>
          )}
        </div>
      </section>
    </Card>
  )
}
