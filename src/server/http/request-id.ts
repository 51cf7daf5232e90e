import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** An incoming id is kept only if it is short and plain, so it is safe in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Each request's id: the caller's `X-Request-Id` when it is sane (a proxy or a client that
 * traces its calls), else a new uuid. Every log line of the request carries it, and so does the
 * response, so one id follows a request through proxy, server and logs.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const header = raw.headers['x-request-id']
  const incoming = Array.isArray(header) ? header[0] : header
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/** An onSend hook: the response names the request it answers. */
export async function sendRequestId(request: FastifyRequest, reply: FastifyReply) {
  reply.header('X-Request-Id', request.id)
}
