import { useMutation } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { LogoMark } from '#client/components/logo.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import type { Operator } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from '../messages.ts'
import { signOutOperator } from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import { navItemsFor } from '../ops-routes.ts'
import { endSession, OPS_IDLE_LIMIT_MS, watchIdle } from '../ops-session.ts'

/** Whether a nav item is the section on screen (its list or one of its items). */
function isCurrent(location: string, path: string): boolean {
  return location === path || location.startsWith(`${path}/`)
}

/**
 * The console's frame: the sections the operator's role may use on the left (a row on top on
 * a narrow screen), who is signed in and Sign out; the page on the right.
 */
export function OpsShell({ operator, children }: { operator: Operator; children: ReactNode }) {
  const [location] = useLocation()
  const items = navItemsFor(operator.role)
  const signOut = useMutation({
    mutationFn: signOutOperator,
    onSuccess: () => endSession('signedOut'),
  })

  // A screen left open does not keep a customer's record on show: after the server's idle limit
  // without input the console signs out by itself, as the server would.
  useEffect(
    () =>
      watchIdle(OPS_IDLE_LIMIT_MS, () => {
        signOutOperator().catch(() => undefined)
        endSession('idle')
      }),
    [],
  )

  return (
    <div className="min-h-dvh bg-background md:flex">
      <a
        href="#ops-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:shadow"
      >
        {OPS_TEXT.shell.skipToContent}
      </a>
      <aside className="flex flex-col border-b bg-card md:sticky md:top-0 md:h-dvh md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center gap-2 px-4 py-3 md:py-5">
          <LogoMark className="size-7" />
          <span className="font-semibold">{OPS_TEXT.productName}</span>
        </div>
        <nav aria-label={OPS_TEXT.shell.navLabel} className="px-2 pb-2 md:flex-1">
          <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
            {items.map((item) => {
              const current = isCurrent(location, item.path)
              return (
                <li key={item.path} className="shrink-0">
                  <Link
                    href={item.path}
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      current
                        ? 'bg-secondary text-secondary-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <div
          className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3 md:flex-col md:items-stretch"
          data-testid="ops-operator"
        >
          <div className="min-w-0 text-sm">
            <span className="sr-only">{OPS_TEXT.shell.signedInAs} </span>
            <span className="font-medium wrap-break-word">{operator.name}</span>{' '}
            <Badge variant="secondary">{OPS_TEXT.roles[operator.role]}</Badge>
            <span className="block text-xs text-muted-foreground wrap-anywhere">
              {operator.email}
            </span>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            needsNetwork
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOut aria-hidden="true" />
            {signOut.isPending ? OPS_TEXT.shell.signingOut : OPS_TEXT.shell.signOut}
          </Button>
          {signOut.isError ? (
            <p role="alert" className="text-xs text-destructive">
              {errorText(signOut.error)}
            </p>
          ) : null}
        </div>
      </aside>
      <main id="ops-main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none md:p-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  )
}
