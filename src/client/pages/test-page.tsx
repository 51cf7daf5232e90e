import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck, RefreshCw, ServerCrash, TriangleAlert } from 'lucide-react'
import { Link } from 'wouter'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { fetchHealth, HEALTH_PATH } from '#client/features/health/fetch-health.ts'
import { formatUptime } from '#client/features/health/format-uptime.ts'
import { useHealthMessages } from '#client/features/health/messages.ts'
import { useLanguage } from '#client/i18n/language.ts'
import { cn } from '#client/lib/cn.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import type { Health } from '#shared/schemas/reference.ts'

type HealthMessages = ReturnType<typeof useHealthMessages>

/** /test: a health check anyone can open (docs/screens.md "Routes"), calling GET /api/health. */
export function TestPage() {
  const t = useHealthMessages()
  useDocumentTitle(t('title'))
  const query = useQuery({
    queryKey: [HEALTH_PATH],
    queryFn: fetchHealth,
    // This page shows its own error state, so no global error toast on top of it.
    meta: { suppressGlobalError: true },
  })

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-2xl items-center px-4">
          <HomeLogoLink />
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-5 px-4 py-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{t('title')}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
          </div>
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" />
            {query.isFetching ? t('checking') : t('refresh')}
          </Button>
        </div>

        {query.isPending ? (
          <Card>
            <CardContent className="flex items-center gap-3 pt-5">
              <Spinner label={t('loading')} className="[&>span]:size-6" />
              <span className="text-sm text-muted-foreground">{t('loading')}</span>
            </CardContent>
          </Card>
        ) : query.isError ? (
          <div
            role="alert"
            className="rounded-xl border border-destructive/40 bg-red-50 p-5 text-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            <div className="flex items-start gap-3">
              <ServerCrash className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{t('errorTitle')}</h2>
                <p className="mt-1 text-sm">{t('errorText')}</p>
                <p className="mt-2 break-words font-mono text-xs opacity-80">
                  {t('errorDetail', { message: query.error.message })}
                </p>
                <Button variant="destructive" className="mt-4" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <HealthReport health={query.data} checkedAt={query.dataUpdatedAt} t={t} />
        )}

        <Link
          href="/"
          className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backHome')}
        </Link>
      </main>
    </div>
  )
}

function HealthReport({
  health,
  checkedAt,
  t,
}: {
  health: Health
  checkedAt: number
  t: HealthMessages
}) {
  const language = useLanguage()
  const healthy = health.status === 'ok'
  const rows = [
    {
      label: t('server'),
      value: <StatusValue ok={healthy} text={healthy ? t('statusOk') : t('statusDegraded')} />,
    },
    {
      label: t('database'),
      value: (
        <StatusValue
          ok={health.database === 'ok'}
          text={health.database === 'ok' ? t('databaseOk') : t('databaseUnreachable')}
        />
      ),
    },
    {
      label: t('databaseKind'),
      value: health.databaseKind === 'pglite' ? t('kindPglite') : t('kindPostgres'),
    },
    { label: t('sandbox'), value: health.sandbox ? t('sandboxOn') : t('sandboxOff') },
    { label: t('version'), value: <span className="font-mono">{health.version}</span> },
    { label: t('uptime'), value: formatUptime(health.uptimeSeconds) },
    {
      label: t('checkedAt'),
      value: formatDate(new Date(checkedAt), 'clock', { language }),
    },
  ]
  return (
    <Card data-testid="health-report">
      <div
        className={cn(
          'flex items-center gap-3 rounded-t-xl border-b px-5 py-4 font-semibold',
          healthy
            ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200'
            : 'bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200',
        )}
      >
        {healthy ? (
          <CircleCheck className="size-5" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-5" aria-hidden="true" />
        )}
        {healthy ? t('allGood') : t('degraded')}
      </div>
      <dl className="divide-y">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-center justify-between gap-4 px-5 py-3 text-sm"
          >
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="text-right font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

function StatusValue({ ok, text }: { ok: boolean; text: string }) {
  return <Badge variant={ok ? 'success' : 'destructive'}>{text}</Badge>
}
