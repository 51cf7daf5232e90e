/**
 * The type size of an amount shown large (a receipt's headline, a sale's preview), smaller as
 * the amount gets longer, so that it stays on one line of a 360 px phone up to the largest
 * amount Sabi takes (docs/screens.md "Display rules": an amount never wraps or clips). The
 * steps are measured on the widest digits and symbols in the four languages.
 */
export function headlineAmountSize(text: string): string {
  if (text.length > 15) return 'text-xl sm:text-3xl'
  if (text.length > 11) return 'text-2xl sm:text-3xl'
  return 'text-3xl'
}
