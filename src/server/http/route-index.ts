/**
 * The API's routes as patterns, to tell "this path exists, but not with this method" (405 with
 * an Allow header) from "no such path" (404). Fastify answers both with its not-found handler.
 */
export function createRouteIndex() {
  const routes: { pattern: RegExp; methods: Set<string> }[] = []
  const byUrl = new Map<string, Set<string>>()

  function patternOf(url: string): RegExp {
    const source = url
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')
    return new RegExp(`^${source}/?$`)
  }

  return {
    add(methods: string | string[], url: string) {
      // The static files' catch-all (`/*`) says nothing about which paths exist.
      if (url.includes('*')) return
      let known = byUrl.get(url)
      if (!known) {
        known = new Set()
        byUrl.set(url, known)
        routes.push({ pattern: patternOf(url), methods: known })
      }
      for (const method of [methods].flat()) known.add(method.toUpperCase())
    },
    /** The methods some route answers for this path; empty when no route matches it. */
    allowedMethods(path: string): string[] {
      const allowed = new Set<string>()
      for (const route of routes) {
        if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method)
      }
      return [...allowed].sort()
    },
  }
}
