import { ChevronRight, FileText, type LucideIcon, Package, Receipt, Store } from 'lucide-react'
import { Link } from 'wouter'
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { useDashboardMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useDashboardMessages>>[0]

type Tool = {
  /** No target means the tool is not usable yet (SPEC §2: inventory is "Coming soon"). */
  href: string | null
  label: MessageKey
  text: MessageKey
  status: MessageKey
  badge: NonNullable<BadgeProps['variant']>
  icon: LucideIcon
}

const TOOLS: readonly Tool[] = [
  {
    href: '/pos-terminal',
    label: 'posTerminal',
    text: 'posTerminalText',
    status: 'statusActive',
    badge: 'success',
    icon: Store,
  },
  {
    href: '/receive-money',
    label: 'requestPayment',
    text: 'requestPaymentText',
    status: 'statusReady',
    badge: 'secondary',
    icon: FileText,
  },
  {
    href: '/bill-pay',
    label: 'billPayTool',
    text: 'billPayToolText',
    status: 'statusAvailable',
    badge: 'outline',
    icon: Receipt,
  },
  {
    href: null,
    label: 'inventory',
    text: 'inventoryText',
    status: 'statusComingSoon',
    badge: 'warning',
    icon: Package,
  },
]

function ToolContent({ tool }: { tool: Tool }) {
  const t = useDashboardMessages()
  const Icon = tool.icon
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium leading-snug">{t(tool.label)}</span>
        <span className="block text-xs leading-snug text-muted-foreground">{t(tool.text)}</span>
      </span>
      <Badge variant={tool.badge}>{t(tool.status)}</Badge>
    </>
  )
}

/** The small-business shortcuts with their status labels (SPEC §2). */
export function BusinessTools() {
  const t = useDashboardMessages()
  return (
    <Card className="h-full">
      <section aria-labelledby="business-tools-heading" className="p-5">
        <h2 id="business-tools-heading" className="text-base font-semibold">
          {t('businessTools')}
        </h2>
        <ul className="mt-3 grid grid-cols-1 gap-1">
          {TOOLS.map((tool) => (
            <li key={tool.label}>
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
