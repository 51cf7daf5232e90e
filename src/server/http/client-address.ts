import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import type { TrustProxy } from '#server/config.ts'

/**
 * The client's address for per-address limits and the login activity list. Fastify reads it
 * from X-Forwarded-For only as far as TRUST_PROXY allows; a forwarded value that is not an IP
 * address (garbage, or kilobytes of it) falls back to the address of the peer that sent it, so
 * a forged header can neither escape a limit nor break a query.
 */
export function clientAddress(request: FastifyRequest): string {
  if (isIP(request.ip) !== 0) return request.ip
  const peer = request.socket.remoteAddress
  return peer && isIP(peer) !== 0 ? peer : 'unknown'
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts the nearest n hops, as Express does
 * (Fastify would read a bare number as "trust nobody"); a list is compiled by proxy-addr.
 */
export function trustProxyOption(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy
  const hops = trustProxy
  return (_address, hop) => hop < hops
}
