import { House, RotateCw, WifiOff } from 'lucide-react'
import { Link } from 'wouter'
import { Logo } from '#client/components/logo.tsx'
import { useCommonMessages } from '#client/components/messages.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useOffline } from '#client/lib/network-status.ts'

/**
 * What a page shows when its code or its first answers cannot be fetched (docs/offline.md):
 * offline, that the page was never opened on this device and opens by itself once the network is
 * back; online (a chunk removed by a deploy, say), a reload. Never the browser's error page.
 */
export function OfflineScreen() {
  const t = useCommonMessages()
  const offline = useOffline()
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <Link
          href="/"
          aria-label={t('homeLabel')}
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-32">
        <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <WifiOff className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">
            {offline ? t('offlineScreenTitle') : t('pageFailedTitle')}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {offline ? t('offlineScreenText') : t('pageFailedText')}
          </p>
          <div className="mt-6 flex flex-col gap-2">
            {!offline && (
              <Button type="button" onClick={() => window.location.reload()}>
                <RotateCw aria-hidden="true" />
                {t('reload')}
              </Button>
            )}
            <Button asChild variant={offline ? 'default' : 'outline'}>
              <Link href="/">
                <House aria-hidden="true" />
                {t('offlineHome')}
              </Link>
            </Button>
          </div>
        </div>
      </main>
    </div>
  )
}
