import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from '#server/config.ts'
import { setAddressFailureLimit } from '#server/credentials/login-throttle.ts'
import { createSealer } from '#server/credentials/seal.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { databaseGaugesOf } from '#server/db/database-gauges.ts'
import { serializeError, serializeRequest } from '#server/http/log-serializers.ts'
import { OneLinePerRequest } from '#server/http/request-log.ts'
import { refusalBody } from '#server/i18n/render-error.ts'
import { httpRequestDuration, watchDatabase } from '#server/metrics/metrics.ts'
import { createLiveEvents } from '#server/notifications/live-events.ts'
import { phoneCodeKeyFor } from '#server/phone/phone-codes.ts'
import type { Messaging } from '#server/providers/messaging.ts'
import type { Providers } from '#server/providers/providers.ts'
import { databaseRateLimitStore } from '#server/rate-limits/rate-limit-store.ts'
import type { Readiness } from '#server/readiness.ts'
import { createTransferPoster } from '#server/transfers/post-user-transfers.ts'
import { identityNumberKeyFor } from '#server/users/identity-number-key.ts'
import { isClientRoute, isSandboxClientRoute } from '#shared/client-routes.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import { clientAddress, trustProxyOption } from './client-address.ts'
import { refuseCrossSiteRequests } from './cross-site-guard.ts'
import { handleError, handleFrameworkError } from './error-handler.ts'
import { SECURITY_SCHEMES, transformOpenApiDocument, transformRouteSchema } from './openapi.ts'
import { opsSessionPlugin } from './ops-session-plugin.ts'
import { requestIdOf, sendRequestId } from './request-id.ts'
import { createRouteIndex } from './route-index.ts'
import { accountFreezeRoutes } from './routes/account-freeze-routes.ts'
import { accountRecoveryRoutes } from './routes/account-recovery-routes.ts'
import { accountRoutes } from './routes/account-routes.ts'
import { authRoutes } from './routes/auth-routes.ts'
import { bankRoutes } from './routes/bank-routes.ts'
import { billRoutes } from './routes/bill-routes.ts'
import { cardRoutes } from './routes/card-routes.ts'
import { disputeRoutes } from './routes/dispute-routes.ts'
import { exchangeRoutes } from './routes/exchange-routes.ts'
import { fundingRoutes } from './routes/funding-routes.ts'
import { internationalRoutes } from './routes/international-routes.ts'
import { limitsRoutes } from './routes/limits-routes.ts'
import { metricsRoutes } from './routes/metrics-routes.ts'
import { moneyRoutes } from './routes/money-routes.ts'
import { notificationRoutes } from './routes/notification-routes.ts'
import { opsAuthRoutes } from './routes/ops-auth-routes.ts'
import { opsRoutes } from './routes/ops-routes.ts'
import { paymentRequestRoutes } from './routes/payment-request-routes.ts'
import { phoneRoutes } from './routes/phone-routes.ts'
import { pinRoutes } from './routes/pin-routes.ts'
import { pocketRoutes } from './routes/pocket-routes.ts'
import { posRoutes } from './routes/pos-routes.ts'
import { pushRoutes } from './routes/push-routes.ts'
import { receiptRoutes } from './routes/receipt-routes.ts'
import { recipientRoutes } from './routes/recipient-routes.ts'
import { referenceRoutes } from './routes/reference-routes.ts'
import { sandboxRoutes } from './routes/sandbox-routes.ts'
import { scheduledTransferRoutes } from './routes/scheduled-transfer-routes.ts'
import { statementRoutes } from './routes/statement-routes.ts'
import { systemRoutes } from './routes/system-routes.ts'
import { transactionRoutes } from './routes/transaction-routes.ts'
import { userRoutes } from './routes/user-routes.ts'
import { ussdRoutes } from './routes/ussd-routes.ts'
import { walletRoutes } from './routes/wallet-routes.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'
import { securityHeadersOf, sendSecurityHeaders } from './security-headers.ts'
import { sessionPlugin } from './session-plugin.ts'
import { registerClient } from './static-plugin.ts'
import { refuseUnstorableText } from './text-guard.ts'

export type AppOptions = {
  config: Config
  database: DatabaseHandle
  /** The outside parties, chosen at start-up (providers/providers.ts). */
  providers: Providers
  /** Signs session cookies. */
  sessionSecret: string
  version: string
  /** The built client to serve; omitted in API-only tests. */
  clientRoot?: string
  logger?: boolean
  /** Where log lines go instead of standard output (a test reads them back). */
  logStream?: { write(line: string): void }
  /** Draining from the shutdown signal on: GET /api/ready then answers 503 (readiness.ts). */
  readiness?: Readiness
  /**
   * E-mail and SMS senders, chosen at start-up like the providers (providers/messaging.ts);
   * without a mail sender, links by e-mail cannot be sent.
   */
  messaging?: Messaging
  /** The Web Push public key browsers subscribe with; without it push is not offered. */
  vapidPublicKey?: string
  /** How often the live stream sends its heartbeat (15 s; a test shortens it). */
  eventsHeartbeatMs?: number
}

const BODY_LIMIT_BYTES = 64 * 1024

/** Builds the whole HTTP application: API, OpenAPI at /api/docs, and the client. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, providers } = options
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // What of a request or an error reaches the log is decided in one place.
            serializers: { req: serializeRequest, err: serializeError },
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // One line per request, on its answer, rather than one as it comes in and one as it ends.
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: otherwise anyone
    // could pick a new address per try and escape the per-address limits.
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors: handleFrameworkError,
    // The caller's X-Request-Id when sane, else a uuid (request-id.ts); never a counter.
    requestIdHeader: false,
    genReqId: requestIdOf,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  app.addHook('onSend', sendRequestId)
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    )
  })
  const routeIndex = createRouteIndex()
  app.addHook('onRoute', (route) => routeIndex.add(route.method, route.url))
  // Only JSON bodies are read (the payout webhook reads its own): anything else is a 415, not
  // a string handed to a schema that wanted an object.
  app.removeContentTypeParser('text/plain')
  app.addHook('preValidation', refuseUnstorableText)

  app.addHook(
    'onRequest',
    sendSecurityHeaders(
      securityHeadersOf({
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
      }),
    ),
  )
  // Pages, scripts, styles and larger API answers leave gzip- or brotli-compressed: the
  // landing page's budget (docs/performance.md "Page weight") is counted compressed, and
  // phones pay for every byte.
  await app.register(fastifyCompress, { global: true, threshold: 1024 })
  await app.register(fastifyCookie, { secret: options.sessionSecret })
  setAddressFailureLimit(config.loginFailuresPerAddress)
  // Secrets at rest (card data, TOTP secrets) are sealed with a key derived from the same secret.
  const sealer = createSealer(options.sessionSecret)
  // Per-route limits (sign-up, money calls) on top of the database-backed sign-in limit. The
  // plugin throws what the builder returns, so it returns our typed error, not a plain object.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientAddress,
    // Counted in the database, so several instances enforce one limit (docs/operations.md).
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', retryAfterMessage(Math.ceil(context.ttl / 1000))),
  })

  // State-changing requests must come from our own pages (docs/security.md).
  app.addHook('onRequest', refuseCrossSiteRequests)

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sabi API',
        version: options.version,
        description:
          "Wallets, transfers and payments. Amounts are decimal strings with the asset's exact decimals. Errors are `{message, code, key, params, errors?}`, `message` in the request's language. Money POSTs take an `Idempotency-Key` header.",
      },
      components: {
        securitySchemes: SECURITY_SCHEMES,
      },
    },
    // Security, operationIds, the shared Error schema and every status answered (openapi.ts).
    transform: transformRouteSchema,
    transformObject: transformOpenApiDocument,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(sessionPlugin, { db: database.db, config })
  // Staff have their own cookie and sessions (docs/operations-console.md "Staff accounts").
  await app.register(opsSessionPlugin, { db: database.db, config })
  // E-mail for links (reset, verification); the dispatcher sends events through the same senders.
  const mail = options.messaging?.mail
  const sms = options.messaging?.sms
  const codeKey = phoneCodeKeyFor(options.sessionSecret)
  const identityKey = identityNumberKeyFor(options.sessionSecret)
  await app.register(authRoutes, { db: database.db, config, sealer, mail })
  await app.register(accountRecoveryRoutes, { db: database.db, config, mail, sms, sealer })
  await app.register(accountFreezeRoutes, { db: database.db, mail, sms })
  await app.register(referenceRoutes, { db: database.db })
  await app.register(walletRoutes, { db: database.db })
  await app.register(userRoutes, { db: database.db })
  await app.register(transactionRoutes, { db: database.db })
  await app.register(disputeRoutes, { db: database.db })
  // One group commit of user-to-user transfers per app, for the app and USSD alike (ADR 008).
  const transfers = createTransferPoster(database.db)
  await app.register(moneyRoutes, { db: database.db, config, providers, transfers })
  await app.register(exchangeRoutes, { db: database.db, config, providers })
  await app.register(bankRoutes, { db: database.db, config, providers })
  await app.register(scheduledTransferRoutes, { db: database.db, config, providers })
  await app.register(pocketRoutes, { db: database.db, config })
  await app.register(statementRoutes, { db: database.db, config })
  await app.register(billRoutes, { db: database.db, config, providers })
  await app.register(internationalRoutes, { db: database.db, config, providers })
  await app.register(recipientRoutes, { db: database.db })
  await app.register(paymentRequestRoutes, { db: database.db, config })
  await app.register(posRoutes, {
    db: database.db,
    config,
    // Without an acquirer the terminal takes QR sales only.
    acquirer: providers.cardAcquirer,
  })
  await app.register(accountRoutes, {
    db: database.db,
    sealer,
    verifier: providers.identityVerifier,
    identityKey,
  })
  await app.register(limitsRoutes, {
    db: database.db,
    verifier: providers.identityVerifier,
    identityKey,
  })
  await app.register(cardRoutes, { db: database.db, sealer })
  await app.register(pinRoutes, { db: database.db, sealer })
  await app.register(phoneRoutes, { db: database.db, sms, codeKey, sealer })
  await app.register(receiptRoutes, { db: database.db })
  await app.register(webhookRoutes, { db: database.db, config })
  await app.register(fundingRoutes, { db: database.db, providers })
  await app.register(opsAuthRoutes, { db: database.db, sealer })
  await app.register(opsRoutes, { db: database.db, config, sealer })
  const live = await createLiveEvents(database, app.log)
  // Open streams end before the listener closes, or closing would wait on them (start-server.ts).
  app.addHook('preClose', () => live.stop())
  await app.register(sandboxRoutes, { db: database.db, config })
  await app.register(ussdRoutes, {
    db: database.db,
    config,
    providers,
    sessionSecret: options.sessionSecret,
    transfers,
  })
  await app.register(pushRoutes, { db: database.db, publicKey: options.vapidPublicKey })
  await app.register(notificationRoutes, {
    db: database.db,
    live,
    heartbeatMs: options.eventsHeartbeatMs,
  })
  await app.register(systemRoutes, {
    database,
    config,
    version: options.version,
    topUps: providers.funding?.topUps ?? 'instant',
    readiness: options.readiness,
  })
  watchDatabase(databaseGaugesOf(database))
  await app.register(metricsRoutes, { config })

  const appPage = options.clientRoot ? await registerClient(app, options.clientRoot) : undefined

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
    const allowed = routeIndex.allowedMethods(path)
    // A path that some route answers, but not with this method. (The router also lands here
    // for a path parameter over its length limit: that stays a 404.)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send(
          refusalBody(
            request,
            'METHOD_NOT_ALLOWED',
            msg('methodNotAllowedHere', { method: request.method }),
          ),
        )
    }
    if (path.startsWith('/api/') || path === '/api' || !isPageRequest || !appPage) {
      return reply.status(404).send(refusalBody(request, 'NOT_FOUND', msg('notFound')))
    }
    // A page path gets the app, which shows the page or its own not-found page; a path that
    // is no page of the app (shared/client-routes.ts) says so with its status too.
    return reply
      .status(isClientRoute(path) || (config.sandbox && isSandboxClientRoute(path)) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(appPage(path, request.userId !== null))
  })

  return app
}

/**
 * How long a rate-limited client waits, worded as @fastify/rate-limit's `after` words it
 * ("1 second", "30 seconds", "15 minutes", "2 hours"), from the catalog.
 */
export function retryAfterMessage(seconds: number): Message {
  const rounded = (value: number) => (Number.isInteger(value) ? value : Math.floor(value + 0.5))
  if (seconds < 60) {
    const count = rounded(seconds)
    return count === 1
      ? msg('tooManyRequestsOneSecond')
      : msg('tooManyRequestsSeconds', { seconds: count })
  }
  if (seconds < 3600) {
    const minutes = rounded(seconds / 60)
    return minutes === 1
      ? msg('tooManyRequestsOneMinute')
      : msg('tooManyRequestsMinutes', { minutes })
  }
  return msg('tooManyRequestsHours', { count: rounded(seconds / 3600) })
}
