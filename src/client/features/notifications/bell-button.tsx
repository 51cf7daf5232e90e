import { Bell } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useAuth } from '#client/lib/use-auth.ts'
import { useNotificationMessages } from './messages.ts'
import { useNotifications } from './use-notifications.ts'

/**
 * The header's bell with the unread count (docs/screens.md "Header"). It is the notification
 * menu's trigger, and stands in for it until its code has loaded (deferred-menu.tsx).
 */
export function BellButton(props: ComponentProps<'button'>) {
  const t = useNotificationMessages()
  const { isAuthenticated } = useAuth()
  const { data } = useNotifications({ enabled: isAuthenticated })
  const unread = data?.pages[0]?.unreadCount ?? 0
  return (
    <button
      type="button"
      aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
      data-testid="notification-bell"
      className="relative inline-flex size-10 max-[419px]:w-8 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...props}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute right-1 top-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-semibold leading-4 text-destructive-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  )
}
