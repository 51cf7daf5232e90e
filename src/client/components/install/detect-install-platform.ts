/** Which set of install instructions fits the visitor's device (docs/screens.md "Install"). */
export type InstallPlatform = 'ios' | 'android' | 'desktop'

/**
 * Picks the instructions from the user agent. iPadOS 13 and later present themselves as a
 * Mac, so a "Macintosh" with a touch screen is treated as an iPad.
 */
export function detectInstallPlatform(userAgent: string, maxTouchPoints: number): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return 'desktop'
}
