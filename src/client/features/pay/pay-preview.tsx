import { useQuery } from '@tanstack/react-query'
import { LogIn, UserPlus } from 'lucide-react'
import { useMemo } from 'react'
// The raw search string, as PayRequest reads it: the link's JSON must not be decoded twice.
import { useSearch } from 'wouter/use-browser-location'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { SummaryRow } from '#client/components/ui/summary-row.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { withReturnTo } from '#client/lib/return-to.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import { paymentRequestPreviewSchema } from '#shared/schemas/payment-requests.ts'
import { usePayMessages } from './messages.ts'
import { type PayLink, readPayLink } from './pay-link.ts'
import { PayNotice } from './pay-notice.tsx'

async function fetchPreview(id: string) {
  return paymentRequestPreviewSchema.parse(
    await apiRequest('GET', `/api/payment-requests/${encodeURIComponent(id)}/preview`),
  )
}

/** Sign in or create an account, each bringing the visitor back to this same link. */
function SignInChoices() {
  const t = usePayMessages()
  const here = `${window.location.pathname}${window.location.search}`
  return (
    <div className="mt-5 grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="pay-sign-in">
      <Button asChild size="lg">
        <a href={withReturnTo('/sign-in', here)}>
          <LogIn aria-hidden="true" />
          {t('previewSignIn')}
        </a>
      </Button>
      <Button asChild size="lg" variant="outline">
        <a href={withReturnTo('/sign-up', here)}>
          <UserPlus aria-hidden="true" />
          {t('previewSignUp')}
        </a>
      </Button>
    </div>
  )
}

function PreviewCard({
  name,
  amount,
  description,
}: {
  name: string | null
  amount: string
  description: string
}) {
  const t = usePayMessages()
  return (
    <Card>
      <section aria-labelledby="pay-preview-heading" className="p-5" data-testid="pay-preview">
        <h2
          id="pay-preview-heading"
          className="break-words font-semibold"
          data-testid="pay-requester"
        >
          {name ? t('previewAsking', { name }) : t('previewAskingSomeone')}
        </h2>
        <p
          className="mt-2 break-all text-4xl font-bold tracking-tight tabular-nums"
          data-testid="pay-amount"
        >
          {amount}
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-2 text-sm">
          <SummaryRow label={t('forLabel')} value={description} testId="pay-description" />
        </dl>
        <p className="mt-5 text-sm text-muted-foreground">{t('previewSignInText')}</p>
        <SignInChoices />
      </section>
    </Card>
  )
}

/** A stored request's preview, from the public preview endpoint. */
function StoredPreview({ requestId }: { requestId: string }) {
  const t = usePayMessages()
  const query = useQuery({
    queryKey: ['/api/payment-requests', requestId, 'preview'],
    queryFn: () => fetchPreview(requestId),
    retry: false,
  })
  if (query.isPending) {
    return (
      <Card className="flex justify-center p-10">
        <Spinner label={t('loading')} />
      </Card>
    )
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return missing ? (
      <PayNotice
        state="not-found"
        tone="warning"
        title={t('notFoundTitle')}
        text={t('notFoundText')}
      />
    ) : (
      <PayNotice state="load-failed" tone="warning" title={t('loadFailed')}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </PayNotice>
    )
  }
  const preview = query.data
  return (
    <PreviewCard
      name={preview.requesterName}
      amount={formatAmount(preview.amount, preview.currency)}
      description={preview.description}
    />
  )
}

/** A bare link names no stored request: its own amount and description, and no name. */
function BarePreview({ link }: { link: PayLink }) {
  return (
    <PreviewCard
      name={null}
      amount={formatAmount(link.amount, { code: link.currency })}
      description={link.description}
    />
  )
}

/**
 * `/pay` for a visitor (docs/getting-paid.md "Preview for visitors"): who asks, by first name
 * and initial, how much and why, then sign in or create an account, both coming back to this
 * link. The public preview tells nothing else about the requester.
 */
export function PayPreview() {
  const t = usePayMessages()
  useDocumentTitle(t('title'))
  const search = useSearch()
  const link = useMemo(() => readPayLink(search), [search])
  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-secondary/70 to-background">
      <header className="mx-auto flex w-full max-w-lg items-center justify-center px-4 pt-10 pb-6">
        <HomeLogoLink />
      </header>
      <main className="mx-auto w-full max-w-lg flex-1 px-4 pb-10">
        <h1 className="mb-4 text-2xl font-bold tracking-tight">{t('previewTitle')}</h1>
        {!link ? (
          <PayNotice
            state="invalid"
            tone="warning"
            title={t('invalidTitle')}
            text={t('invalidText')}
          />
        ) : link.requestId ? (
          <StoredPreview requestId={link.requestId} />
        ) : (
          <BarePreview link={link} />
        )}
      </main>
    </div>
  )
}
