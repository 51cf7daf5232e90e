import { useQuery } from '@tanstack/react-query'
import { Smartphone } from 'lucide-react'
import { Link } from 'wouter'
import { useInitInfo } from '#client/components/init-call.tsx'
import { PageHeader } from '#client/components/page-header.tsx'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { useUssdMessages } from '#client/features/ussd/messages.ts'
import { UssdPhone } from '#client/features/ussd/ussd-phone.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { NotFoundPage } from '#client/pages/not-found-page.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'
import { ussdSimulatorInfoSchema } from '#shared/schemas/ussd.ts'

async function fetchSimulator() {
  return ussdSimulatorInfoSchema.parse(await apiRequest('GET', '/api/sandbox/ussd'))
}

function UssdContent() {
  const t = useUssdMessages()
  const simulator = useQuery({ queryKey: ['/api/sandbox/ussd'], queryFn: fetchSimulator })
  const info = simulator.data
  return (
    <AppShell>
      <div className="mx-auto w-full max-w-4xl">
        <PageHeader
          title={t('title')}
          description={t('description')}
          backHref="/profile"
          backLabel={t('back')}
        />
        {info === undefined ? (
          <PageLoadState
            query={simulator}
            loadingLabel={t('loading')}
            failedText={t('unavailable')}
            retryLabel={t('retry')}
          />
        ) : (
          <div className="grid grid-cols-1 items-start gap-5 md:grid-cols-[1fr_20rem] md:gap-8">
            <Card className="md:order-2">
              <CardContent className="grid gap-3 pt-5">
                <div className="flex items-center gap-2 font-semibold">
                  <Smartphone className="size-5 text-primary" aria-hidden="true" />
                  {info.phoneNumber ? (
                    <span data-testid="ussd-caller">
                      {t('callingFrom', { phone: info.phoneNumber })}
                    </span>
                  ) : (
                    <span>{t('title')}</span>
                  )}
                </div>
                {info.phoneNumber ? (
                  <p className="text-sm text-muted-foreground">{t('howItWorks')}</p>
                ) : (
                  <>
                    <p className="text-sm" data-testid="ussd-no-phone">
                      {t('noPhone')}
                    </p>
                    <Button asChild className="justify-self-start">
                      <Link href="/profile">{t('toProfile')}</Link>
                    </Button>
                  </>
                )}
              </CardContent>
            </Card>
            {info.phoneNumber ? (
              <div className="md:order-1">
                <UssdPhone serviceCode={info.serviceCode} />
              </div>
            ) : null}
          </div>
        )}
      </div>
    </AppShell>
  )
}

/**
 * `/ussd` (docs/ussd.md "Simulator"): a feature phone on the screen that dials Sabi's USSD code
 * from the signed-in user's own verified number. Sandbox mode only: elsewhere the server answers
 * 404 for this path and the page is the not-found page.
 */
export function UssdPage() {
  const init = useInitInfo()
  if (init.isPending) return <PageSpinner />
  if (init.data?.sandbox !== true) return <NotFoundPage />
  return (
    <RequireSignedIn>
      <UssdContent />
    </RequireSignedIn>
  )
}
