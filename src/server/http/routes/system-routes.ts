import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { healthSchema, initSchema } from '#shared/schemas/reference.ts'

const HEALTH_QUERY_TIMEOUT_MS = 2_000

async function databaseAnswers(handle: DatabaseHandle): Promise<boolean> {
  const timeout = new Promise<false>((resolve) =>
    setTimeout(() => resolve(false), HEALTH_QUERY_TIMEOUT_MS).unref(),
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
}> = async (app, { database, config, version }) => {
  const startedAtMs = Date.now()

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer (503 when the database does not)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await databaseAnswers(database)
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: ok ? 'ok' : 'unreachable',
        databaseKind: database.kind,
        sandbox: config.sandbox,
        uptimeSeconds: Math.round((Date.now() - startedAtMs) / 1000),
        version,
      })
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
    () => ({ sandbox: config.sandbox, version }),
  )
}
