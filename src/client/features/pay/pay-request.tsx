import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Home, Receipt } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'wouter'
// The raw search string: wouter's own useSearch decodes it first, which would corrupt the
// link's encoded JSON (a % or + in a description).
import { useSearch } from 'wouter/use-browser-location'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { PAYMENT_REQUESTS_QUERY_KEY } from '#client/entities/payment-requests/payment-requests-api.ts'
import { recipientName } from '#client/entities/recipients/recipient-display.ts'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { formatMoney } from '#shared/money.ts'
import { userSearchResultSchema } from '#shared/schemas/money-requests.ts'
import { type PaymentRequest, paymentRequestSchema } from '#shared/schemas/payment-requests.ts'
import { transactionSchema } from '#shared/schemas/transactions.ts'
import { usePayMessages } from './messages.ts'
import { linkMatchesRequest, type PayLink, readPayLink } from './pay-link.ts'
import { PayNotice } from './pay-notice.tsx'
import { PayPanel, type PayTarget, useAmountText } from './pay-panel.tsx'

/** A 400 or 404 for the link's ids: the thing it points at does not exist. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

function Loading() {
  const t = usePayMessages()
  return (
    <Card className="flex justify-center p-10">
      <Spinner label={t('loading')} />
    </Card>
  )
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = usePayMessages()
  return (
    <PayNotice state="load-failed" tone="warning" title={t('loadFailed')}>
      <Button variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </PayNotice>
  )
}

function TransactionLink({ transactionId }: { transactionId: string | null }) {
  const t = usePayMessages()
  return (
    <>
      {transactionId ? (
        <Button asChild>
          <Link href={`/transactions/${transactionId}`}>
            <Receipt aria-hidden="true" />
            {t('viewTransaction')}
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <Link href="/">
          <Home aria-hidden="true" />
          {t('home')}
        </Link>
      </Button>
    </>
  )
}

/** The payer's own confirmation, right after paying. */
function PaidNotice({
  target,
  transactionId,
}: {
  target: PayTarget
  transactionId: string | null
}) {
  const t = usePayMessages()
  const amount = useAmountText(target.amount, target.symbol)
  return (
    <PayNotice
      state="paid"
      tone="success"
      title={t('paidTitle')}
      text={t('paidText', { amount, name: recipientName(target.requester) })}
    >
      <TransactionLink transactionId={transactionId} />
    </PayNotice>
  )
}

function OwnRequestNotice() {
  const t = usePayMessages()
  return (
    <PayNotice state="own" tone="info" title={t('ownTitle')} text={t('ownText')}>
      <Button asChild variant="outline">
        <Link href="/receive-money">{t('yourRequests')}</Link>
      </Button>
    </PayNotice>
  )
}

function requestTarget(link: PayLink, request: PaymentRequest): PayTarget {
  return {
    requester: { ...request.requester, profileImageUrl: null },
    amount: link.amount,
    symbol: request.currency.symbol,
    description: request.description,
  }
}

/** Why a stored request can no longer be paid, in words. */
function ClosedNotice({ request, target }: { request: PaymentRequest; target: PayTarget }) {
  const t = usePayMessages()
  const amount = useAmountText(target.amount, target.symbol)
  const name = recipientName(target.requester)
  const values = { name, amount, description: request.description }
  if (request.status === 'paid') {
    return (
      <PayNotice
        state="already-paid"
        tone="success"
        title={t('alreadyPaidTitle')}
        text={t('alreadyPaidText', values)}
      >
        <TransactionLink transactionId={request.transactionId} />
      </PayNotice>
    )
  }
  const [title, text]: [string, string] =
    request.status === 'cancelled'
      ? [t('cancelledTitle'), t('cancelledText', values)]
      : [t('expiredTitle'), t('expiredText', values)]
  return (
    <PayNotice state={request.status} tone="warning" title={title} text={text}>
      <TransactionLink transactionId={null} />
    </PayNotice>
  )
}

async function fetchRequest(id: string): Promise<PaymentRequest> {
  return paymentRequestSchema.parse(
    await apiRequest('GET', `/api/payment-requests/${encodeURIComponent(id)}`),
  )
}

/** A link to a stored request: checked against the request, then paid once. */
function StoredRequest({ link, requestId }: { link: PayLink; requestId: string }) {
  const t = usePayMessages()
  const queryClient = useQueryClient()
  const queryKey = [...PAYMENT_REQUESTS_QUERY_KEY, requestId]
  const query = useQuery({ queryKey, queryFn: () => fetchRequest(requestId) })
  const [paid, setPaid] = useState<{ transactionId: string | null } | null>(null)

  if (query.isPending) return <Loading />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <PayNotice
        state="not-found"
        tone="warning"
        title={t('notFoundTitle')}
        text={t('notFoundText')}
      />
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    )
  }
  const request = query.data
  const target = requestTarget(link, request)
  if (paid) return <PaidNotice target={target} transactionId={paid.transactionId} />
  if (!linkMatchesRequest(link, request))
    return <ChangedNotice name={recipientName(target.requester)} />
  if (request.isOwn) return <OwnRequestNotice />
  if (request.status !== 'open') return <ClosedNotice request={request} target={target} />

  return (
    <PayPanel
      target={target}
      pay={(fromWalletId) => ({
        path: `/api/payment-requests/${encodeURIComponent(requestId)}/pay`,
        // The amount the payer was shown: the server refuses if the request says otherwise.
        body: { fromWalletId, amount: formatMoney(link.amount) },
      })}
      readAnswer={(data) => paymentRequestSchema.parse(data).transactionId}
      onPaid={(transactionId) => {
        setPaid({ transactionId })
        // Read again only now: a paid request replaces this panel, receipt and all.
        void queryClient.invalidateQueries({ queryKey })
      }}
      onFailed={(error) => {
        // Paid, cancelled or expired meanwhile: show what the request is now.
        if (error.status === 409) void query.refetch()
      }}
    />
  )
}

function ChangedNotice({ name }: { name: string }) {
  const t = usePayMessages()
  return (
    <PayNotice
      state="changed"
      tone="warning"
      title={t('changedTitle')}
      text={t('changedText', { name })}
    >
      <TransactionLink transactionId={null} />
    </PayNotice>
  )
}

async function fetchUser(id: string) {
  return userSearchResultSchema.parse(
    await apiRequest('GET', `/api/users/${encodeURIComponent(id)}`),
  )
}

/**
 * A bare link (no stored request; docs/getting-paid.md "Pay links"): a plain Sabi transfer to the
 * recipient, of the link's amount and currency. Nothing on the server marks it paid, so it could be
 * paid again.
 */
function BareLink({ link }: { link: PayLink }) {
  const t = usePayMessages()
  const { user } = useAuth()
  const query = useQuery({
    queryKey: ['/api/users', link.recipientId],
    queryFn: () => fetchUser(link.recipientId),
  })
  const [paid, setPaid] = useState<{ transactionId: string | null } | null>(null)

  if (link.recipientId === user?.id) return <OwnRequestNotice />
  if (query.isPending) return <Loading />
  if (query.isError) {
    return isNotFound(query.error) ? (
      <PayNotice
        state="not-found"
        tone="warning"
        title={t('notFoundTitle')}
        text={t('notFoundText')}
      />
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    )
  }
  const target: PayTarget = {
    requester: query.data,
    amount: link.amount,
    symbol: null,
    description: link.description,
  }
  if (paid) return <PaidNotice target={target} transactionId={paid.transactionId} />

  return (
    <PayPanel
      target={target}
      pay={(fromWalletId) => ({
        path: '/api/send-money/sabi-user',
        body: {
          fromWalletId,
          recipientUserId: link.recipientId,
          amount: formatMoney(link.amount),
          description: link.description,
        },
      })}
      readAnswer={(data) => transactionSchema.parse(data).id}
      onPaid={(transactionId) => setPaid({ transactionId })}
    />
  )
}

/**
 * The /pay page's body (issue "Getting paid"): reads the link, then shows what to pay or
 * why there is nothing to pay.
 */
export function PayRequest() {
  const t = usePayMessages()
  const search = useSearch()
  const link = useMemo(() => readPayLink(search), [search])
  if (!link) {
    return (
      <PayNotice state="invalid" tone="warning" title={t('invalidTitle')} text={t('invalidText')} />
    )
  }
  return link.requestId ? (
    <StoredRequest key={link.requestId} link={link} requestId={link.requestId} />
  ) : (
    <BareLink link={link} />
  )
}
