import { useQueryClient } from '@tanstack/react-query'
import { WifiOff } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { useCommonMessages } from '#client/components/messages.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useOffline } from '#client/lib/network-status.ts'

/** The notice's id: submit buttons disabled offline point at it (components/ui/button.tsx). */
export const OFFLINE_NOTICE_ID = 'offline-notice'

/** The time of the newest answer on this device: what "updated" on the notice means. */
function useLastUpdated(): number {
  const cache = useQueryClient().getQueryCache()
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => Math.max(0, ...cache.getAll().map((query) => query.state.dataUpdatedAt)),
    () => 0,
  )
}

function updatedAt(time: number): string {
  const today = new Date().toDateString() === new Date(time).toDateString()
  return formatDate(new Date(time), today ? 'time' : 'dayTime')
}

/**
 * "You're offline · updated 14:02" (docs/offline.md): shown on every page while Sabi cannot be
 * reached, above the tab bar on a phone and above any dialog, so the reason a button is off is
 * always in sight. It goes by itself when the network returns.
 */
export function OfflineNotice() {
  // Online, nothing is read: the cache is not watched on every answer for a notice not shown.
  return useOffline() ? <OfflineNoticeBar /> : null
}

function OfflineNoticeBar() {
  const t = useCommonMessages()
  const lastUpdated = useLastUpdated()
  return (
    <div
      id={OFFLINE_NOTICE_ID}
      role="status"
      className="fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[60] mx-auto w-[calc(100%-1.5rem)] max-w-md rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-4 dark:bg-slate-800"
    >
      <p className="flex items-center gap-2 font-semibold">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        <span data-testid="offline-notice-title">
          {lastUpdated > 0
            ? t('offlineNotice', { time: updatedAt(lastUpdated) })
            : t('offlineNoticeNoTime')}
        </span>
      </p>
      <p className="mt-1 text-xs text-slate-200">{t('offlineNoticeHint')}</p>
    </div>
  )
}
