import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { cn } from '#client/lib/cn.ts'

/** Pixels of the drawn image: sharp when scaled to the screen, printed or downloaded. */
const QR_IMAGE_PX = 480

type QrState = { value: string; dataUrl: string | null; failed: boolean }

/**
 * A PNG data URL of a QR code of `value`, drawn in the browser (nothing leaves the page), or
 * null while it is being drawn. Medium error correction survives a scuffed or glaring screen.
 */
export function useQrDataUrl(value: string): { dataUrl: string | null; failed: boolean } {
  const [state, setState] = useState<QrState>({ value, dataUrl: null, failed: false })
  useEffect(() => {
    let current = true
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: QR_IMAGE_PX })
      .then((dataUrl) => {
        if (current) setState({ value, dataUrl, failed: false })
      })
      .catch(() => {
        if (current) setState({ value, dataUrl: null, failed: true })
      })
    return () => {
      current = false
    }
  }, [value])
  // A new value shows the spinner at once rather than the previous value's code.
  if (state.value !== value) return { dataUrl: null, failed: false }
  return { dataUrl: state.dataUrl, failed: state.failed }
}

/** The QR code image on a white square (scanners need the contrast, in dark mode too). */
export function QrCodeImage({
  dataUrl,
  failed,
  alt,
  loadingLabel,
  failedLabel,
  className,
}: {
  dataUrl: string | null
  failed: boolean
  alt: string
  loadingLabel: string
  failedLabel: string
  className?: string
}) {
  return (
    <div
      className={cn(
        'mx-auto flex aspect-square w-full max-w-64 items-center justify-center rounded-xl border bg-white p-2',
        className,
      )}
    >
      {dataUrl ? (
        <img
          src={dataUrl}
          alt={alt}
          width={QR_IMAGE_PX}
          height={QR_IMAGE_PX}
          className="size-full [image-rendering:pixelated]"
          data-testid="payment-qr-code"
        />
      ) : failed ? (
        <p className="px-4 text-center text-sm text-destructive">{failedLabel}</p>
      ) : (
        <Spinner label={loadingLabel} />
      )}
    </div>
  )
}
