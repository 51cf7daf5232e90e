import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import { HomeLogoLink } from './home-logo-link.tsx'

/**
 * A page that only says something: the logo home, then one card with an icon, a heading, a line
 * of text and the ways on (the not-found page, the offline screen).
 */
export function MessagePage({
  icon: Icon,
  iconClassName,
  title,
  text,
  children,
}: {
  icon: LucideIcon
  /** The icon's colours, by what the page says: an error, or a plain state. */
  iconClassName: string
  title: string
  text: string
  children: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <HomeLogoLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
          <div
            className={cn(
              'mx-auto mb-4 flex size-12 items-center justify-center rounded-full',
              iconClassName,
            )}
          >
            <Icon className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          {children}
        </div>
      </main>
    </div>
  )
}
