/**
 * The words of a name as a bank's records compare them: accents, case, punctuation and spacing
 * ignored ("  ADAÉZE  o'Kafor" → ["adaeze", "okafor"]).
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
}

/**
 * Whether the name the user typed and the name the bank gave are the same person's, as people
 * write names: every word of one is among the words of the other, in any order, so "Adaeze
 * Okafor" matches "OKAFOR ADAEZE" and "Adaeze Chioma Okafor". A blank name matches nothing.
 */
export function namesMatch(typed: string, resolved: string): boolean {
  const a = nameWords(typed)
  const b = nameWords(resolved)
  if (a.length === 0 || b.length === 0) return false
  const inB = new Set(b)
  const inA = new Set(a)
  return a.every((word) => inB.has(word)) || b.every((word) => inA.has(word))
}
