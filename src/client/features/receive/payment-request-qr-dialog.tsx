import { Copy, Download } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { copyText } from '#client/lib/copy-text.ts'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { toast } from '#client/lib/toast.ts'
import type { PaymentRequest } from '#shared/schemas/payment-requests.ts'
import { QrCodeImage, useQrDataUrl } from '../../components/payment-qr-code.tsx'
import { fullPaymentUrl } from '../../entities/payment-requests/payment-requests-api.ts'
import { requestAmountText } from '../../entities/payment-requests/request-format.ts'
import { useReceiveMessages } from './messages.ts'

/**
 * The request's link as a QR code, with the amount and description under it, for a payer
 * standing next to the user: they scan it with their phone's camera and land on /pay.
 */
export function PaymentRequestQrDialog({
  request,
  onOpenChange,
}: {
  request: PaymentRequest
  onOpenChange: (open: boolean) => void
}) {
  const t = useReceiveMessages()
  const url = fullPaymentUrl(request.link)
  const { dataUrl, failed } = useQrDataUrl(url)

  async function copyLink() {
    if (await copyText(url)) {
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
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('qrTitle')}</DialogTitle>
        <DialogDescription>{t('qrDescription')}</DialogDescription>
        <div className="mt-4 grid gap-3 text-center">
          <QrCodeImage
            dataUrl={dataUrl}
            failed={failed}
            alt={t('qrAlt')}
            loadingLabel={t('qrLoading')}
            failedLabel={t('qrFailed')}
          />
          <div>
            <p className="amount text-xl font-bold min-[400px]:text-2xl" data-testid="qr-amount">
              {requestAmountText(request)}
            </p>
            <p className="mt-0.5 break-words text-sm text-muted-foreground">
              {localizeServerText(request.description)}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2">
            {dataUrl ? (
              <Button asChild variant="outline">
                <a href={dataUrl} download="sabi-payment-request.png">
                  <Download aria-hidden="true" />
                  {t('downloadQr')}
                </a>
              </Button>
            ) : (
              <Button variant="outline" disabled>
                <Download aria-hidden="true" />
                {t('downloadQr')}
              </Button>
            )}
            <Button variant="outline" onClick={() => void copyLink()}>
              <Copy aria-hidden="true" />
              {t('copyLinkShort')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
