import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The security headers every response starts with (docs/security.md "Response headers"), as
 * helmet writes them.
 * Helmet is run once, here, against a response that is never sent, and its headers are kept:
 * the policy has no per-request part (no nonces), and helmet's middleware parses its whole
 * configuration each time it is built, which the Fastify plugin did for every request
 * (docs/performance.md "What limits it now").
 */
export function securityHeadersOf(options: HelmetOptions): OutgoingHttpHeaders {
  const request = new IncomingMessage(new Socket())
  const response = new ServerResponse(request)
  helmet(options)(request, response, () => undefined)
  return response.getHeaders()
}

/**
 * An onRequest hook that sets `headers` on the raw response, where helmet set them, so a
 * hijacked response (the event stream) has them too and a route can still remove one.
 */
export function sendSecurityHeaders(headers: OutgoingHttpHeaders) {
  const entries = Object.entries(headers)
  return (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    for (const [name, value] of entries) if (value !== undefined) reply.raw.setHeader(name, value)
    done()
  }
}
