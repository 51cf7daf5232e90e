import { type ReactNode, useEffect } from 'react'
import { OfflineScreen } from '#client/components/offline-screen.tsx'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { useUnauthorizedRedirect } from '#client/lib/show-error-toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'

/**
 * Guards a signed-in page (docs/screens.md "Signed-in pages"): a spinner while the current user
 * loads; with no user once loading ends, the "Unauthorized" toast and, 500 ms later, the sign-in
 * page, which brings the user back to this path. The page itself never renders for a visitor.
 * Only a 401 means signed out: offline with no user stored on this device, the offline screen
 * shows instead (docs/offline.md).
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, isUnreachable } = useAuth()
  const redirectToSignIn = useUnauthorizedRedirect()
  const signedOut = !isLoading && !isAuthenticated && !isUnreachable

  useEffect(() => {
    if (signedOut) return redirectToSignIn()
  }, [signedOut, redirectToSignIn])

  if (isUnreachable) return <OfflineScreen />
  if (!isAuthenticated) return <PageSpinner />
  return children
}
