import { describe, expect, it } from 'vitest'
import { reasonProblem } from './reason.ts'

describe('reasonProblem', () => {
  it('asks for at least 3 characters once trimmed', () => {
    expect(reasonProblem('  ab  ')).toMatch(/at least 3/)
    expect(reasonProblem('')).toMatch(/at least 3/)
    expect(reasonProblem('DSP-12 follow-up')).toBeNull()
  })

  it('refuses more than 500', () => {
    expect(reasonProblem('x'.repeat(501))).toMatch(/500/)
  })
})
