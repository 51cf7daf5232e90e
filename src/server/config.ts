import { z } from 'zod'

/**
 * Every environment variable Sabi reads, parsed once at start (DESIGN §6). A bad value stops
 * start-up with one clear line rather than surfacing later as a strange failure.
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
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SANDBOX: z.enum(['0', '1']).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    MONEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    SIGNUP_RATE_LIMIT_PER_15_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(20),
    LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
    FX_RATES_URL: z.url({ error: 'FX_RATES_URL must be a URL' }).optional(),
    MARKET_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    PAYOUT_WEBHOOK_SECRET: z
      .string()
      .min(32, 'PAYOUT_WEBHOOK_SECRET must be at least 32 characters')
      .optional(),
  })
  .refine((env) => env.DATABASE_URL === undefined || env.SESSION_SECRET !== undefined, {
    message: 'SESSION_SECRET is required when DATABASE_URL is set',
    path: ['SESSION_SECRET'],
  })

export type Config = {
  nodeEnv: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  /** A PostgreSQL URL, or undefined for embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined
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
  /** Failed sign-ins (or re-authentications) from one address per 15 minutes before a 429. */
  loginFailuresPerAddress: number
  /** A live rates feed (JSON shape in README); without it sandbox mode simulates the market. */
  fxRatesUrl: string | undefined
  marketRefreshSeconds: number
  /** Signs payout providers' result callbacks; without it the webhook accepts nothing. */
  payoutWebhookSecret: string | undefined
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`)
  }
  const value = parsed.data
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    sessionSecret: value.SESSION_SECRET,
    sandbox: value.SANDBOX === undefined ? value.DATABASE_URL === undefined : value.SANDBOX === '1',
    logLevel: value.LOG_LEVEL,
    secureCookies: value.NODE_ENV === 'production',
    moneyRateLimitPerMinute: value.MONEY_RATE_LIMIT_PER_MINUTE,
    signupRateLimitPer15Minutes: value.SIGNUP_RATE_LIMIT_PER_15_MINUTES,
    loginFailuresPerAddress: value.LOGIN_FAILURES_PER_ADDRESS,
    fxRatesUrl: value.FX_RATES_URL,
    marketRefreshSeconds: value.MARKET_REFRESH_SECONDS,
    payoutWebhookSecret: value.PAYOUT_WEBHOOK_SECRET,
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}
