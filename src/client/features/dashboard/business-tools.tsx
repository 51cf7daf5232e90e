import { ChevronRight, FileText, type LucideIcon, Package, Receipt, Store } from 'lucide-react'
import { Link } from 'wouter'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import {
  isPersonalRequest,
  usePaymentRequests,
} from '#client/entities/payment-requests/payment-requests-api.ts'
import { usePosAnalytics } from '#client/entities/pos/pos-api.ts'
import { cn } from '#client/lib/cn.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { useDashboardMessages } from './messages.ts'

type Tool = {
  key: string
  /** No target means the tool is not usable yet (inventory is "Coming soon"). */
  href: string | null
  label: string
  text: string
  status: string
  badge: NonNullable<BadgeProps['variant']>
  icon: LucideIcon
}

function ToolContent({ tool }: { tool: Tool }) {
  const Icon = tool.icon
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {/* The status follows the name, on a line of its own when they do not fit together: at
          the row's end it left the words a column too narrow for them on a phone. */}
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 text-sm font-medium leading-snug wrap-break-word">
            {tool.label}
          </span>
          <Badge variant={tool.badge} data-testid={`business-tool-status-${tool.key}`}>
            {tool.status}
          </Badge>
        </span>
        <span className="block text-xs leading-snug text-muted-foreground">{tool.text}</span>
      </span>
    </>
  )
}

/** Today's completed sales across the merchant's currencies, or 0 until the figures load. */
function useSalesTodayCount(enabled: boolean): number {
  const analytics = usePosAnalytics({ days: 1, enabled })
  return (analytics.data?.currencies ?? []).reduce((sum, figures) => sum + figures.today.count, 0)
}

/**
 * The small-business shortcuts (docs/screens.md "Dashboard") with statuses that say how things
 * stand: the POS terminal is Active (with today's sales, if any), request payment is Ready or
 * counts the requests still open, bill pay is Available, and inventory is not usable yet.
 */
export function BusinessTools() {
  const t = useDashboardMessages()
  const { isAuthenticated } = useAuth()
  const salesToday = useSalesTodayCount(isAuthenticated)
  const requests = usePaymentRequests({ enabled: isAuthenticated })
  const openRequests = (requests.data ?? []).filter(
    (request) => isPersonalRequest(request) && request.status === 'open',
  ).length

  const tools: readonly Tool[] = [
    {
      key: 'pos',
      href: '/pos-terminal',
      label: t('posTerminal'),
      text: salesToday === 0 ? t('posTerminalText') : t('posSalesToday', { count: salesToday }),
      status: t('statusActive'),
      badge: 'success',
      icon: Store,
    },
    {
      key: 'request-payment',
      href: '/receive-money',
      label: t('requestPayment'),
      text: t('requestPaymentText'),
      status:
        openRequests > 0 ? t('statusOpenRequests', { count: openRequests }) : t('statusReady'),
      badge: 'secondary',
      icon: FileText,
    },
    {
      key: 'bill-pay',
      href: '/bill-pay',
      label: t('billPayTool'),
      text: t('billPayToolText'),
      status: t('statusAvailable'),
      badge: 'outline',
      icon: Receipt,
    },
    {
      key: 'inventory',
      href: null,
      label: t('inventory'),
      text: t('inventoryText'),
      status: t('statusComingSoon'),
      badge: 'warning',
      icon: Package,
    },
  ]

  return (
    <Card className="h-full">
      <section aria-labelledby="business-tools-heading" className="p-5">
        <h2 id="business-tools-heading" className="text-base font-semibold">
          {t('businessTools')}
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-1">
          {tools.map((tool) => (
            <li key={tool.key}>
              {tool.href ? (
                <Link
                  href={tool.href}
                  className="group flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <ToolContent tool={tool} />
                  <ChevronRight
                    className="size-4 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                </Link>
              ) : (
                <div
                  aria-disabled="true"
                  data-testid="business-tool-disabled"
                  className={cn(
                    'flex cursor-not-allowed items-center gap-3 rounded-lg p-2 opacity-60',
                  )}
                >
                  <ToolContent tool={tool} />
                  <span className="size-4 shrink-0" aria-hidden="true" />
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  )
}
