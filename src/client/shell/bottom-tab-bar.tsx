import { Link, useLocation } from 'wouter'
import { cn } from '#client/lib/cn.ts'
import { isActivePath } from '../entities/user/user-display.ts'
import { useShellMessages } from './messages.ts'
import { TAB_ITEMS } from './nav-items.ts'

/**
 * The mobile tab bar (docs/screens.md "Bottom tab bar"), fixed to the bottom of small screens only.
 */
export function BottomTabBar() {
  const t = useShellMessages()
  const [location] = useLocation()
  return (
    <nav
      aria-label={t('tabNavigation')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/85 md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        {TAB_ITEMS.map((item) => {
          const active = isActivePath(item.href, location)
          const Icon = item.icon
          return (
            <li key={item.href} className="flex">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-secondary',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {t(item.label)}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
