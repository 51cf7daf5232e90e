import { AppError, amountParam, type Message, msg } from './errors.ts'
import { issueKey, issueMessage } from './schemas/issue-message.ts'

/**
 * The only place amounts are converted (docs/money.md). An amount is an integer count of minor
 * units of one asset; text is parsed straight to minor units with the asset's exponent and
 * never goes through a JavaScript number.
 */

/** Each asset's fixed exponent: how many decimals its minor unit has. */
export const ASSET_EXPONENTS = {
  USD: 2,
  NGN: 2,
  ZAR: 2,
  KES: 2,
  GHS: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  INR: 2,
  CNY: 2,
  AED: 2,
  SAR: 2,
  JMD: 2,
  TTD: 2,
  MXN: 2,
  BRL: 2,
  BTC: 8,
  ETH: 8,
  BNB: 8,
  USDT: 6,
} as const

export type AssetCode = keyof typeof ASSET_EXPONENTS

export type Money<A extends AssetCode = AssetCode> = {
  readonly amountMinor: bigint
  readonly asset: A
}

/**
 * The largest amount of any one asset Sabi handles in a single balance or movement:
 * 10^13 - 1 major units of a 2-decimal currency fits a decimal(15,2) column, and the same
 * number of minor units bounds the crypto assets, well inside a signed 64-bit BIGINT.
 */
export const MAX_AMOUNT_MINOR = 999_999_999_999_999n

export function isAssetCode(value: string): value is AssetCode {
  return Object.hasOwn(ASSET_EXPONENTS, value)
}

export function exponentOf(asset: AssetCode): number {
  return ASSET_EXPONENTS[asset]
}

export function money<A extends AssetCode>(amountMinor: bigint, asset: A): Money<A> {
  return { amountMinor, asset }
}

export function zero<A extends AssetCode>(asset: A): Money<A> {
  return { amountMinor: 0n, asset }
}

export type ParseFailure = 'not_a_number' | 'too_many_decimals' | 'negative' | 'too_large'

export type ParseResult<A extends AssetCode> =
  | { ok: true; value: Money<A> }
  | { ok: false; reason: ParseFailure; message: string }

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/

/**
 * Turns a decimal text (or a JSON number, through its decimal text) into minor units of
 * `asset`. More decimals than the asset allows is refused, never rounded; so is a negative
 * amount and one above MAX_AMOUNT_MINOR. Exponent notation is refused: "1e3" is not how a
 * person writes money.
 */
export function parseMoney<A extends AssetCode>(input: string | number, asset: A): ParseResult<A> {
  const text = typeof input === 'number' ? numberToDecimalText(input) : input.trim()
  const match = text === undefined ? null : DECIMAL_PATTERN.exec(text)
  if (!match) return { ok: false, reason: 'not_a_number', message: 'amountNumber' }
  const [, sign, whole = '0', fraction = ''] = match
  const exponent = exponentOf(asset)
  if (fraction.length > exponent) {
    return {
      ok: false,
      reason: 'too_many_decimals',
      message: issueKey('amountCanHaveMost', { decimals: exponent, asset }),
    }
  }
  const minor =
    BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0')
  if (sign === '-' && minor !== 0n) {
    return { ok: false, reason: 'negative', message: 'amountCannotNegative' }
  }
  if (minor > MAX_AMOUNT_MINOR) {
    return { ok: false, reason: 'too_large', message: 'amountTooLarge' }
  }
  return { ok: true, value: { amountMinor: minor, asset } }
}

/**
 * A JSON number's shortest round-trip text, which is what the sender typed for any amount a
 * person would send. Exponent forms (1e21, 1e-7) are refused by returning undefined.
 */
function numberToDecimalText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined
  const text = String(value)
  return /e/i.test(text) ? undefined : text
}

/** The wire form: a decimal string with exactly the asset's decimals ("1500.00"). */
export function formatMoney(value: Money): string {
  return formatMinor(value.amountMinor, exponentOf(value.asset))
}

/** Formats minor units with a fixed number of decimals, exactly, for any size. */
export function formatMinor(amountMinor: bigint, exponent: number): string {
  const negative = amountMinor < 0n
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(exponent + 1, '0')
  const whole = digits.slice(0, digits.length - exponent)
  const fraction = digits.slice(digits.length - exponent)
  return `${negative ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`
}

/**
 * Groups the whole part of a decimal string with commas for display ("1234567.50" →
 * "1,234,567.50"), working on the text so no precision is lost on the way to the screen.
 */
export function groupDigits(decimalText: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(decimalText)
  if (!match) return decimalText
  const [, sign = '', whole = '', fraction = ''] = match
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`
}

function assertSameAsset(a: Money, b: Money): void {
  if (a.asset !== b.asset) throw new Error(`asset mismatch: ${a.asset} and ${b.asset}`)
}

/** Adds two amounts of the same asset; adding different assets does not compile. */
export function add<A extends AssetCode>(a: Money<A>, b: Money<NoInfer<A>>): Money<A> {
  assertSameAsset(a, b)
  return { amountMinor: a.amountMinor + b.amountMinor, asset: a.asset }
}

export function subtract<A extends AssetCode>(a: Money<A>, b: Money<NoInfer<A>>): Money<A> {
  assertSameAsset(a, b)
  return { amountMinor: a.amountMinor - b.amountMinor, asset: a.asset }
}

export function compare<A extends AssetCode>(a: Money<A>, b: Money<NoInfer<A>>): -1 | 0 | 1 {
  assertSameAsset(a, b)
  return a.amountMinor < b.amountMinor ? -1 : a.amountMinor > b.amountMinor ? 1 : 0
}

/** Divides and rounds half away from zero (half-up for the non-negative amounts money has). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new Error('division by zero')
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const quotient = (n * 2n + d) / (2n * d)
  return negative ? -quotient : quotient
}

/**
 * Which way a division rounds to the minor unit (docs/money.md "Rounding"): what the customer
 * receives rounds down and what they pay rounds up, so rounding never pays the customer at the
 * house's expense; `halfUp` is for figures that only show (a total's estimate, an average).
 */
export type Rounding = 'down' | 'up' | 'halfUp'

/** Divides a non-negative numerator by a positive denominator, rounding as asked. */
export function divideRounding(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new Error('the denominator must be positive')
  if (numerator < 0n) throw new Error('the numerator must not be negative')
  if (rounding === 'halfUp') return divideRoundHalfUp(numerator, denominator)
  const quotient = numerator / denominator
  return rounding === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient
}

/**
 * A fee of `basisPoints` hundredths of a percent of `amount` (2% is 200 basis points; 0.5% is
 * 50), rounded up to the minor unit: a fee is paid by the customer, and a fraction of a kobo
 * rounded away would be the house's loss, repeatable by anyone (issue 32).
 */
export function percentageOf<A extends AssetCode>(amount: Money<A>, basisPoints: bigint): Money<A> {
  return {
    amountMinor: divideRounding(amount.amountMinor * basisPoints, 10_000n, 'up'),
    asset: amount.asset,
  }
}

/**
 * Reads an amount a user asked to move: a decimal text or JSON number of `asset`, above zero
 * (the minimum is one minor unit, 0.01 for a currency) and at most `maxMinor`. Bad
 * input is a typed 400 naming the field, never a rounding.
 */
export function parseAmountOrThrow<A extends AssetCode>(
  input: string | number,
  asset: A,
  options: { maxMinor?: bigint; field?: string } = {},
): Money<A> {
  const field = options.field ?? 'amount'
  const refuse = (message: Message): never => {
    throw new AppError('VALIDATION_FAILED', message, [{ path: field, message }])
  }
  const parsed = parseMoney(input, asset)
  if (!parsed.ok)
    return refuse(parsed.reason === 'negative' ? msg('amountGreaterThan0') : issueMessage(parsed))
  if (parsed.value.amountMinor <= 0n) return refuse(msg('amountGreaterThan0'))
  const max = options.maxMinor ?? MAX_AMOUNT_MINOR
  if (parsed.value.amountMinor > max) {
    return refuse(
      msg('amountCanMostMax', {
        max: amountParam(formatMinor(max, exponentOf(asset)), null),
        asset,
      }),
    )
  }
  return parsed.value
}

/**
 * Reads an exact decimal text (a rate or a price, as PostgreSQL's numeric returns it) as an
 * integer scaled by 10^scale: "1530.5" at scale 6 is 1530500000n. More decimals than the
 * scale holds are refused rather than silently cut.
 */
export function parseScaled(text: string, scale: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim())
  if (!match) throw new Error(`not a decimal: ${text}`)
  const [, sign, whole = '0', rawFraction = ''] = match
  const fraction = rawFraction.replace(/0+$/, '')
  if (fraction.length > scale) throw new Error(`${text} has more than ${scale} decimals`)
  const value = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0')
  return sign ? -value : value
}

/** Rates travel with 6 decimals (docs/money.md "Rates"): 1530.000000 is 1530000000n micro-units. */
export const RATE_SCALE = 6

/**
 * Converts an amount at a rate given in micro-units (the rate has RATE_SCALE decimals) into
 * another asset, to the target's minor unit (docs/money.md "Rounding"): `down` for what a
 * customer receives, `up` for what they pay, `halfUp` for a figure that only shows.
 */
export function convertAtRate<A extends AssetCode, B extends AssetCode>(
  amount: Money<A>,
  rateMicro: bigint,
  to: B,
  rounding: Rounding,
): Money<B> {
  if (rateMicro <= 0n) throw new Error('a rate must be positive')
  const shift = exponentOf(to) - exponentOf(amount.asset) - RATE_SCALE
  const numerator = amount.amountMinor * rateMicro * (shift > 0 ? 10n ** BigInt(shift) : 1n)
  const denominator = shift < 0 ? 10n ** BigInt(-shift) : 1n
  return { amountMinor: divideRounding(numerator, denominator, rounding), asset: to }
}
