import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react'
import { ApiError } from '#client/lib/api.ts'
import { useBankTransferMessages } from './messages.ts'

/**
 * What the name enquiry says under the account number: whose account it is, why it could not
 * tell (with a retry, unless the bank does not know the account), or that it is still asking.
 */
export function AccountLookupStatus({
  checking,
  resolvedName,
  error,
  onRetry,
}: {
  checking: boolean
  resolvedName: string | null
  error: Error | null
  onRetry: () => void
}) {
  const t = useBankTransferMessages()
  if (resolvedName) {
    return (
      <p
        className="flex items-center gap-1.5 rounded-lg bg-secondary px-3 py-2 text-sm font-medium text-secondary-foreground"
        data-testid="resolved-account-name"
      >
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{t('accountHolder', { name: resolvedName })}</span>
      </p>
    )
  }
  if (error) {
    const missing = error instanceof ApiError && error.status === 404
    // No bank partner is connected: say so, rather than suggest the account is at fault.
    const unavailable = error instanceof ApiError && error.code === 'PROVIDER_UNAVAILABLE'
    return (
      <div
        role="alert"
        className="flex items-start justify-between gap-3 rounded-lg border border-destructive/30 bg-red-50 px-3 py-2 text-xs font-medium text-destructive dark:bg-red-950/40"
        data-testid="account-lookup-error"
      >
        <p className="flex min-w-0 items-start gap-1.5">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {missing
              ? t('accountNotFound')
              : unavailable
                ? t('bankTransfersUnavailable')
                : t('accountCheckFailed')}
          </span>
        </p>
        {missing ? null : (
          <button type="button" className="shrink-0 underline underline-offset-2" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    )
  }
  if (checking) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
        <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('checkingAccount')}
      </p>
    )
  }
  return null
}
