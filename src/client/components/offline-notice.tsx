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
 * reached, at the top of the page in a space of its own, so it pushes the page down rather than
 * covering a balance or a button. It goes by itself when the network returns.
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
      className="w-full bg-slate-900 px-4 py-2.5 text-sm text-white dark:bg-slate-800"
    >
      <div className="mx-auto w-full max-w-6xl sm:px-2">
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
    </div>
  )
}
