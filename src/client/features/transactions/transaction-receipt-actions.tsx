import { Printer, Share2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import type { TransactionDetails } from '#shared/schemas/transactions.ts'
import { useTransactionMessages } from '../../entities/transactions/messages.ts'
import { shareReceipt } from '../../entities/transactions/share-receipt.ts'

/**
 * "Share receipt" hands the text receipt to the device's share sheet where there is one, else
 * copies it to the clipboard; "Print receipt" prints the receipt card alone (the print
 * stylesheet hides the rest of the page).
 */
export function TransactionReceiptActions({ transaction }: { transaction: TransactionDetails }) {
  const t = useTransactionMessages()
  const [sharing, setSharing] = useState(false)

  async function share() {
    setSharing(true)
    try {
      await shareReceipt(transaction, t)
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
