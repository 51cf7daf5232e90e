import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { RETRY_AFTER_SECONDS } from '#server/http/error-handler.ts'
import { refusalBody } from '#server/i18n/render-error.ts'
import { createReadiness, type Readiness } from '#server/readiness.ts'
import { msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  type Health,
  healthSchema,
  initSchema,
  readinessSchema,
} from '#shared/schemas/reference.ts'

// Short: a probe wants its answer fast, and a database slower than this is not serving anyway.
const DATABASE_CHECK_TIMEOUT_MS = 1_000

async function databaseAnswers(handle: DatabaseHandle): Promise<boolean> {
  const timeout = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS).unref(),
  )
  const query = handle.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  return Promise.race([query, timeout])
}

export const systemRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle
  config: Config
  version: string
  /** How Add Funds works here: the funding provider's way, or `instant` without one. */
  topUps: 'instant' | 'checkout'
  /** Set to draining when shutdown begins; a test app that never shuts down may omit it. */
  readiness?: Readiness | undefined
}> = async (app, { database, config, version, topUps, readiness = createReadiness() }) => {
  const startedAtMs = Date.now()

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary:
          'Liveness: 200 whenever the process answers; the database state is reported, not required',
        response: { 200: healthSchema },
      },
    },
    async (): Promise<Health> => {
      const ok = await databaseAnswers(database)
      return {
        status: ok ? 'ok' : 'degraded',
        database: ok ? 'ok' : 'unreachable',
        databaseKind: database.kind,
        sandbox: config.sandbox,
        uptimeSeconds: Math.round((Date.now() - startedAtMs) / 1000),
        version,
      }
    },
  )

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: 200 when the database answers and the server is not shutting down, else 503 (an Error, `UNAVAILABLE`)',
        response: { 200: readinessSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // A 503 is an error answer like any other (the OpenAPI document's one Error schema); a
      // probe reads the status code (or `status`, as the earlier answer had it), a person the
      // message.
      const shuttingDown = () =>
        reply.status(503).send(
          refusalBody(request, 'UNAVAILABLE', msg('serverShuttingDownTry'), {
            details: { status: 'draining' },
          }),
        )
      if (readiness.draining) return shuttingDown()
      if (!(await databaseAnswers(database))) {
        return reply
          .status(503)
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .send(
            refusalBody(request, 'UNAVAILABLE', msg('sabiBrieflyUnavailable'), {
              details: { status: 'unavailable' },
            }),
          )
      }
      // Checked again: shutdown may have begun while the database answered.
      return readiness.draining ? shuttingDown() : reply.send({ status: 'ready' })
    },
  )

  app.get(
    '/api/init',
    {
      schema: {
        tags: ['system'],
        summary: 'Start-up information for the client',
        response: { 200: initSchema },
      },
    },
    () => ({ sandbox: config.sandbox, version, topUps }),
  )
}
