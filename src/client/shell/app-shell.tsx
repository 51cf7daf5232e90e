import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import { AppHeader } from './app-header.tsx'
import { BottomTabBar } from './bottom-tab-bar.tsx'
import { useShellMessages } from './messages.ts'

/**
 * The frame of every signed-in page: the sticky header, the page in a centred column, and the
 * mobile tab bar. The bottom padding on small screens keeps the last content clear of the bar.
 */
export function AppShell({ children, className }: { children: ReactNode; className?: string }) {
  const t = useShellMessages()
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50"
      >
        {t('skipToContent')}
      </a>
      <AppHeader />
      <main
        id="main-content"
        className={cn(
          'mx-auto w-full max-w-6xl px-4 pb-[calc(6rem+env(safe-area-inset-bottom))] pt-4 sm:px-6 md:pb-12 md:pt-8',
          className,
        )}
      >
        {children}
      </main>
      <BottomTabBar />
    </div>
  )
}
