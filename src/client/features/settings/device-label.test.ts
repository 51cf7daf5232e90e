import { describe, expect, it } from 'vitest'
import { describeDevice, deviceLabel } from './device-label.ts'

const words = { on: (browser: string, os: string) => `${browser} on ${os}`, unknown: 'Unknown' }

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['', 'Unknown'],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent, words)).toBe(label)
  })

  it('knows a phone from a computer', () => {
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 14) Chrome/121 Mobile Safari/537.36').mobile,
    ).toBe(true)
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/126 Safari/537.36').mobile).toBe(
      false,
    )
  })
})
