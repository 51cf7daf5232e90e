/**
 * The string fields of a JSONB value read back from the database. JSONB columns are typed
 * `unknown` on the way out; nested objects and other values stay out.
 */
export function stringFieldsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}
