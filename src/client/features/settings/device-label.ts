/** What a user agent string says in words a person knows: the browser and the system. */
export type DeviceInfo = {
  browser: string | null
  os: string | null
  mobile: boolean
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

function firstMatch(text: string, table: readonly [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null
}

export function describeDevice(userAgent: string): DeviceInfo {
  const os = firstMatch(userAgent, SYSTEMS)
  return {
    browser: firstMatch(userAgent, BROWSERS),
    os,
    mobile: os === 'iOS' || os === 'Android' || /\bMobile\b/.test(userAgent),
  }
}

/**
 * "Chrome on Linux", "Safari on iOS"; a bare browser or system when only one is known; else
 * the agent's first word ("curl/8.5.0"), else the caller's fallback.
 */
export function deviceLabel(
  userAgent: string,
  words: { on: (browser: string, os: string) => string; unknown: string },
): string {
  const { browser, os } = describeDevice(userAgent)
  if (browser && os) return words.on(browser, os)
  if (browser ?? os) return browser ?? os ?? words.unknown
  const firstWord = userAgent.trim().split(/\s+/)[0]
  return firstWord ? firstWord.slice(0, 40) : words.unknown
}
