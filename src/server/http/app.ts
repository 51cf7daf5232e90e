import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod'
import { setAddressFailureLimit } from '#server/auth/login-throttle.ts'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { createSandboxCardAcquirer } from '#server/providers/sandbox-card-acquirer.ts'
import { createSandboxIdentityVerifier } from '#server/providers/sandbox-identity-verifier.ts'
import { createSealer } from '#server/secrets/seal.ts'
import { AppError } from '#shared/errors.ts'
import { handleError } from './error-handler.ts'
import { accountRoutes } from './routes/account-routes.ts'
import { authRoutes } from './routes/auth-routes.ts'
import { bankRoutes } from './routes/bank-routes.ts'
import { billRoutes } from './routes/bill-routes.ts'
import { cardRoutes } from './routes/card-routes.ts'
import { exchangeRoutes } from './routes/exchange-routes.ts'
import { internationalRoutes } from './routes/international-routes.ts'
import { moneyRoutes } from './routes/money-routes.ts'
import { paymentRequestRoutes } from './routes/payment-request-routes.ts'
import { posRoutes } from './routes/pos-routes.ts'
import { recipientRoutes } from './routes/recipient-routes.ts'
import { referenceRoutes } from './routes/reference-routes.ts'
import { systemRoutes } from './routes/system-routes.ts'
import { transactionRoutes } from './routes/transaction-routes.ts'
import { userRoutes } from './routes/user-routes.ts'
import { walletRoutes } from './routes/wallet-routes.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'
import { sessionPlugin } from './session-plugin.ts'
import { APP_PAGE, registerClient } from './static-plugin.ts'

export type AppOptions = {
  config: Config
  database: DatabaseHandle
  /** Signs session cookies. */
  sessionSecret: string
  version: string
  /** The built client to serve; omitted in API-only tests. */
  clientRoot?: string
  logger?: boolean
}

const BODY_LIMIT_BYTES = 64 * 1024

/** Builds the whole HTTP application: API, OpenAPI at /api/docs, and the client. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a proxy or load balancer, request.ip must be the client's for the sign-in limits.
    trustProxy: config.nodeEnv === 'production',
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // The service worker and install prompt need same-origin resources only.
    crossOriginEmbedderPolicy: false,
  })
  // Pages, scripts, styles and larger API answers leave gzip- or brotli-compressed: the
  // landing page's budget (DESIGN §8) is counted compressed, and phones pay for every byte.
  await app.register(fastifyCompress, { global: true, threshold: 1024 })
  await app.register(fastifyCookie, { secret: options.sessionSecret })
  setAddressFailureLimit(config.loginFailuresPerAddress)
  // Secrets at rest (card data, TOTP secrets) are sealed with a key derived from the same secret.
  const sealer = createSealer(options.sessionSecret)
  // Per-route limits (sign-up, money calls) on top of the database-backed sign-in limit. The
  // plugin throws what the builder returns, so it returns our typed error, not a plain object.
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  })

  // State-changing requests must come from our own pages: SameSite=Lax already keeps the
  // session cookie off cross-site POSTs, and this refuses them outright when a browser says
  // where they came from.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return
    const origin = request.headers.origin
    if (origin && origin !== 'null') {
      const host = request.headers.host
      let sameSite = false
      try {
        sameSite = new URL(origin).host === host
      } catch {
        sameSite = false
      }
      if (!sameSite)
        return reply.status(403).send({ message: 'Cross-site request refused', code: 'FORBIDDEN' })
    }
  })

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sabi API',
        version: options.version,
        description:
          "Wallets, transfers and payments. Amounts are decimal strings with the asset's exact decimals. Errors are `{message, code, errors?}`. Money POSTs take an `Idempotency-Key` header.",
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sabi_sid' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(sessionPlugin, { db: database.db, config })
  await app.register(authRoutes, { db: database.db, config, sealer })
  await app.register(referenceRoutes, { db: database.db })
  await app.register(walletRoutes, { db: database.db })
  await app.register(userRoutes, { db: database.db })
  await app.register(transactionRoutes, { db: database.db })
  await app.register(moneyRoutes, { db: database.db, config })
  await app.register(exchangeRoutes, { db: database.db, config })
  await app.register(bankRoutes, { db: database.db, config })
  await app.register(billRoutes, { db: database.db, config })
  await app.register(internationalRoutes, { db: database.db, config })
  await app.register(recipientRoutes, { db: database.db })
  await app.register(paymentRequestRoutes, { db: database.db, config })
  await app.register(posRoutes, {
    db: database.db,
    config,
    // Only a sandbox acquirer exists yet: production takes QR sales, and cards once one is connected.
    acquirer: config.sandbox ? createSandboxCardAcquirer() : undefined,
  })
  await app.register(accountRoutes, {
    db: database.db,
    sealer,
    // Only a sandbox registry exists yet: production verifies nobody until one is connected.
    verifier: config.sandbox ? createSandboxIdentityVerifier() : undefined,
  })
  await app.register(cardRoutes, { db: database.db, sealer })
  await app.register(webhookRoutes, { db: database.db, config })
  await app.register(systemRoutes, { database, config, version: options.version })

  const servesClient = options.clientRoot ? await registerClient(app, options.clientRoot) : false

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
    if (path.startsWith('/api/') || path === '/api' || !isPageRequest || !servesClient) {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' })
    }
    // Every other path is a client route: the app decides what to show, including its 404 page.
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(APP_PAGE)
  })

  return app
}
