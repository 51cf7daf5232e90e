import {
  ChevronRight,
  CreditCard,
  Flag,
  Gauge,
  History,
  KeyRound,
  type LucideIcon,
  Settings,
} from 'lucide-react'
import { Link } from 'wouter'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { useProfileMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useProfileMessages>>[0]

// Security lives on the settings page (password, two-factor, devices): both go there.
const ACTIONS: readonly { href: string; label: MessageKey; text: MessageKey; icon: LucideIcon }[] =
  [
    { href: '/limits', label: 'actionLimits', text: 'actionLimitsText', icon: Gauge },
    { href: '/settings', label: 'actionSettings', text: 'actionSettingsText', icon: Settings },
    { href: '/settings', label: 'actionSecurity', text: 'actionSecurityText', icon: KeyRound },
    { href: '/transactions', label: 'actionHistory', text: 'actionHistoryText', icon: History },
    { href: '/disputes', label: 'actionReports', text: 'actionReportsText', icon: Flag },
    { href: '/card', label: 'actionCard', text: 'actionCardText', icon: CreditCard },
  ]

/** The profile's shortcuts, each to the page it names. */
export function ProfileQuickActions() {
  const t = useProfileMessages()
  return (
    <Card>
      <CardHeader>
        <CardTitle id="profile-actions-title">{t('quickActionsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="profile-actions-title" className="grid grid-cols-1 gap-2">
          {ACTIONS.map((action) => {
            const Icon = action.icon
            return (
              <li key={action.label}>
                <Link
                  href={action.href}
                  className={cn(
                    'group flex items-center gap-3 rounded-xl border p-3 transition-colors hover:bg-muted',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  )}
                >
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{t(action.label)}</span>
                    <span className="block text-xs text-muted-foreground wrap-break-word">
                      {t(action.text)}
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
      </CardContent>
    </Card>
  )
}
