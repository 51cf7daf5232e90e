import { useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { type BillPaymentType, isBillPaymentType } from '#shared/schemas/bills.ts'
import { BillPayForm } from './bill-pay-form.tsx'
import { BillPaymentStatus, type PaidBill } from './bill-payment-status.tsx'
import { BillPromoCards, BillTypeButtons } from './bill-type-picker.tsx'

/** `/bill-pay?type=tax` opens the form on that type, so other pages can link to a kind of bill. */
function typeFromSearch(search: string): BillPaymentType | undefined {
  const type = new URLSearchParams(search).get('type') ?? ''
  return isBillPaymentType(type) ? type : undefined
}

/**
 * Bill pay (docs/screens.md "Bill pay screen"): the two promo cards, the six bill-type buttons,
 * then the form, which gives way to the payment's progress once it is sent.
 */
export function BillPay() {
  const search = useSearch()
  const [billType, setBillType] = useState(() => typeFromSearch(search))
  const [paid, setPaid] = useState<PaidBill | null>(null)
  const formRef = useRef<HTMLDivElement>(null)

  function choose(type: BillPaymentType, options: { reveal: boolean }) {
    setPaid(null)
    setBillType(type)
    // The cards sit above the buttons: on a phone the form is a screen away, so bring it up.
    if (options.reveal) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  function showPaid(next: PaidBill) {
    setPaid(next)
    // The progress panel is shorter than the form it replaces: keep it in view.
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'nearest' }))
  }

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-6">
      <BillPromoCards selected={billType} onChoose={(type) => choose(type, { reveal: true })} />
      {/* On a phone the form is below the fold of the tiles too: a tile brings it up. */}
      <BillTypeButtons selected={billType} onChoose={(type) => choose(type, { reveal: true })} />
      <div ref={formRef} className="scroll-mt-20">
        {paid ? (
          <BillPaymentStatus paid={paid} onPayAnother={() => setPaid(null)} />
        ) : (
          <BillPayForm billType={billType} onBillTypeChange={setBillType} onPaid={showPaid} />
        )}
      </div>
    </div>
  )
}
