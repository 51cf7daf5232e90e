import type { FastifyReply, FastifyRequest } from 'fastify'
import { refusalBody } from '#server/i18n/render-error.ts'
import { msg } from '#shared/errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a state-changing request came from another site. A browser says where a request
 * came from: `Origin` on every cross-origin POST (the literal `null` from sandboxed frames,
 * `data:` pages and some redirects), and `Sec-Fetch-Site` on every request. A request with
 * neither header is not a browser's (an API client, the signed payout webhook) and is judged by
 * its authentication alone. SameSite=Lax cookies already keep sessions off most cross-site
 * POSTs; this does not rely on them alone (docs/security.md).
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin
  if (origin !== undefined) {
    if (origin === 'null') return true
    try {
      // Both read as URLs of the origin's scheme, so a default port written out in Host
      // (localhost:80, example.com:443) still matches the Origin that leaves it out.
      const from = new URL(origin)
      return new URL(`${from.protocol}//${request.headers.host ?? ''}`).host !== from.host
    } catch {
      return true
    }
  }
  return request.headers['sec-fetch-site'] === 'cross-site'
}

/** Refuses (403) a state-changing request that another site made a browser send. */
export async function refuseCrossSiteRequests(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method) || !isCrossSiteRequest(request)) return
  return reply.status(403).send(refusalBody(request, 'FORBIDDEN', msg('crossSiteRequestRefused')))
}
