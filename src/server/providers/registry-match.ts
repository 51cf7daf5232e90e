/**
 * Whether a registry's record of an identity number is the person the user says they are
 * (docs/smile-id.md "Matching"). Sabi decides this itself from what the registry returns, so
 * every registry is held to one rule, and what the registry returns is compared and forgotten.
 */

/** Letters only, without accents, in lower case: "Ọláolúwa" and "OLAOLUWA" are one word. */
function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * A name's words: split at spaces, hyphens, commas and dots, folded. Apostrophes join
 * ("D'Souza" is "dsouza"), so they are taken out before the split.
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/['’ʼ`]/g, '')
    .split(/[\s\-‐‑‒–—,.]+/u)
    .map(foldWord)
    .filter((word) => word.length > 0)
}

/** The ways one given name can sit in the record: its own words, or its letters run together. */
function placementsOf(given: string[], record: string[]): number[][] {
  const placements: number[][] = []
  // Each of its words is one word of the record ("Ada Grace" in "OBI ADA GRACE").
  const used: number[] = []
  let wordByWord = true
  for (const word of given) {
    const at = record.findIndex((each, index) => each === word && !used.includes(index))
    if (at === -1) {
      wordByWord = false
      break
    }
    used.push(at)
  }
  if (wordByWord) placements.push(used)
  // Or its letters are consecutive words of the record run together, or the other way round:
  // "Adeola" against "ADE OLA", "Ade-Ola" against "ADEOLA".
  const joined = given.join('')
  for (let start = 0; start < record.length; start += 1) {
    let run = ''
    for (let end = start; end < record.length; end += 1) {
      run += record[end]
      if (run.length > joined.length) break
      if (run === joined) {
        placements.push(Array.from({ length: end - start + 1 }, (_, offset) => start + offset))
      }
    }
  }
  return placements
}

/**
 * Whether the registry's full name is the given first and last name: each is found in it,
 * whatever the order (registries often put the surname first), the case, the accents, the
 * spacing, hyphens or apostrophes, with any other words of the record (middle names) allowed.
 * The two never share a word of the record, so "Ade Ade" is not "ADE BOLA"; a last name that is
 * not in the record never matches.
 */
export function namesMatch(
  given: { firstName: string; lastName: string },
  registryFullName: string,
): boolean {
  const record = nameWords(registryFullName)
  const first = nameWords(given.firstName)
  const last = nameWords(given.lastName)
  if (record.length === 0 || first.length === 0 || last.length === 0) return false
  const lastPlacements = placementsOf(last, record)
  const firstPlacements = placementsOf(first, record)
  return lastPlacements.some((lastAt) =>
    firstPlacements.some((firstAt) => firstAt.every((index) => !lastAt.includes(index))),
  )
}

/**
 * The date of birth a registry answered, as YYYY-MM-DD, or undefined when it gave none that is
 * a date ("Not Available", "NaN-NaN-NaN"). The documented form is YYYY-MM-DD; a time after it
 * is ignored.
 */
export function registryDate(text: string | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(text?.trim() ?? '')
  if (!match) return undefined
  const [, year, month, day] = match
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(`${year}-${month}-${day}`)
    ? `${year}-${month}-${day}`
    : undefined
}
