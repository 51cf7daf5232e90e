import { describe, expect, it } from 'vitest'
import { auditTarget, cursorFromSearch, olderCursor } from './audit-paging.ts'
import type { AuditEntry } from './ops-api.ts'

function entry(seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    seq: String(seq),
    at: '2026-01-01T00:00:00Z',
    actor: 'ada@sabi.example',
    action: 'customer.open',
    targetType: 'customer',
    targetId: 'c1',
    reason: null,
    details: {},
    hash: 'h',
    ...overrides,
  }
}

describe('olderCursor', () => {
  it('pages on from the last entry of a full page', () => {
    expect(olderCursor([entry(10), entry(9), entry(8)], 3)).toBe('8')
  })

  it('stops at a short page', () => {
    expect(olderCursor([entry(2), entry(1)], 3)).toBeNull()
    expect(olderCursor([], 3)).toBeNull()
  })
})

describe('cursorFromSearch', () => {
  it('reads a positive whole number only', () => {
    expect(cursorFromSearch('?before=51')).toBe('51')
    expect(cursorFromSearch('before=51')).toBe('51')
    expect(cursorFromSearch('?before=0')).toBeNull()
    expect(cursorFromSearch('?before=abc')).toBeNull()
    expect(cursorFromSearch('')).toBeNull()
  })
})

describe('auditTarget', () => {
  it('joins type and id', () => {
    expect(auditTarget(entry(1))).toBe('customer c1')
    expect(auditTarget(entry(1, { targetType: null, targetId: null }))).toBe('—')
    expect(auditTarget(entry(1, { targetId: null }))).toBe('customer')
  })
})
