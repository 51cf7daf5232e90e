import { describe, expect, it } from 'vitest'
import { detectInstallPlatform } from './detect-install-platform.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

describe('detectInstallPlatform', () => {
  it('gives iPhone and iPad the Safari instructions', () => {
    expect(detectInstallPlatform(IPHONE, 5)).toBe('ios')
    expect(detectInstallPlatform(IPAD_AS_MAC, 5)).toBe('ios')
  })

  it('gives Android the Chrome menu instructions', () => {
    expect(detectInstallPlatform(ANDROID, 5)).toBe('android')
  })

  it('gives everything else the desktop instructions, including a Mac without touch', () => {
    expect(detectInstallPlatform(WINDOWS, 0)).toBe('desktop')
    expect(detectInstallPlatform(IPAD_AS_MAC, 0)).toBe('desktop')
  })
})
