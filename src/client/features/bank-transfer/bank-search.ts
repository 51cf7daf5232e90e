import type { Bank } from '../../entities/banks/use-banks.ts'

/** The longest search the picker reads: no bank's name is longer. */
export const BANK_SEARCH_MAX_LENGTH = 60

/** A name as the search compares it: accents and case ignored ("Crédit" → "credit"). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/** Letters and digits only, so "palm pay" finds "PalmPay" and "gt-bank" finds "GTBank". */
function compact(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]+/gu, '')
}

/** How well a name answers a search: 0 at the name's start, 1 at a word's, 2 inside a word. */
function rank(name: string, query: string): number | null {
  const folded = foldForSearch(name)
  const at = folded.indexOf(query)
  if (at === -1) {
    const wanted = compact(query)
    return wanted !== '' && compact(folded).includes(wanted) ? 2 : null
  }
  if (at === 0) return 0
  // Any place a word of the name starts: "bank" in "First Bank", "mfb" in "Kuda MFB".
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(query)}`, 'u').test(folded) ? 1 : 2
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export type BankGroup = { country: string; currency: string; banks: Bank[] }

/**
 * The banks whose name holds the search, case and accents ignored, by country in the order the
 * server lists the countries; inside a country a name that starts with the search comes first,
 * then one with a word that does, then the rest, each in the server's order. An empty search
 * lists every bank.
 */
export function searchBanks(banks: readonly Bank[], search: string): BankGroup[] {
  const query = foldForSearch(search.trim().slice(0, BANK_SEARCH_MAX_LENGTH))
  const groups: BankGroup[] = []
  const ranked: { bank: Bank; rank: number; order: number }[] = []
  for (const [order, bank] of banks.entries()) {
    const found = query === '' ? 0 : rank(bank.name, query)
    if (found !== null) ranked.push({ bank, rank: found, order })
    // Every country has its place, found or not, so the order never moves as the user types.
    if (!groups.some((group) => group.country === bank.country)) {
      groups.push({ country: bank.country, currency: bank.currency, banks: [] })
    }
  }
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order)
  for (const { bank } of ranked) {
    groups.find((group) => group.country === bank.country)?.banks.push(bank)
  }
  return groups.filter((group) => group.banks.length > 0)
}
