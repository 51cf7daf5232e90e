import type { FastifyRequest } from 'fastify'
import { describeDatabaseError } from '#server/db/errors.ts'
import { clientAddress } from '#server/http/client-address.ts'

// A log line is read by more people, and kept longer, than the database: it must never hold a
// password hash, a TOTP secret, a card number, a session id, a token, a PIN or anything a user
// typed into a query string. These serializers are the one place that decides what of an error
// or a request reaches the log (docs/operations.md "Logs").

/** Stack frames only: an error's first stack line repeats its message, which may hold data. */
function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n')
}

// Drizzle wraps every failed query in an error whose message is the SQL text followed by its
// parameters; node-postgres and PGlite errors may quote a parameter in their message too
// ('invalid input syntax for type uuid: "..."'). Such messages are never logged.
function isQueryWrapper(error: Error): boolean {
  return error.name === 'DrizzleQueryError' || error.message.startsWith('Failed query:')
}

export type SerializedError = {
  type: string
  message: string
  stack: string
  code?: string
  cause?: SerializedError
  [key: string]: unknown
}

/**
 * What of an error may be logged: a database error by its SQLSTATE and constraint (never its
 * message, detail or parameters), any other error by its name, code, message and stack frames,
 * and the same for its causes.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  const database = describeDatabaseError(error)
  if (database) {
    return {
      type: 'DatabaseError',
      message: `database error ${database.code}`,
      stack: '',
      ...database,
    }
  }
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' }
  const code: unknown = 'code' in error ? error.code : undefined
  const cause: unknown = 'cause' in error ? error.cause : undefined
  return {
    type: error.name,
    message: isQueryWrapper(error) ? 'query failed' : error.message.slice(0, 500),
    stack: framesOf(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  }
}

/** Route parameters that are secrets: a receipt's check code opens the receipt to anyone. */
const SECRET_PARAMS = /:(code|token)\b/
/** Pages whose path carries such a code: the receipt check page (docs/receipts.md). */
const SECRET_PAGES: readonly [RegExp, string][] = [[/^\/verify\/[^/]+/, '/verify/:code']]

/**
 * The path as logged: a path whose route has a secret parameter is logged as its route, and a
 * page path that carries a code has it replaced, so no log line holds a receipt code (issue 32).
 */
function loggedPath(request: FastifyRequest): string {
  const route = request.routeOptions?.url
  if (route && SECRET_PARAMS.test(route)) return route
  let path = request.url.split('?')[0]?.slice(0, 300) ?? ''
  for (const [pattern, replacement] of SECRET_PAGES) path = path.replace(pattern, replacement)
  return path
}

/**
 * A request as logged: method, path and route, never the query string (search terms, dates,
 * cursors, tokens), a secret in the path, nor any header but a few that identify the client.
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    path: loggedPath(request),
    ...(request.routeOptions?.url ? { route: request.routeOptions.url } : {}),
    remoteAddress: clientAddress(request),
  }
}
