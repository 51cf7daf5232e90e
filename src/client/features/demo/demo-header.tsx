import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { SIGN_UP_PATH } from '#client/components/link-button.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { signInPath } from '#client/lib/use-auth.ts'
import { useDemoMessages } from './messages.ts'

/** The top bar of the demo pages: the logo home, a clear sample label and the way in. */
export function DemoHeader({ label }: { label: string }) {
  const t = useDemoMessages()
  return (
    <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <div className="flex items-center gap-2">
          <HomeLogoLink />
          <Badge variant="warning">{label}</Badge>
        </div>
        <div className="flex items-center gap-2">
          <a
            href={signInPath()}
            className="hidden h-9 items-center rounded-lg px-3 text-sm font-medium hover:bg-muted sm:inline-flex"
          >
            {t('signIn')}
          </a>
          <a
            href={SIGN_UP_PATH}
            className="inline-flex h-9 items-center rounded-lg bg-primary px-3 text-sm font-semibold text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            {t('signUp')}
          </a>
        </div>
      </div>
    </header>
  )
}
