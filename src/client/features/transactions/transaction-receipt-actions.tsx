import { Printer, Share2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { copyText } from '#client/features/card/copy-text.ts'
import { toast } from '#client/lib/toast.ts'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { useTransactionMessages } from './messages.ts'
import { buildReceiptText } from './transaction-receipt.ts'

function isShareCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * "Share receipt" hands the text receipt to the device's share sheet where there is one, else
 * copies it to the clipboard; "Print receipt" prints the receipt card alone (the print
 * stylesheet hides the rest of the page).
 */
export function TransactionReceiptActions({ transaction }: { transaction: TransactionDetails }) {
  const t = useTransactionMessages()
  const [sharing, setSharing] = useState(false)

  async function share() {
    const text = buildReceiptText(transaction, t)
    setSharing(true)
    try {
      if ('share' in navigator && typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: t('receiptTitle'), text })
          return
        } catch (error) {
          // The user closing the sheet is an answer, not a failure; anything else falls back
          // to the clipboard so the receipt still goes somewhere.
          if (isShareCancelled(error)) return
        }
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
    } finally {
      setSharing(false)
    }
  }

  return (
    <div className="grid grid-cols-2 gap-2" data-print-hide>
      <Button
        type="button"
        variant="outline"
        disabled={sharing}
        onClick={() => {
          void share()
        }}
      >
        <Share2 aria-hidden="true" />
        {t('shareReceipt')}
      </Button>
      <Button type="button" variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden="true" />
        {t('printReceipt')}
      </Button>
    </div>
  )
}
