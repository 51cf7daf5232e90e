import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Copy, FileText, X } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { TransactionSkeletons } from '#client/entities/transactions/transaction-skeletons.tsx'
import { copyText } from '#client/lib/copy-text.ts'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import type { PaymentRequest } from '#shared/schemas/payment-requests.ts'
import {
  cancelPaymentRequest,
  fullPaymentUrl,
  isPersonalRequest,
  PAYMENT_REQUESTS_QUERY_KEY,
  usePaymentRequests,
} from '../../entities/payment-requests/payment-requests-api.ts'
import {
  formatRequestDate,
  requestAmountText,
} from '../../entities/payment-requests/request-format.ts'
import { useReceiveMessages } from './messages.ts'
import { PaymentRequestStatusBadge } from './payment-request-status-badge.tsx'

const SKELETON_ROWS = 3

type ReceiveMessages = ReturnType<typeof useReceiveMessages>

function dateLine(request: PaymentRequest, t: ReceiveMessages): string {
  if (request.status === 'paid' && request.paidAt) {
    return t('paidOn', { date: formatRequestDate(request.paidAt) })
  }
  if (request.status === 'open')
    return t('expiresOn', { date: formatRequestDate(request.expiresAt) })
  return t('requestedOn', { date: formatRequestDate(request.createdAt) })
}

/**
 * "Your requests" under the form: every request made on this page, newest first, with its
 * status; an open one can have its link copied again or be cancelled, a paid one links to
 * the payment.
 */
export function PaymentRequestList() {
  const t = useReceiveMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const requests = usePaymentRequests({ enabled: isAuthenticated })
  const items = (requests.data ?? []).filter(isPersonalRequest)

  const cancel = useMutation({
    mutationFn: cancelPaymentRequest,
    onSuccess: async () => {
      toast({ title: t('cancelledTitle'), description: t('cancelledText') })
      await queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_QUERY_KEY })
    },
    onError: async (error) => {
      showErrorToast(error, { title: t('cancelFailedTitle'), message: t('cancelFailedText') })
      // It may have been paid meanwhile: show what it is now.
      await queryClient.invalidateQueries({ queryKey: PAYMENT_REQUESTS_QUERY_KEY })
    },
  })

  async function copyLink(request: PaymentRequest) {
    if (await copyText(fullPaymentUrl(request.link))) {
      toast({ title: t('linkCopiedTitle'), description: t('linkCopiedText') })
    } else {
      toast({
        title: t('copyFailedTitle'),
        description: t('copyFailedText'),
        variant: 'destructive',
      })
    }
  }

  return (
    <Card>
      <section aria-labelledby="requests-heading" className="p-5">
        <h2 id="requests-heading" className="text-base font-semibold">
          {t('requestsHeading')}
        </h2>
        <div className="mt-2">
          {requests.isPending ? (
            <TransactionSkeletons count={SKELETON_ROWS} label={t('loadingRequests')} />
          ) : requests.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3 py-4">
              <p className="text-sm text-muted-foreground">{t('requestsUnavailable')}</p>
              <Button variant="outline" size="sm" onClick={() => void requests.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center px-4 py-8 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <FileText className="size-5" aria-hidden="true" />
              </span>
              <p className="mt-3 font-semibold">{t('noRequests')}</p>
              <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('noRequestsText')}</p>
            </div>
          ) : (
            <ul className="divide-y">
              {items.map((request) => {
                const cancelling = cancel.isPending && cancel.variables === request.id
                return (
                  <li
                    key={request.id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
                    data-testid="payment-request-row"
                  >
                    <div className="min-w-0 flex-1 basis-48">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="amount font-semibold">{requestAmountText(request)}</span>
                        <PaymentRequestStatusBadge status={request.status} />
                      </div>
                      <p className="text-sm wrap-break-word">
                        {localizeServerText(request.description)}
                      </p>
                      <p className="text-xs text-muted-foreground">{dateLine(request, t)}</p>
                    </div>
                    {request.status === 'open' ? (
                      <div className="flex shrink-0 gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={t('copyRequestLink', {
                            description: localizeServerText(request.description),
                          })}
                          onClick={() => void copyLink(request)}
                        >
                          <Copy aria-hidden="true" />
                          {t('copyLinkShort')}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('cancelRequestLabel', {
                            description: localizeServerText(request.description),
                          })}
                          disabled={cancelling}
                          onClick={() => cancel.mutate(request.id)}
                        >
                          <X aria-hidden="true" />
                          {cancelling ? t('cancelling') : t('cancelRequest')}
                        </Button>
                      </div>
                    ) : request.status === 'paid' && request.transactionId ? (
                      <Button asChild variant="ghost" size="sm" className="shrink-0">
                        <Link href={`/transactions/${request.transactionId}`}>
                          {t('viewPayment')}
                        </Link>
                      </Button>
                    ) : null}
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      </section>
    </Card>
  )
}
