import { describe, expect, it } from 'vitest'
import { formatUptime } from './format-uptime.ts'

describe('formatUptime', () => {
  it('starts at the largest unit that is not zero', () => {
    expect(formatUptime(0)).toBe('0s')
    expect(formatUptime(42.9)).toBe('42s')
    expect(formatUptime(3725)).toBe('1h 2m 5s')
    expect(formatUptime(90_061)).toBe('1d 1h 1m 1s')
  })

  it('keeps the zero units below the first one', () => {
    expect(formatUptime(86_400)).toBe('1d 0h 0m 0s')
    expect(formatUptime(3_600)).toBe('1h 0m 0s')
  })
})
