import { AlertTriangle } from 'lucide-react'
import { useBankTransferMessages } from './messages.ts'

/**
 * The warning under the account name when the typed name is not the one the bank gave, so the
 * user checks they are paying the right person, with the bank's name one tap away.
 */
export function NameMismatch({
  bankName,
  onUseBankName,
}: {
  /** The holder's name as the bank's enquiry returned it. */
  bankName: string
  onUseBankName: () => void
}) {
  const t = useBankTransferMessages()
  return (
    <div
      role="status"
      className="grid grid-cols-1 gap-1.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
      data-testid="name-mismatch"
    >
      <p className="flex min-w-0 items-start gap-1.5 font-medium">
        <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{t('nameMismatch', { name: bankName })}</span>
      </p>
      <button
        type="button"
        className="w-fit pl-5 text-left font-semibold underline underline-offset-2"
        onClick={onUseBankName}
      >
        {t('useBankName', { name: bankName })}
      </button>
    </div>
  )
}
