import { CircleAlert } from 'lucide-react'

/** The form-level failure (wrong password, e-mail taken, too many attempts), announced at once. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  )
}
