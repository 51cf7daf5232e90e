// The browser's own search string: wouter's useSearch decodes it once already (decodeURI),
// and decoding returnTo again would turn a destination's own escapes (a /pay?data= link's
// encoded JSON) into raw characters.
import { useSearch } from 'wouter/use-browser-location'
import { returnToSchema } from '#shared/schemas/auth.ts'

/**
 * Where to go after signing in: the `returnTo` query parameter when it is a path on this site,
 * else home. Anything else (another origin, "//evil.example") is ignored, never followed.
 */
export function useReturnTo(): string {
  const search = useSearch()
  const parsed = returnToSchema.safeParse(new URLSearchParams(search).get('returnTo'))
  return parsed.success ? parsed.data : '/'
}

/** A link to the other auth page that keeps the pending destination. */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo === '/' ? path : `${path}?returnTo=${encodeURIComponent(returnTo)}`
}
