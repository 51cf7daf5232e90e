import { describe, expect, it } from 'vitest'
import { createSealer } from './seal.ts'

describe('createSealer', () => {
  const sealer = createSealer('a server secret of enough length for tests')

  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const one = sealer.seal('4000001234567899')
    const two = sealer.seal('4000001234567899')
    expect(one).not.toBe(two)
    expect(one).not.toContain('4000001234567899')
    expect(sealer.open(one)).toBe('4000001234567899')
    expect(sealer.open(two)).toBe('4000001234567899')
  })

  it('refuses a tampered value and a value sealed with another secret', () => {
    const sealed = sealer.seal('123')
    const parts = sealed.split('.')
    const body = parts[3] ?? ''
    parts[3] = `${body.slice(0, -1)}${body.endsWith('A') ? 'B' : 'A'}`
    expect(() => sealer.open(parts.join('.'))).toThrow()
    expect(() => createSealer('another secret entirely, also long').open(sealed)).toThrow()
    expect(() => sealer.open('plain text')).toThrow('not a sealed value')
  })
})
