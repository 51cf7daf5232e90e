import type { AuditEntry } from './ops-api.ts'

/**
 * The `before` of the next older page, or null when this page is the oldest: a page shorter
 * than the page size has nothing behind it. Sequence numbers stay text (they may pass 2^53).
 */
export function olderCursor(entries: readonly AuditEntry[], pageSize: number): string | null {
  if (entries.length < pageSize) return null
  return entries.at(-1)?.seq ?? null
}

/** The `before` of the page the address asks for: a positive whole number, else the newest. */
export function cursorFromSearch(search: string): string | null {
  const before = new URLSearchParams(search).get('before')
  return before !== null && /^[1-9]\d{0,18}$/.test(before) ? before : null
}

/** What an entry was done to: "customer 1f2e…", or a dash. */
export function auditTarget(entry: AuditEntry): string {
  if (!entry.targetType && !entry.targetId) return '—'
  return [entry.targetType, entry.targetId].filter(Boolean).join(' ')
}
