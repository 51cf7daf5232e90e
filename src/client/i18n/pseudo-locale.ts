/**
 * The pseudo-locale's texts (docs/i18n.md "Pseudo-locale"): each English text with its letters
 * accented, about 40% longer, and wrapped in ⟦ ⟧. A test reads every visible text of a screen
 * in this locale: text without the brackets did not come from a catalog, and a screen that
 * clips or overflows with the longer words would do so in French or Spanish too.
 * Placeholders (`{{name}}`) are kept as they are, so values still fill them.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Û',
  C: 'Ç',
  N: 'Ñ',
}

export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

export function pseudoText(text: string): string {
  if (text === '') return text
  const parts = text.split(/(\{\{[^}]+\}\})/)
  const accented = parts
    .map((part) =>
      part.startsWith('{{') ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c),
    )
    .join('')
  const letters = text.replace(/\{\{[^}]+\}\}/g, '').length
  // In words of four, so a long text can still wrap where a real one would.
  const padding = Array.from({ length: Math.ceil((letters * 0.4) / 4) }, () => '····').join(' ')
  return `${PSEUDO_OPEN}${accented}${padding}${PSEUDO_CLOSE}`
}

export function pseudoLocalize(messages: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, pseudoText(text)]))
}
