/**
 * A 24h change in percent as the server sends it ("2.45", "-1.20", "0.00") with an explicit
 * sign, and whether it is not a fall: a non-negative change is shown in green and a negative
 * one in red (docs/screens.md "Display rules"). Works on the text, so "-0.00" is not a fall.
 */
export function describeChange(changeText: string): { text: string; rising: boolean } {
  const trimmed = changeText.trim()
  const magnitude = trimmed.replace(/^[-+]/, '')
  const falling = trimmed.startsWith('-') && /[1-9]/.test(magnitude)
  return { text: `${falling ? '-' : '+'}${magnitude}%`, rising: !falling }
}
