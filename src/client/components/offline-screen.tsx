import { House, RotateCw, WifiOff } from 'lucide-react'
import { Link } from 'wouter'
import { useCommonMessages } from '#client/components/messages.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useOffline } from '#client/lib/network-status.ts'
import { MessagePage } from './message-page.tsx'

/**
 * What a page shows when its code or its first answers cannot be fetched (docs/offline.md):
 * offline, that the page was never opened on this device and opens by itself once the network is
 * back; online (a chunk removed by a deploy, say), a reload. Never the browser's error page.
 */
export function OfflineScreen() {
  const t = useCommonMessages()
  const offline = useOffline()
  return (
    <MessagePage
      icon={WifiOff}
      iconClassName="bg-muted text-muted-foreground"
      title={offline ? t('offlineScreenTitle') : t('pageFailedTitle')}
      text={offline ? t('offlineScreenText') : t('pageFailedText')}
    >
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
    </MessagePage>
  )
}
