import { type ReactNode, useEffect } from 'react'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { useAuth } from '#client/features/auth/use-auth.ts'
import { useUnauthorizedRedirect } from '#client/lib/show-error-toast.ts'

/**
 * Guards a signed-in page (docs/screens.md "Signed-in pages"): a spinner while the current user
 * loads; with no user once loading ends, the "Unauthorized" toast and, 500 ms later, the sign-in
 * page, which brings the user back to this path. The page itself never renders for a visitor.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth()
  const redirectToSignIn = useUnauthorizedRedirect()
  const signedOut = !isLoading && !isAuthenticated

  useEffect(() => {
    if (signedOut) return redirectToSignIn()
  }, [signedOut, redirectToSignIn])

  if (!isAuthenticated) return <PageSpinner />
  return children
}
