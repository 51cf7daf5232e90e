import { isIP } from 'node:net'
import { z } from 'zod'
import {
  DEFAULT_TIER_LIMITS,
  KYC_TIERS,
  parseTierLimits,
  TIER_LIMITS_PATTERN,
  type TierLimits,
} from '#shared/kyc-tiers.ts'

/** An HTTP SMS gateway's settings (providers/http-sms-sender.ts; docs/running.md). */
export type HttpSmsOptions = {
  /** The gateway's send endpoint, e.g. `https://api.africastalking.com/version1/messaging`. */
  url: string
  username: string
  apiKey: string
  /** The registered sender name or short code; without it the gateway's default. */
  senderId?: string | undefined
}

function tierLimitsSchema(tier: number) {
  return z
    .string()
    .regex(
      TIER_LIMITS_PATTERN,
      `KYC_TIER_${tier}_LIMITS must be "single,daily,balance" in whole naira (balance may be "none"), each above 0`,
    )
    .optional()
}

/**
 * Every environment variable Sabi reads, parsed once at start (docs/running.md "Configuration"). A
 * bad value stops start-up with one clear line rather than surfacing later as a strange failure.
 */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    DATABASE_LISTEN_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_LISTEN_URL must be a postgres:// URL')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SANDBOX: z.enum(['0', '1']).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(20),
    RECOVERY_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(5),
    LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
    FX_RATES_URL: z.url({ error: 'FX_RATES_URL must be a URL' }).optional(),
    MARKET_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(5_000).default(0),
    TRUST_PROXY: z
      .string()
      .trim()
      .refine(
        (value) =>
          /^\d{1,2}$/.test(value) ||
          value.split(',').every((entry) => isTrustedProxyEntry(entry.trim())),
        'TRUST_PROXY must be a hop count (0-99) or a comma-separated list of addresses or CIDR ranges',
      )
      .optional(),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    KYC_TIER_1_LIMITS: tierLimitsSchema(1),
    KYC_TIER_2_LIMITS: tierLimitsSchema(2),
    KYC_TIER_3_LIMITS: tierLimitsSchema(3),
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    PAYOUT_WEBHOOK_SECRET: z
      .string()
      .min(32, 'PAYOUT_WEBHOOK_SECRET must be at least 32 characters')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).max(254).default('Sabi <no-reply@sabi.app>'),
    SMS_API_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'SMS_API_URL must be an http:// or https:// URL')
      .optional(),
    SMS_API_USERNAME: z.string().min(1).max(100).optional(),
    SMS_API_KEY: z.string().min(8).max(200).optional(),
    SMS_SENDER_ID: z.string().min(1).max(11).optional(),
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#\s]+$/, 'PUBLIC_URL must be an origin such as https://sabi.example')
      .optional(),
    VAPID_PUBLIC_KEY: z.string().min(40).max(200).optional(),
    VAPID_PRIVATE_KEY: z.string().min(20).max(100).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/)
      .default('mailto:support@sabi.app'),
    USSD_GATEWAY_TOKEN: z
      .string()
      .min(32, 'USSD_GATEWAY_TOKEN must be at least 32 characters')
      .max(200, 'USSD_GATEWAY_TOKEN must be at most 200 characters')
      .optional(),
    USSD_SERVICE_CODE: z
      .string()
      .regex(/^\*\d{1,4}(\*\d{1,4}){0,3}#$/, 'USSD_SERVICE_CODE must look like *347*123#')
      .default('*347*123#'),
    USSD_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    FOUR_EYES_THRESHOLD_NAIRA: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(
        /^sk_(live|test)_[A-Za-z0-9_]{8,200}$/,
        'PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_live_… or sk_test_…)',
      )
      .optional(),
    PAYSTACK_BASE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, 'PAYSTACK_BASE_URL must be an http:// or https:// URL')
      .default('https://api.paystack.co'),
    FLUTTERWAVE_SECRET_KEY: z
      .string()
      .regex(
        /^FLWSECK(_TEST)?-[A-Za-z0-9]{8,200}-X$/,
        'FLUTTERWAVE_SECRET_KEY must be a Flutterwave secret key (FLWSECK-…-X or FLWSECK_TEST-…-X)',
      )
      .optional(),
    FLUTTERWAVE_BASE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, 'FLUTTERWAVE_BASE_URL must be an http:// or https:// URL')
      .default('https://api.flutterwave.com/v3'),
    SMILE_ID_PARTNER_ID: z
      .string()
      .regex(/^\d{1,10}$/, 'SMILE_ID_PARTNER_ID must be the partner id the Smile ID portal shows')
      .optional(),
    SMILE_ID_API_KEY: z
      .string()
      .regex(/^\S{16,500}$/, 'SMILE_ID_API_KEY must be the API key from the Smile ID portal')
      .optional(),
    SMILE_ID_BASE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/, 'SMILE_ID_BASE_URL must be an http:// or https:// URL')
      .default('https://api.smileidentity.com'),
  })
  .refine((env) => env.DATABASE_URL === undefined || env.SESSION_SECRET !== undefined, {
    message: 'SESSION_SECRET is required when DATABASE_URL is set',
    path: ['SESSION_SECRET'],
  })
  // Embedded PGlite lives inside one process: several workers need PostgreSQL.
  .refine((env) => env.WORKERS === 1 || env.DATABASE_URL !== undefined, {
    message: 'WORKERS above 1 needs DATABASE_URL (PostgreSQL)',
    path: ['WORKERS'],
  })
  // A LISTEN address with nothing to listen beside is a mistake to say, not to ignore.
  .refine((env) => env.DATABASE_LISTEN_URL === undefined || env.DATABASE_URL !== undefined, {
    message: 'DATABASE_LISTEN_URL needs DATABASE_URL (PostgreSQL)',
    path: ['DATABASE_LISTEN_URL'],
  })

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  if (rest.length > 0 || isIP(address) === 0) return false
  if (bits === undefined) return true
  const max = isIP(address) === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

/**
 * Which proxies' X-Forwarded-For to believe: none (false), the last n hops, or the listed
 * addresses. Per-address limits use the client address this yields (docs/operations.md).
 */
export type TrustProxy = false | number | string[]

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === '0') return false
  if (/^\d+$/.test(value)) return Number(value)
  return value.split(',').map((entry) => entry.trim())
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  /** A PostgreSQL URL, or undefined for embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined
  /**
   * Where the one connection that LISTENs goes, when `databaseUrl` is a transaction pooler that
   * cannot keep a LISTEN (docs/running.md "Several instances"); else `databaseUrl` itself.
   */
  databaseListenUrl: string | undefined
  /** Undefined in embedded mode, where a secret is kept in `dataDir` instead. */
  sessionSecret: string | undefined
  /** Simulated providers and the demo account; on by default only without DATABASE_URL. */
  sandbox: boolean
  logLevel: string
  /** Secure cookies need HTTPS, which production has and a laptop does not. */
  secureCookies: boolean
  /** How many money POSTs one user may make per minute (load tests raise it). */
  moneyRateLimitPerMinute: number
  /** How many accounts one address may create per 15 minutes (load tests raise it). */
  signupRateLimitPer15Minutes: number
  /**
   * How many reset links and verification messages one address may ask for per 15 minutes:
   * each sends an e-mail or SMS to someone (end-to-end runs, all from one address, raise it).
   */
  recoveryRateLimitPer15Minutes: number
  /** Failed sign-ins (or re-authentications) from one address per 15 minutes before a 429. */
  loginFailuresPerAddress: number
  /** A live rates feed (JSON shape in README); without it sandbox mode simulates the market. */
  fxRatesUrl: string | undefined
  marketRefreshSeconds: number
  /**
   * How long, after SIGTERM or SIGINT, the server keeps accepting requests with GET /api/ready
   * answering 503, so a load balancer stops sending traffic before the listener closes.
   */
  shutdownDelayMs: number
  /** Whose X-Forwarded-For to believe (TRUST_PROXY); unset trusts no proxy. */
  trustProxy: TrustProxy
  /** With it, GET /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken: string | undefined
  /** What each KYC tier may send and hold (KYC_TIER_n_LIMITS; docs/limits.md). */
  tierLimits: TierLimits[]
  /** Signs payout providers' result callbacks; without it the webhook accepts nothing. */
  payoutWebhookSecret: string | undefined
  /** How many server processes share the port (WORKERS, node:cluster; ADR 008). */
  workers: number
  /** E-mail goes out over this SMTP server (docs/notifications.md); unset, sandbox keeps it. */
  smtpUrl: string | undefined
  mailFrom: string
  /** SMS goes out through this HTTP gateway (docs/operations.md "SMS"); unset, sandbox keeps it. */
  sms: HttpSmsOptions | undefined
  /** Where links in e-mails point; never taken from a request's Host header. */
  publicUrl: string
  /** Web Push keys; unset, a pair is generated into DATA_DIR (src/server/vapid-keys.ts). */
  vapid: { publicKey: string; privateKey: string; subject: string } | { subject: string }
  /**
   * What the USSD gateway sends as `X-USSD-Token` (docs/ussd.md); unset, POST /api/ussd answers
   * 404: the channel is off.
   */
  ussdGatewayToken: string | undefined
  /** The code people dial, shown by the sandbox simulator (docs/ussd.md). */
  ussdServiceCode: string
  /** USSD requests one phone number may make per minute (docs/ussd.md "Limits"). */
  ussdRequestsPerMinute: number
  /**
   * Paystack, when its secret key is set: bank payouts, the bank directory, top-ups by card and
   * by bank transfer, in place of the sandbox's bank and funding parties (docs/paystack.md).
   */
  paystack: { secretKey: string; baseUrl: string } | undefined
  /**
   * Refunds and adjustments above this many naira wait for a second operator
   * (docs/operations-console.md "Four eyes").
   */
  fourEyesThresholdNaira: number
  /**
   * Flutterwave, when its secret key is set: the bill catalogue, customer checks and bill
   * payments, in place of the sandbox's biller (docs/flutterwave.md).
   */
  flutterwave: { secretKey: string; baseUrl: string } | undefined
  /**
   * Smile ID, when its partner id and API key are set: identity checks of BVNs, NINs and South
   * African and Kenyan national IDs, in place of the sandbox's registry (docs/smile-id.md).
   */
  smileId: SmileIdSettings | undefined
}

/** Smile ID's credentials and where its API is (docs/smile-id.md). */
export type SmileIdSettings = { partnerId: string; apiKey: string; baseUrl: string }

/** Smile ID, both credentials or neither: a partner id without its key signs nothing. */
function smileIdOf(value: {
  SMILE_ID_PARTNER_ID?: string | undefined
  SMILE_ID_API_KEY?: string | undefined
  SMILE_ID_BASE_URL: string
}): SmileIdSettings | undefined {
  const { SMILE_ID_PARTNER_ID: partnerId, SMILE_ID_API_KEY: apiKey } = value
  if (!partnerId && !apiKey) return undefined
  if (!partnerId || !apiKey) {
    throw new ConfigError(
      'Invalid configuration: SMILE_ID_PARTNER_ID and SMILE_ID_API_KEY go together',
    )
  }
  return { partnerId, apiKey, baseUrl: value.SMILE_ID_BASE_URL.replace(/\/+$/, '') }
}

/** The SMS gateway, all three of its settings or none: half a gateway would fail every send. */
function smsGatewayOf(value: {
  SMS_API_URL?: string | undefined
  SMS_API_USERNAME?: string | undefined
  SMS_API_KEY?: string | undefined
  SMS_SENDER_ID?: string | undefined
}): HttpSmsOptions | undefined {
  const { SMS_API_URL: url, SMS_API_USERNAME: username, SMS_API_KEY: apiKey } = value
  if (!url && !username && !apiKey) return undefined
  if (!url || !username || !apiKey) {
    throw new ConfigError(
      'Invalid configuration: SMS_API_URL, SMS_API_USERNAME and SMS_API_KEY go together',
    )
  }
  return { url, username, apiKey, senderId: value.SMS_SENDER_ID }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`)
  }
  const value = parsed.data
  // Sandbox mode serves made-up money and an outbox of every reset link and code: in
  // production it is on only when asked for (issue 32), never because DATABASE_URL is missing.
  if (value.NODE_ENV === 'production' && value.SANDBOX === undefined && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: SANDBOX: in production set SANDBOX=1 to run the sandbox on purpose, or DATABASE_URL to move real money',
    )
  }
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    databaseListenUrl: value.DATABASE_LISTEN_URL,
    sessionSecret: value.SESSION_SECRET,
    sandbox: value.SANDBOX === undefined ? value.DATABASE_URL === undefined : value.SANDBOX === '1',
    logLevel: value.LOG_LEVEL,
    secureCookies: value.NODE_ENV === 'production',
    moneyRateLimitPerMinute: value.MONEY_RATE_LIMIT_PER_MINUTE,
    signupRateLimitPer15Minutes: value.SIGNUP_RATE_LIMIT_PER_15_MINUTES,
    recoveryRateLimitPer15Minutes: value.RECOVERY_RATE_LIMIT_PER_15_MINUTES,
    loginFailuresPerAddress: value.LOGIN_FAILURES_PER_ADDRESS,
    fxRatesUrl: value.FX_RATES_URL,
    marketRefreshSeconds: value.MARKET_REFRESH_SECONDS,
    shutdownDelayMs: value.SHUTDOWN_DELAY_MS,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    metricsToken: value.METRICS_TOKEN,
    tierLimits: KYC_TIERS.map((tier) => {
      const text = value[`KYC_TIER_${tier}_LIMITS`]
      const fallback = DEFAULT_TIER_LIMITS.find((each) => each.tier === tier)
      const limits = text === undefined ? fallback : parseTierLimits(tier, text)
      if (!limits)
        throw new ConfigError(
          `Invalid configuration: KYC_TIER_${tier}_LIMITS: each must be above 0`,
        )
      return limits
    }),
    payoutWebhookSecret: value.PAYOUT_WEBHOOK_SECRET,
    workers: value.WORKERS,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    sms: smsGatewayOf(value),
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    vapid:
      value.VAPID_PUBLIC_KEY && value.VAPID_PRIVATE_KEY
        ? {
            publicKey: value.VAPID_PUBLIC_KEY,
            privateKey: value.VAPID_PRIVATE_KEY,
            subject: value.VAPID_SUBJECT,
          }
        : { subject: value.VAPID_SUBJECT },
    ussdGatewayToken: value.USSD_GATEWAY_TOKEN,
    ussdServiceCode: value.USSD_SERVICE_CODE,
    ussdRequestsPerMinute: value.USSD_REQUESTS_PER_MINUTE,
    fourEyesThresholdNaira: value.FOUR_EYES_THRESHOLD_NAIRA,
    paystack: value.PAYSTACK_SECRET_KEY
      ? {
          secretKey: value.PAYSTACK_SECRET_KEY,
          baseUrl: value.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
        }
      : undefined,
    flutterwave: value.FLUTTERWAVE_SECRET_KEY
      ? {
          secretKey: value.FLUTTERWAVE_SECRET_KEY,
          baseUrl: value.FLUTTERWAVE_BASE_URL.replace(/\/+$/, ''),
        }
      : undefined,
    smileId: smileIdOf(value),
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}
