import { FlaskConical, Menu, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { deferredMenu } from '#client/components/deferred-menu.tsx'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { useInitInfo } from '#client/components/init-call.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { BellButton } from '#client/features/notifications/bell-button.tsx'
import { cn } from '#client/lib/cn.ts'
import { isActivePath } from '../entities/user/user-display.ts'
import { DeferredLanguageMenu } from './deferred-language-menu.tsx'
import { useShellMessages } from './messages.ts'
import { HEADER_NAV_ITEMS } from './nav-items.ts'
import { UserMenuButton } from './user-menu-button.tsx'

// The menus' code loads after the first paint (components/deferred-menu.tsx).
const NotificationMenu = deferredMenu(
  () =>
    import('#client/features/notifications/notification-menu.tsx').then((m) => m.NotificationMenu),
  BellButton,
)
const UserMenu = deferredMenu(
  () => import('./user-menu.tsx').then((m) => m.UserMenu),
  UserMenuButton,
)

/**
 * The signed-in header (docs/screens.md): sticky, with a collapsible copy of the nav below
 * desktop widths (1024 px): on a tablet the four links, in French or Hausa, do not fit beside the
 * language, bell and account buttons.
 */
export function AppHeader() {
  const t = useShellMessages()
  const [location] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const { data: init } = useInitInfo()

  // A link in the mobile menu changes the page, and the menu should not follow the user there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect reacts to navigation only.
  useEffect(() => {
    setMenuOpen(false)
  }, [location])

  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <HomeLogoLink />
        {/* On the narrowest phones the badge gives way so the menu button stays on screen. */}
        {init?.sandbox ? (
          <Badge
            variant="warning"
            title={t('sandboxHint')}
            className="ml-1 min-w-0 max-w-28 max-[359px]:hidden"
          >
            {/* On phones the header is full (language, bell, account, menu): a flask says it,
                with the word for screen readers and on hover. Longer words (French, Spanish)
                shorten rather than push the menu off screen. */}
            <FlaskConical className="size-3.5 shrink-0 min-[480px]:hidden" aria-hidden="true" />
            <span className="truncate max-[479px]:sr-only">{t('sandbox')}</span>
          </Badge>
        ) : null}
        <nav aria-label={t('mainNavigation')} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {HEADER_NAV_ITEMS.map((item) => {
              const active = isActivePath(item.href, location)
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-9 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      active
                        ? 'bg-secondary text-secondary-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    {t(item.label)}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <DeferredLanguageMenu />
          <NotificationMenu />
          <UserMenu />
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t('mainNavigation')}
        hidden={!menuOpen}
        className="border-t bg-card lg:hidden"
      >
        <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
          {HEADER_NAV_ITEMS.map((item) => {
            const active = isActivePath(item.href, location)
            const Icon = item.icon
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-3 text-sm font-medium transition-colors',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'bg-secondary text-secondary-foreground' : 'hover:bg-muted',
                  )}
                >
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  {t(item.label)}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </header>
  )
}
