import { useCallback } from 'react'
import { useCommonMessages } from '#client/components/messages.ts'
import { ApiError, isUnauthorizedError, OfflineError } from '#client/lib/api.ts'
import { toast, whenToastRegionShown } from '#client/lib/toast.ts'
import { signInPath } from '#client/lib/use-auth.ts'

/** The toast is read for this long before the browser leaves for the sign-in page. */
export const LOGIN_REDIRECT_DELAY_MS = 500
/**
 * The toast region loads after the first paint (components/ui/toaster.tsx); on a slow phone or
 * network its code can take longer than the toast's 500 ms. The 500 ms count from when it shows,
 * but the user is never held back longer than this for a region that does not come.
 */
const TOAST_REGION_WAIT_MAX_MS = 3000

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`
}

/**
 * The signed-out behaviour (docs/screens.md "Signed-in pages"): a destructive "Unauthorized" toast,
 * then, 500 ms after it is on screen, a full navigation to the server's sign-in path that brings
 * the user back here. The returned function cancels the pending navigation, for effects that
 * unmount first.
 */
export function useUnauthorizedRedirect(): () => () => void {
  const t = useCommonMessages()
  return useCallback(() => {
    toast({
      title: t('unauthorizedTitle'),
      description: t('unauthorizedDescription'),
      variant: 'destructive',
    })
    const returnTo = currentPath()
    let timer: ReturnType<typeof setTimeout> | undefined
    const cancelWait = whenToastRegionShown(() => {
      timer = setTimeout(() => {
        window.location.href = signInPath(returnTo)
      }, LOGIN_REDIRECT_DELAY_MS)
    }, TOAST_REGION_WAIT_MAX_MS)
    return () => {
      cancelWait()
      clearTimeout(timer)
    }
  }, [t])
}

export type ErrorToastFallback = {
  /** The action's failure title, e.g. "Transfer Failed" (docs/screens.md "Texts"). */
  title: string
  /** Shown when the server gave no message of its own, e.g. "Failed to send money". */
  message: string
}

/**
 * Returns the handler every money action uses for a failure: a 401 signs the user in again; a
 * write refused offline says nothing was sent; anything else is a destructive toast with the
 * server's message, or the action's fallback when the server said nothing readable (an answer
 * lost on the way, say).
 */
export function useShowErrorToast(): (error: unknown, fallback: ErrorToastFallback) => void {
  const redirectToSignIn = useUnauthorizedRedirect()
  const t = useCommonMessages()
  return useCallback(
    (error: unknown, fallback: ErrorToastFallback) => {
      // Offline before sending (docs/offline.md): nothing left the device, and the toast says so.
      // An answer lost on the way back keeps the action's own text (docs/screens.md "Texts"); a
      // retry of the same submission reuses its idempotency key, so it cannot pay twice.
      if (error instanceof OfflineError && error.notSent) {
        toast({ title: fallback.title, description: t('offlineNotSent'), variant: 'destructive' })
        return
      }
      if (isUnauthorizedError(error) || (error instanceof ApiError && error.status === 401)) {
        redirectToSignIn()
        return
      }
      const serverMessage = error instanceof ApiError ? error.serverMessage : undefined
      toast({
        title: fallback.title,
        description: serverMessage ?? fallback.message,
        variant: 'destructive',
      })
    },
    [redirectToSignIn, t],
  )
}
