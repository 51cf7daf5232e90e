import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config.ts'
import { refusalBody } from '#server/i18n/render-error.ts'
import { collectProcessMetrics, metricsRegistry } from '#server/metrics/metrics.ts'
import { msg } from '#shared/errors.ts'

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * `GET /metrics` in Prometheus' text format (docs/operations.md "Metrics"). With METRICS_TOKEN
 * set it answers only `Authorization: Bearer <token>`; in production without one it is off (a
 * 404), since what it counts (payouts, sign-ins, refusals) is no one else's business (issue
 * 32). The endpoint stays out of the API's OpenAPI document: it is the operator's, not a
 * client's.
 */
export const metricsRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  collectProcessMetrics()
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = config.metricsToken
    if (!token && config.nodeEnv === 'production') {
      return reply.status(404).send(refusalBody(request, 'NOT_FOUND', msg('notFound')))
    }
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send(refusalBody(request, 'UNAUTHORIZED', msg('unauthorized')))
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics())
  })
}
