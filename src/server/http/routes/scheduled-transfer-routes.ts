import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import {
  handleMoneyPost,
  moneyRouteConfig,
  pinRefusals,
  requireTransactionPin,
} from '#server/http/money-post.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import type { Providers } from '#server/providers/providers.ts'
import {
  cancelScheduledTransfer,
  getScheduledTransfer,
  listScheduledTransfers,
  pauseScheduledTransfer,
  resumeScheduledTransfer,
} from '#server/scheduled-transfers/change-scheduled-transfer.ts'
import { createScheduledTransfer } from '#server/scheduled-transfers/create-scheduled-transfer.ts'
import { runScheduledTransfers } from '#server/scheduled-transfers/run-scheduled-transfers.ts'
import { AppError, msg } from '#shared/errors.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import { idempotencyHeadersSchema } from '#shared/schemas/money-requests.ts'
import {
  createScheduledTransferBodySchema,
  scheduledTransferDetailsSchema,
  scheduledTransferListSchema,
} from '#shared/schemas/scheduled-transfers.ts'

const scheduleParams = z.object({ id: z.uuid({ error: 'scheduledTransferNotFound' }) })
const changeResponses = {
  200: scheduledTransferDetailsSchema,
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
}

/**
 * Scheduled and recurring transfers (docs/scheduled-transfers.md): set up with the PIN and an
 * Idempotency-Key as any money POST, then listed, paused, resumed and deleted by their owner
 * alone (anyone else's is a 404). In sandbox mode, `POST /api/sandbox/scheduled-transfers/run`
 * runs the caller's own due schedules as of a moment they name, so a person trying Sabi, and
 * the end-to-end tests, can see a month go by without waiting for it.
 */
export const scheduledTransferRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
}> = async (app, { db, config, providers }) => {
  app.post(
    '/api/scheduled-transfers',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary:
          'Set up a transfer once on a date, weekly or monthly, confirmed with the PIN: the standing authorisation for each run (Idempotency-Key required)',
        headers: idempotencyHeadersSchema,
        body: createScheduledTransferBodySchema,
        response: {
          201: scheduledTransferDetailsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
          ...pinRefusals,
        },
      },
      // A signed-out caller hears 401, not a 400 about a body it should not have sent.
      preValidation: requireUser,
      preHandler: requireTransactionPin(db),
      config: moneyRouteConfig(config),
    },
    (request, reply) =>
      handleMoneyPost(db, request, reply, (tx, userId) =>
        createScheduledTransfer(tx, userId, request.body, providers.bank),
      ),
  )

  app.get(
    '/api/scheduled-transfers',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary: 'Your scheduled transfers, running, paused or ended, newest first',
        response: { 200: scheduledTransferListSchema, 401: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    (request) => listScheduledTransfers(db, signedInUserId(request)),
  )

  app.get(
    '/api/scheduled-transfers/:id',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary: 'One of your scheduled transfers with its past runs, newest first',
        params: scheduleParams,
        response: {
          200: scheduledTransferDetailsSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      preHandler: requireUser,
    },
    (request) => getScheduledTransfer(db, signedInUserId(request), request.params.id),
  )

  app.post(
    '/api/scheduled-transfers/:id/pause',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary: 'Pause a running scheduled transfer: nothing runs until it is resumed',
        params: scheduleParams,
        response: changeResponses,
      },
      preValidation: requireUser,
    },
    (request) => pauseScheduledTransfer(db, signedInUserId(request), request.params.id),
  )

  app.post(
    '/api/scheduled-transfers/:id/resume',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary:
          'Resume a paused scheduled transfer from its next date on or after today; dates missed while paused are not made up',
        params: scheduleParams,
        response: changeResponses,
      },
      preValidation: requireUser,
    },
    (request) => resumeScheduledTransfer(db, signedInUserId(request), request.params.id),
  )

  app.delete(
    '/api/scheduled-transfers/:id',
    {
      schema: {
        tags: ['scheduled transfers'],
        summary: 'Delete a scheduled transfer: nothing more runs; past transfers stay in history',
        params: scheduleParams,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      preValidation: requireUser,
    },
    async (request, reply) => {
      await cancelScheduledTransfer(db, signedInUserId(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/sandbox/scheduled-transfers/run',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Sandbox mode only: run your own due scheduled transfers and reminders as of `at` (404 otherwise)',
        body: z.object({ at: z.iso.datetime({ offset: true, error: 'invalidDateTime' }) }),
        response: {
          200: z.object({
            completed: z.number().int(),
            skipped: z.number().int(),
            failed: z.number().int(),
            deferred: z.number().int(),
            reminded: z.number().int(),
          }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      preValidation: requireUser,
      config: moneyRouteConfig(config),
    },
    async (request) => {
      if (!config.sandbox) throw new AppError('NOT_FOUND', msg('notFound'))
      return runScheduledTransfers(db, providers.bank, new Date(request.body.at), {
        userId: signedInUserId(request),
        log: request.log,
      })
    },
  )
}
