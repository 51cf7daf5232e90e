import { useCallback, useState } from 'react'
import { ApiError } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'

/**
 * The failure a settings dialog shows inside itself (wrong password, money still in a wallet):
 * the server's own words, else the fallback. A lapsed session is not the dialog's business:
 * it gets the app's usual "Unauthorized" toast and the sign-in page.
 */
export function useDialogError(fallback: { title: string; message: string }) {
  const [message, setMessage] = useState<string | null>(null)
  const showErrorToast = useShowErrorToast()
  const { title, message: fallbackMessage } = fallback
  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHORIZED') {
        showErrorToast(error, { title, message: fallbackMessage })
        setMessage(null)
        return
      }
      setMessage(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : fallbackMessage,
      )
    },
    [showErrorToast, title, fallbackMessage],
  )
  const clear = useCallback(() => setMessage(null), [])
  return { message, report, clear }
}
