import { useLocation } from 'wouter'
import type { DeferredMenuProps } from '#client/components/deferred-menu.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { notificationPathOf } from '#shared/notification-target.ts'
import { BellButton } from './bell-button.tsx'
import { describeNotification } from './describe-notification.ts'
import { useNotificationMessages } from './messages.ts'
import { useMarkAllRead, useMarkRead, useNotifications } from './use-notifications.ts'

/**
 * The notification centre under the bell: the newest 20, unread ones marked, "mark all", and
 * older ones 20 at a time. A notification about a transaction opens that transaction's details
 * and counts as read (docs/notifications.md "Opening a notification").
 */
export function NotificationMenu({ defaultOpen }: DeferredMenuProps) {
  const t = useNotificationMessages()
  const { isAuthenticated } = useAuth()
  const { data, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useNotifications({
    enabled: isAuthenticated,
  })
  const markAll = useMarkAllRead()
  const markRead = useMarkRead()
  const [, navigate] = useLocation()
  const items = data?.pages.flatMap((page) => page.items) ?? []
  const unread = data?.pages[0]?.unreadCount ?? 0
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <BellButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-2rem))]" align="end">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <DropdownMenuLabel className="p-0 text-sm font-semibold">{t('bell')}</DropdownMenuLabel>
          {unread > 0 ? (
            <button
              type="button"
              className="rounded text-xs font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => markAll.mutate()}
            >
              {t('markAllRead')}
            </button>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {isError ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t('loadFailed')}</p>
        ) : items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto" data-testid="notification-list">
            {items.map((item) => {
              const text = describeNotification(item.data, t)
              const path = notificationPathOf(item.data)
              return (
                <DropdownMenuItem
                  key={item.id}
                  className="flex flex-col items-start gap-0.5 whitespace-normal"
                  onSelect={
                    path
                      ? () => {
                          if (!item.readAt) markRead.mutate([item.id])
                          navigate(path)
                        }
                      : undefined
                  }
                >
                  <span className={cn('text-sm', item.readAt ? 'font-normal' : 'font-semibold')}>
                    {item.readAt ? null : (
                      <span className="mr-1.5 inline-block size-2 rounded-full bg-primary" />
                    )}
                    {text.title}
                  </span>
                  <span className="text-sm text-muted-foreground">{text.body}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(item.createdAt, 'dayTime')}
                  </span>
                </DropdownMenuItem>
              )
            })}
            {hasNextPage ? (
              <DropdownMenuItem
                className="justify-center text-sm font-medium text-primary"
                disabled={isFetchingNextPage}
                // The menu stays open, so the older notifications appear under the ones read.
                onSelect={(event) => {
                  event.preventDefault()
                  void fetchNextPage()
                }}
              >
                {isFetchingNextPage ? t('loadingOlder') : t('showOlder')}
              </DropdownMenuItem>
            ) : null}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
