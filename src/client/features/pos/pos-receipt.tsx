import { type RefObject, useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { localizeServerText } from '#client/lib/server-texts.ts'
import { usePosMessages } from './messages.ts'
import { formatReceiptTime } from './pos-format.ts'
import './pos-receipt-print.css'

/** What a receipt shows: a completed sale, or the sale being rung up (a preview, unpaid). */
export type ReceiptData = {
  kind: 'sale' | 'preview'
  merchant: string
  amount: string
  description: string
  customer: string | null
  payment: string
  atIso: string
  reference: string | null
}

const MM_PER_CSS_PX = 25.4 / 96
/** Paper fed after the last line, so the tear bar does not cut through the thanks. */
const FEED_MM = 8

/**
 * The receipt laid out for a 58 mm roll, rendered straight into <body> so that printing can
 * hide everything else (see pos-receipt-print.css). `usePrintReceipt` prints it.
 */
export function PosReceipt({
  data,
  receiptRef,
}: {
  data: ReceiptData
  receiptRef: RefObject<HTMLDivElement | null>
}) {
  const t = usePosMessages()
  return createPortal(
    <div ref={receiptRef} className="pos-receipt" aria-hidden="true" data-testid="pos-receipt">
      <div className="pos-receipt__center">
        <div className="pos-receipt__brand">SABI</div>
        <div>{data.merchant}</div>
        <div>{t('receiptTitle')}</div>
        {data.kind === 'preview' ? <div>*** {t('receiptPreview')} ***</div> : null}
      </div>
      <hr className="pos-receipt__rule" />
      <div className="pos-receipt__row">
        <span>{t('receiptDate')}</span>
        <span>{formatReceiptTime(data.atIso)}</span>
      </div>
      {data.reference ? (
        <div className="pos-receipt__row">
          <span>{t('receiptReference')}</span>
          <span>{data.reference}</span>
        </div>
      ) : null}
      <hr className="pos-receipt__rule" />
      <div>{localizeServerText(data.description)}</div>
      <div className="pos-receipt__row pos-receipt__total">
        <span>{t('receiptTotal')}</span>
        <span>{data.amount}</span>
      </div>
      <hr className="pos-receipt__rule" />
      <div className="pos-receipt__row">
        <span>{t('receiptPaidBy')}</span>
        <span>{data.payment}</span>
      </div>
      {data.customer ? (
        <div className="pos-receipt__row">
          <span>{t('receiptCustomer')}</span>
          <span>{data.customer}</span>
        </div>
      ) : null}
      <div className="pos-receipt__row">
        <span>{t('receiptStatus')}</span>
        <span>{data.kind === 'sale' ? t('receiptPaid') : t('receiptUnpaid')}</span>
      </div>
      <hr className="pos-receipt__rule" />
      <div className="pos-receipt__center">{t('receiptThanks')}</div>
    </div>,
    document.body,
  )
}

/**
 * Prints the receipt on a page exactly as long as it is: the receipt's height is measured
 * where it waits off screen (at its print width) and written into the named page's size.
 */
export function usePrintReceipt(receiptRef: RefObject<HTMLDivElement | null>) {
  const styleRef = useRef<HTMLStyleElement | null>(null)
  useEffect(() => {
    const style = document.createElement('style')
    style.dataset.posReceiptPage = ''
    document.head.append(style)
    styleRef.current = style
    return () => {
      style.remove()
      styleRef.current = null
    }
  }, [])
  return function printReceipt() {
    const receipt = receiptRef.current
    if (!receipt) return
    const heightMm = Math.ceil(receipt.getBoundingClientRect().height * MM_PER_CSS_PX) + FEED_MM
    if (styleRef.current) {
      styleRef.current.textContent = `@page pos-receipt { size: 58mm ${heightMm}mm; margin: 0; }`
    }
    window.print()
  }
}
