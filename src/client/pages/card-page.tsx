import { PageSpinner } from '#client/components/page-spinner.tsx'
import { MyCardView } from '#client/features/card/my-card-view.tsx'
import { SampleCardView } from '#client/features/card/sample-card-view.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { AppShell } from '#client/shell/app-shell.tsx'

/**
 * /card (docs/screens.md "Card page"): a public route. A visitor sees the static sample card; a
 * signed-in user sees their own card from the server.
 */
export function CardPage() {
  const { isLoading, isAuthenticated } = useAuth()
  if (isLoading) return <PageSpinner />
  return isAuthenticated ? (
    <AppShell>
      <MyCardView />
    </AppShell>
  ) : (
    <SampleCardView />
  )
}
