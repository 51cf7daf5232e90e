/** Regional indicator symbol letter A, the first of the 26 that spell a flag emoji's country. */
const REGIONAL_A = 0x1f1e6

/**
 * The country of a flag emoji ("🇳🇬" is "NG"), or null when the text is not one. Currencies
 * carry their flag as an emoji (`flagEmoji`, docs/api.md); the app draws it as an image
 * (components/flag.tsx), which needs the country.
 */
export function countryOfFlagEmoji(emoji: string): string | null {
  const points = [...emoji.trim()].map((character) => character.codePointAt(0) ?? 0)
  if (points.length !== 2) return null
  const letters = points.map((point) => point - REGIONAL_A)
  if (letters.some((letter) => letter < 0 || letter > 25)) return null
  return String.fromCharCode(...letters.map((letter) => letter + 65))
}

/** An ISO 3166-1 alpha-2 code (or EU), upper case, as the flag images are named. */
export function flagCode(country: string): string | null {
  return /^[A-Z]{2}$/.test(country) ? country : null
}
