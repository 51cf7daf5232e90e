import {
  ArrowDownLeft,
  ArrowLeftRight,
  Bitcoin,
  ChevronRight,
  History,
  type LucideIcon,
  Receipt,
  Send,
  Store,
} from 'lucide-react'
import { Link } from 'wouter'
import { cn } from '#client/lib/cn.ts'
import { useDashboardMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useDashboardMessages>>[0]

const QUICK_ACTIONS: readonly {
  href: string
  label: MessageKey
  icon: LucideIcon
  tone: string
}[] = [
  {
    href: '/send-money',
    label: 'sendMoney',
    icon: Send,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  {
    href: '/receive-money',
    label: 'receiveMoney',
    icon: ArrowDownLeft,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  },
  {
    href: '/exchange',
    label: 'exchange',
    icon: ArrowLeftRight,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300',
  },
  {
    href: '/crypto-purchase',
    label: 'buyCrypto',
    icon: Bitcoin,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
]

const TILES: readonly { href: string; label: MessageKey; text: MessageKey; icon: LucideIcon }[] = [
  {
    href: '/transactions',
    label: 'transactionHistory',
    text: 'transactionHistoryText',
    icon: History,
  },
  { href: '/pos-terminal', label: 'businessPos', text: 'businessPosText', icon: Store },
  { href: '/bill-pay', label: 'billPay', text: 'billPayText', icon: Receipt },
]

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2'

/** Send, receive, exchange and buy crypto, one tap each (docs/screens.md "Dashboard"). */
export function QuickActions() {
  const t = useDashboardMessages()
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="sr-only">
        {t('quickActions')}
      </h2>
      <ul className="grid grid-cols-4 gap-2 sm:gap-4">
        {QUICK_ACTIONS.map((action) => {
          const Icon = action.icon
          return (
            <li key={action.href}>
              <Link
                href={action.href}
                className={cn(
                  'flex h-full flex-col items-center gap-2 rounded-xl border bg-card px-1 py-4 text-center shadow-sm transition-colors hover:bg-muted sm:py-5',
                  focusRing,
                )}
              >
                <span
                  className={cn(
                    'flex size-11 items-center justify-center rounded-full',
                    action.tone,
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-xs font-medium leading-tight sm:text-sm">
                  {t(action.label)}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** History, POS and bill pay as larger tiles (docs/screens.md "Dashboard"). */
export function ServiceTiles() {
  const t = useDashboardMessages()
  return (
    <section aria-labelledby="services-heading">
      <h2 id="services-heading" className="sr-only">
        {t('moreServices')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {TILES.map((tile) => {
          const Icon = tile.icon
          return (
            <li key={tile.href}>
              <Link
                href={tile.href}
                className={cn(
                  'group flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted',
                  focusRing,
                )}
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold wrap-break-word">
                    {t(tile.label)}
                  </span>
                  <span className="block text-xs text-muted-foreground wrap-break-word">
                    {t(tile.text)}
                  </span>
                </span>
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
