const UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
] as const

/** Seconds from the largest unit that is not zero down to seconds: 3725 → "1h 2m 5s". */
export function formatUptime(totalSeconds: number): string {
  let remaining = Math.max(0, Math.floor(totalSeconds))
  const parts: string[] = []
  for (const [unit, size] of UNITS) {
    const count = Math.floor(remaining / size)
    remaining -= count * size
    if (count > 0 || parts.length > 0 || unit === 's') parts.push(`${count}${unit}`)
  }
  return parts.join(' ')
}
