import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { failedStepMessage, stepOfMessage, TIMELINE_STEPS } from './timeline-steps.ts'

describe('timeline steps', () => {
  it('names the step of every message Sabi writes', () => {
    for (const [step, message] of Object.entries(TIMELINE_STEPS)) {
      expect(stepOfMessage(message)).toEqual({ step })
    }
  })

  it('reads back the reason of any failure, whatever the provider wrote', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), (reason) => {
        expect(stepOfMessage(failedStepMessage(reason))).toEqual({ step: 'failed', reason })
      }),
    )
  })

  it('names no step for other text', () => {
    expect(stepOfMessage('Held for review by operations')).toBeUndefined()
    expect(stepOfMessage('delivered')).toBeUndefined()
  })
})
