import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import type { Providers } from '#server/providers/providers.ts'
import type { TransferPoster } from '#server/transfers/post-user-transfers.ts'
import { answerUssd, type UssdDependencies } from '#server/ussd/answer-ussd.ts'
import { findVerifiedPhone } from '#server/ussd/find-ussd-caller.ts'
import {
  renderUssdScreen,
  type UssdRequest,
  ussdRequestSchema,
} from '#server/ussd/ussd-protocol.ts'
import { AppError, msg } from '#shared/errors.ts'
import { formatPhoneNational } from '#shared/phone-numbers.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  ussdSimulatorAnswerSchema,
  ussdSimulatorInfoSchema,
  ussdSimulatorRequestSchema,
} from '#shared/schemas/ussd.ts'

/** A gateway's form body is a few hundred bytes; nothing near this is a USSD request. */
const FORM_BODY_LIMIT_BYTES = 32 * 1024

/** The gateway's token against the configured one, in constant time whatever their lengths. */
function tokenMatches(expected: string, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header
  if (given === undefined) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Runs the handler, and answers a failure nobody expected (the database away, a bug) as a
 * screen the caller can read: a gateway shows nothing of a 5xx, and the caller would be left
 * waiting. The failure is logged like every other (docs/operations.md "Logs").
 */
async function answerSafely(
  deps: UssdDependencies,
  request: UssdRequest,
  log: FastifyBaseLogger,
): Promise<string> {
  try {
    return await answerUssd(deps, request)
  } catch (error) {
    log.error({ err: error }, 'USSD request failed')
    return renderUssdScreen({ end: true, lines: [{ key: 'unavailable' }] }, 'en')
  }
}

/**
 * The USSD channel (docs/ussd.md): `POST /api/ussd` for the aggregator's gateway, and in sandbox
 * mode the simulator's `GET`/`POST /api/sandbox/ussd`, which run the same handler for the
 * signed-in user's own verified number.
 */
export const ussdRoutes: FastifyPluginAsyncZod<{
  db: Database
  config: Config
  providers: Providers
  sessionSecret: string
  /** The app's one group commit of user-to-user transfers (ADR 008), shared with money-routes. */
  transfers: TransferPoster
}> = async (app, { db, config, providers, sessionSecret, transfers }) => {
  const deps: UssdDependencies = {
    db,
    transfers,
    biller: providers.biller,
    textKey: createHmac('sha256', sessionSecret).update('sabi ussd session text').digest(),
    requestsPerMinute: config.ussdRequestsPerMinute,
  }

  // The gateway's form body is read only in this child context, so no other route accepts a
  // form: a browser can send one cross-site without a preflight (docs/security.md).
  await app.register(async (gateway) => {
    // The channel and the token are checked before the body is read or validated: with the
    // channel off the route is not found whatever is sent, and a caller without the token
    // learns nothing of the format (docs/ussd.md).
    gateway.addHook('onRequest', async (request) => {
      const expected = config.ussdGatewayToken
      if (expected === undefined) throw new AppError('NOT_FOUND', msg('notFound'))
      if (!tokenMatches(expected, request.headers['x-ussd-token'])) {
        throw new AppError('UNAUTHORIZED', msg('invalidUssdGatewayToken'))
      }
    })
    // ...and this route reads nothing else: the gateway's format is the form.
    gateway.removeAllContentTypeParsers()
    gateway.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        // fromEntries defines own properties, so a `__proto__` field is only a field.
        done(null, Object.fromEntries(new URLSearchParams(String(body))))
      },
    )
    gateway.withTypeProvider<ZodTypeProvider>().post(
      '/api/ussd',
      {
        schema: {
          tags: ['ussd'],
          summary:
            "The USSD gateway's callback (Africa's Talking format; X-USSD-Token; 404 while USSD_GATEWAY_TOKEN is unset): answers text/plain `CON ...` or `END ...`",
          consumes: ['application/x-www-form-urlencoded'],
          headers: z.object({
            'x-ussd-token': z
              .string()
              .optional()
              .describe('USSD_GATEWAY_TOKEN, shared with the gateway (401 when wrong or missing)'),
          }),
          body: ussdRequestSchema,
          produces: ['text/plain'],
          response: {
            200: z
              .string()
              .describe(
                '`CON <screen>` to wait for an answer, `END <screen>` to hang up; at most 182 characters',
              ),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await answerSafely(deps, request.body, request.log)
        return reply.type('text/plain; charset=utf-8').send(answer)
      },
    )
  })

  app.get(
    '/api/sandbox/ussd',
    {
      schema: {
        tags: ['sandbox', 'ussd'],
        summary:
          "Sandbox mode only: the service code the USSD simulator dials and the signed-in user's verified number (404 otherwise)",
        response: { 200: ussdSimulatorInfoSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireUser,
    },
    async (request) => {
      if (!config.sandbox) throw new AppError('NOT_FOUND', msg('notFound'))
      const phone = await findVerifiedPhone(db, signedInUserId(request))
      return {
        serviceCode: config.ussdServiceCode,
        phoneNumber: phone ? formatPhoneNational(phone) : null,
      }
    },
  )

  app.post(
    '/api/sandbox/ussd',
    {
      schema: {
        tags: ['sandbox', 'ussd'],
        summary:
          "Sandbox mode only: one key press of the USSD simulator, run by the gateway's handler for the signed-in user's own verified number (404 otherwise; 409 without one)",
        body: ussdSimulatorRequestSchema,
        response: {
          200: ussdSimulatorAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // Signed out is a 401 before the body is read, as on the other session routes.
      preValidation: requireUser,
      config: {
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.userId ?? clientAddress(request),
        },
      },
    },
    async (request) => {
      if (!config.sandbox) throw new AppError('NOT_FOUND', msg('notFound'))
      const userId = signedInUserId(request)
      const phone = await findVerifiedPhone(db, userId)
      if (!phone) {
        throw new AppError('CONFLICT', msg('verifyPhoneNumberProfile'))
      }
      // The browser names its dialogue, never the number: the session is the user's own, so
      // no id a browser sends can reach another person's session.
      const sessionId = `sim-${createHash('sha256').update(`${userId}:${request.body.sessionId}`).digest('hex').slice(0, 48)}`
      const answer = await answerSafely(
        deps,
        {
          sessionId,
          serviceCode: config.ussdServiceCode,
          phoneNumber: phone,
          text: request.body.text,
        },
        request.log,
      )
      return { answer }
    },
  )
}
