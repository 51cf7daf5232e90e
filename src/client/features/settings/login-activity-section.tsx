import { History, Monitor, Smartphone } from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { formatDate } from '#client/lib/format-date.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import type { SessionInfo } from '#shared/schemas/account.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { describeDevice, deviceLabel } from './device-label.ts'
import { SettingsCard } from './settings-card.tsx'
import { useSessions, useSignOutSession } from './use-sessions.ts'

type SettingsMessages = ReturnType<typeof useSettingsMessages>

/** Seen within this long counts as "Active now": the server refreshes last-seen lazily. */
const ACTIVE_NOW_MS = 5 * 60 * 1000

// Like the transaction list: month, day and time ("Jan 5, 3:04 PM" in English).
function formatWhen(iso: string): string {
  return formatDate(iso, 'dayTime')
}

function lastSeenText(t: SettingsMessages, session: SessionInfo, nowMs: number): string {
  const ageMs = nowMs - new Date(session.lastSeenAt).getTime()
  if (session.current || ageMs < ACTIVE_NOW_MS) return t('lastActiveNow')
  return t('lastActive', { when: formatWhen(session.lastSeenAt) })
}

function SessionRow({ session, nowMs }: { session: SessionInfo; nowMs: number }) {
  const t = useSettingsMessages()
  const signOut = useSignOutSession()
  const showErrorToast = useShowErrorToast()
  const label = deviceLabel(session.device, {
    on: (browser, os) => t('deviceOn', { browser, os }),
    unknown: t('unknownDevice'),
  })
  const Icon = describeDevice(session.device).mobile ? Smartphone : Monitor
  return (
    <li className="flex items-start gap-3 py-4" data-testid="session-row">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* The friendly label opens to the raw user agent, for anyone who wants to check. */}
          <details className="group min-w-0">
            <summary
              title={session.device}
              className="cursor-pointer list-none text-sm font-medium break-words [&::-webkit-details-marker]:hidden"
            >
              {label}
            </summary>
            <p className="mt-1 wrap-anywhere font-mono text-xs text-muted-foreground">
              {session.device || t('unknownDevice')}
            </p>
          </details>
          {session.current ? <Badge variant="success">{t('thisDevice')}</Badge> : null}
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {session.ipAddress ?? t('unknownAddress')} · {lastSeenText(t, session, nowMs)}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('signedInAt', { when: formatWhen(session.createdAt) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('signOutSessionLabel', { device: label })}
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(session.id, {
              onSuccess: () =>
                toast({ title: t('sessionSignedOutTitle'), description: t('sessionSignedOut') }),
              onError: (error) =>
                showErrorToast(error, {
                  title: t('sessionSignOutFailedTitle'),
                  message: t('sessionSignOutFailed'),
                }),
            })
          }
        >
          {signOut.isPending ? t('signingOutSession') : t('signOutSession')}
        </Button>
      )}
    </li>
  )
}

/** Login activity: every signed-in session, this one marked, the others can be signed out. */
export function LoginActivitySection() {
  const t = useSettingsMessages()
  const sessions = useSessions()
  const nowMs = Date.now()
  return (
    <SettingsCard icon={History} title={t('loginActivity')} description={t('loginActivityText')}>
      {sessions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('sessionsLoading')} />
        </div>
      ) : sessions.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 py-4">
          <p className="text-sm text-muted-foreground">{t('sessionsFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <ul className="divide-y" aria-label={t('loginActivity')}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} nowMs={nowMs} />
          ))}
        </ul>
      )}
    </SettingsCard>
  )
}
