/**
 * Whether a database error (possibly wrapped by Drizzle as its `cause`) is a unique-constraint
 * violation, optionally of one named constraint. Both pg and PGlite report SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    if ('code' in current && current.code === '23505') {
      if (constraint === undefined) return true
      return 'constraint' in current && current.constraint === constraint
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}
