/** An error and its causes, outermost first: Drizzle wraps the driver's error as `cause`. */
function chainOf(error: unknown): object[] {
  const chain: object[] = []
  for (let current: unknown = error; chain.length < 5; ) {
    if (typeof current !== 'object' || current === null) break
    chain.push(current)
    current = 'cause' in current ? current.cause : undefined
  }
  return chain
}

function stringField(value: object, name: string): string | undefined {
  const field: unknown = Reflect.get(value, name)
  return typeof field === 'string' ? field : undefined
}

/**
 * The driver's error within a failure: the first in the chain with a five-character SQLSTATE
 * `code` (both pg and PGlite report one) and a `severity`, which only the server sends.
 */
function databaseErrorOf(error: unknown): object | undefined {
  return chainOf(error).find(
    (item) => /^[0-9A-Z]{5}$/.test(stringField(item, 'code') ?? '') && 'severity' in item,
  )
}

/**
 * Whether a database error is a unique-constraint violation, optionally of one named
 * constraint. Both pg and PGlite report SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error)
  if (!found || stringField(found, 'code') !== '23505') return false
  return constraint === undefined || stringField(found, 'constraint') === constraint
}

// SQLSTATEs that say the database went away or could not take the work, not that the query
// was wrong: connection exceptions (class 08), operator intervention (57: shutdown, crash,
// cannot connect now, statement or lock time-outs), too many connections, and an idle
// transaction ended by the server. Retrying later is the right answer to each.
const UNAVAILABLE_STATES = /^(08...|57P0[1-5]|57014|53300|53400|25P03)$/

// What node-postgres and Node's sockets say when the connection itself failed; these carry no
// SQLSTATE because no server answered.
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery mode)/

/**
 * Whether an error means the database is unreachable or restarting rather than that the
 * request was wrong: such a request is answered 503 with Retry-After, and may be retried with
 * the same Idempotency-Key (docs/operations.md "When PostgreSQL restarts").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chainOf(error).some((item) => {
    const code = stringField(item, 'code') ?? ''
    return (
      UNAVAILABLE_STATES.test(code) ||
      CONNECTION_FAILURES.has(code) ||
      CONNECTION_MESSAGES.test(stringField(item, 'message') ?? '')
    )
  })
}

/**
 * What of a database error may be logged: its SQLSTATE, constraint, table and column, never
 * the query's parameters (a password hash, a card number) nor the text Drizzle builds around
 * them. Undefined when the error did not come from the database.
 */
export function describeDatabaseError(error: unknown): Record<string, string> | undefined {
  const found = databaseErrorOf(error)
  if (!found) return undefined
  const picked: Record<string, string> = {}
  for (const name of ['code', 'constraint', 'table', 'column', 'routine']) {
    const value = stringField(found, name)
    if (value !== undefined) picked[name] = value
  }
  return picked
}
