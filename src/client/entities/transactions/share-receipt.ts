import { copyText } from '#client/lib/copy-text.ts'
import { toast } from '#client/lib/toast.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { renderReceiptImage } from './receipt-image.ts'
import { receiptImageContent } from './receipt-image-content.ts'
import { buildReceiptText, type Translate } from './transaction-receipt.ts'

function isShareCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Shares a receipt as people pass them on (docs/receipts.md): the PNG image and the text
 * together through the share sheet where it takes files; else the image is downloaded and the
 * text goes to the share sheet, or to the clipboard where there is none.
 */
export async function shareReceipt(transaction: TransactionDetails, t: Translate): Promise<void> {
  const text = buildReceiptText(transaction, t)
  const image = await renderReceiptImage(receiptImageContent(transaction, t)).catch(() => null)
  const file = image
    ? new File([image], `sabi-receipt-${transaction.reference}.png`, { type: 'image/png' })
    : null
  const canShare = 'share' in navigator && typeof navigator.share === 'function'
  if (canShare) {
    const withFile = file ? { files: [file], title: t('receiptTitle'), text } : null
    try {
      if (withFile && typeof navigator.canShare === 'function' && navigator.canShare(withFile)) {
        await navigator.share(withFile)
        return
      }
      if (file) download(file, file.name)
      await navigator.share({ title: t('receiptTitle'), text })
      return
    } catch (error) {
      // The user closing the sheet is an answer, not a failure; anything else falls back to
      // the clipboard so the receipt still goes somewhere.
      if (isShareCancelled(error)) return
    }
  } else if (file) {
    download(file, file.name)
  }
  if (await copyText(text)) {
    toast({ title: t('receiptCopiedTitle'), description: t('receiptCopiedText') })
  } else {
    toast({
      title: t('shareFailedTitle'),
      description: t('shareFailedText'),
      variant: 'destructive',
    })
  }
}
