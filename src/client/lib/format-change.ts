import { currentLanguage, type Language } from '#client/i18n/language.ts'
import { isDecimalText, numberLocaleOf } from '#shared/write-amount.ts'

function decimalsOf(text: `${number}`): number {
  return text.split('.')[1]?.length ?? 0
}

const formats = new Map<string, Intl.NumberFormat>()

function percentFormat(
  language: Language,
  decimals: number,
  style: 'unit' | 'decimal',
  sign: 'auto' | 'always',
): Intl.NumberFormat {
  const key = `${language}|${decimals}|${style}|${sign}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(numberLocaleOf(language), {
      ...(style === 'unit' ? { style: 'unit', unit: 'percent' } : { style: 'decimal' }),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: sign,
    })
    formats.set(key, format)
  }
  return format
}

/**
 * A percent figure as the server or the screen writes it ("1.5", "2.45"), in the user's
 * language ("1,5" in French), its decimals kept as they are and never through a float. The
 * catalog places the "%" the language's way. Text that is not a plain number is shown as it came.
 */
export function formatPercentNumber(
  percentText: string,
  options: { language?: Language } = {},
): string {
  const trimmed = percentText.trim()
  if (!isDecimalText(trimmed)) return percentText
  const language = options.language ?? currentLanguage()
  return percentFormat(language, decimalsOf(trimmed), 'decimal', 'auto').format(trimmed)
}

/**
 * A percent figure ("0.5", "2") with its "%" in the user's language: "0.5%" in English,
 * "0,5 %" in French, its decimals kept as they are, never through a float.
 */
export function formatPercent(percentText: string, options: { language?: Language } = {}): string {
  const trimmed = percentText.trim()
  if (!isDecimalText(trimmed)) return `${percentText}%`
  const language = options.language ?? currentLanguage()
  return percentFormat(language, decimalsOf(trimmed), 'unit', 'auto').format(trimmed)
}

/** Basis points as the percent figure they are, exactly: 50 → "0.5", 125 → "1.25", 200 → "2". */
export function basisPointsPercentText(basisPoints: bigint): string {
  const sign = basisPoints < 0n ? '-' : ''
  const magnitude = basisPoints < 0n ? -basisPoints : basisPoints
  const hundredths = (magnitude % 100n).toString().padStart(2, '0').replace(/0+$/, '')
  return `${sign}${magnitude / 100n}${hundredths ? `.${hundredths}` : ''}`
}

/**
 * A 24h change in percent as the server sends it ("2.45", "-1.20", "0.00") with an explicit
 * sign, in the user's language ("+2.45%" in English, "+2,45 %" in French), and whether it is
 * not a fall: a non-negative change is shown in green and a negative one in red
 * (docs/screens.md "Display rules"). Works on the text, so "-0.00" is not a fall.
 */
export function describeChange(
  changeText: string,
  options: { language?: Language } = {},
): { text: string; rising: boolean } {
  const trimmed = changeText.trim()
  const magnitude = trimmed.replace(/^[-+]/, '')
  const falling = trimmed.startsWith('-') && /[1-9]/.test(magnitude)
  const signed = falling ? `-${magnitude}` : magnitude
  if (!isDecimalText(signed)) return { text: `${falling ? '' : '+'}${signed}%`, rising: !falling }
  const language = options.language ?? currentLanguage()
  const format = percentFormat(language, decimalsOf(signed), 'unit', 'always')
  return { text: format.format(signed), rising: !falling }
}
