import { useMutation } from '@tanstack/react-query'
import { EyeOff, X } from 'lucide-react'
import { useEffect, useEffectEvent, useRef } from 'react'
import { QrCodeImage, useQrDataUrl } from '#client/components/payment-qr-code.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import {
  cancelPaymentRequest,
  fullPaymentUrl,
} from '#client/entities/payment-requests/payment-requests-api.ts'
import { requestAmountText } from '#client/entities/payment-requests/request-format.ts'
import { ApiError } from '#client/lib/api.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import type { PosSale } from '#shared/schemas/pos.ts'
import { isQrSaleExpired, useWatchedSale } from '../../entities/pos/pos-api.ts'
import { usePosMessages } from './messages.ts'

/**
 * A QR sale at the counter: the code of its payment request, for the customer to scan and pay
 * with Sabi, while the terminal watches the sale until it completes (then `onCompleted`) or
 * is cancelled. Hiding the dialog stops the watching; the sale keeps waiting.
 */
export function QrSaleDialog({
  sale,
  open,
  onOpenChange,
  onCompleted,
  onCancelled,
}: {
  sale: PosSale
  open: boolean
  onOpenChange: (open: boolean) => void
  onCompleted: (sale: PosSale) => void
  onCancelled: () => void
}) {
  const t = usePosMessages()
  const showErrorToast = useShowErrorToast()
  const watched = useWatchedSale(sale, open)
  const current = watched.data ?? sale
  const url = sale.paymentRequest ? fullPaymentUrl(sale.paymentRequest.link) : ''
  const { dataUrl, failed } = useQrDataUrl(url)
  const expired = isQrSaleExpired(current, Date.now())

  // The outcome is reported once per sale, whatever the parent's callbacks are by then.
  const reported = useRef<string | null>(null)
  const report = useEffectEvent((latest: PosSale) => {
    if (reported.current === latest.id) return
    if (latest.status === 'completed') {
      reported.current = latest.id
      onCompleted(latest)
    } else if (latest.status === 'cancelled') {
      reported.current = latest.id
      onCancelled()
    }
  })
  useEffect(() => {
    report(current)
  }, [current])

  const cancel = useMutation({
    mutationFn: (requestId: string) => cancelPaymentRequest(requestId),
    onSuccess: () => {
      toast({ title: t('saleCancelledTitle'), description: t('saleCancelledText') })
      reported.current = sale.id
      onCancelled()
    },
    onError: (error) => {
      showErrorToast(error, { title: t('cancelFailedTitle'), message: t('cancelFailedText') })
      // Paid a moment before the cancel arrived: the sale shows as completed.
      if (error instanceof ApiError && error.status === 409) void watched.refetch()
    },
  })

  const expiresAt = sale.paymentRequest ? new Date(sale.paymentRequest.expiresAt) : null

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} data-testid="qr-sale-dialog">
        <DialogTitle>{t('qrTitle')}</DialogTitle>
        <DialogDescription>{t('qrDescription')}</DialogDescription>
        <div className="mt-4 grid gap-3 text-center">
          <QrCodeImage
            dataUrl={dataUrl}
            failed={failed}
            alt={t('qrAlt')}
            loadingLabel={t('qrLoading')}
            failedLabel={t('qrFailed')}
            className={expired ? 'opacity-30' : undefined}
          />
          <div>
            <p className="amount text-xl font-bold min-[400px]:text-2xl">
              {requestAmountText(sale)}
            </p>
            <p className="mt-0.5 break-words text-sm text-muted-foreground">
              {localizeServerText(sale.description)}
            </p>
          </div>
          {current.status === 'cancelled' ? (
            <p className="text-sm font-medium">{t('qrCancelled')}</p>
          ) : expired ? (
            <p className="text-sm font-medium text-amber-700 dark:text-amber-300">
              {t('qrExpired')}
            </p>
          ) : (
            <div role="status" className="grid justify-items-center gap-1">
              <p className="flex items-center gap-2 text-sm font-medium">
                <span
                  className="size-2.5 animate-pulse rounded-full bg-primary"
                  aria-hidden="true"
                />
                {t('waiting')}
              </p>
              {expiresAt ? (
                <p className="text-xs text-muted-foreground">
                  {t('qrExpires', { time: formatDate(expiresAt, 'time') })}
                </p>
              ) : null}
            </div>
          )}
          <div className="grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              className="text-destructive"
              disabled={cancel.isPending || current.status !== 'pending' || !sale.paymentRequest}
              onClick={() => {
                if (sale.paymentRequest) cancel.mutate(sale.paymentRequest.id)
              }}
            >
              <X aria-hidden="true" />
              {cancel.isPending ? t('cancellingSale') : t('cancelSale')}
            </Button>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              <EyeOff aria-hidden="true" />
              {t('hide')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
