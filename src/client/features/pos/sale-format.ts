import type { PosSale } from '#shared/schemas/pos.ts'
import type { usePosMessages } from './messages.ts'

type PosMessages = ReturnType<typeof usePosMessages>

/** How the customer paid: "Card ending 4242", "Card tap" or "Sabi QR code". */
export function salePaymentText(sale: Pick<PosSale, 'method' | 'cardLast4'>, t: PosMessages) {
  if (sale.method === 'qr') return t('sabiQr')
  return sale.cardLast4 ? t('cardEnding', { last4: sale.cardLast4 }) : t('cardTap')
}

/** "1 sale", "3 sales", in the language's plural forms (docs/i18n.md). */
export function salesCountText(count: number, t: PosMessages): string {
  return t('sales', { count })
}

/** A short reference for a receipt and a phone call: the sale id's first eight characters. */
export function saleReference(id: string): string {
  return id.slice(0, 8).toUpperCase()
}
