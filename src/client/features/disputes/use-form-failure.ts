import { useCallback, useState } from 'react'
import { ApiError } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'

/**
 * The failure a report's sheet shows inside itself (a report already open, too many reports):
 * the server's own words, else the fallback. A lapsed session is not the sheet's business: it
 * gets the app's usual "Unauthorized" toast and the sign-in page.
 */
export function useFormFailure(fallback: { title: string; message: string }) {
  const [message, setMessage] = useState<string | null>(null)
  const showErrorToast = useShowErrorToast()
  const { title, message: fallbackMessage } = fallback
  const report = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
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
