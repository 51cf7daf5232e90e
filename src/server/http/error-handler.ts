import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { describeDatabaseError, isDatabaseUnavailable } from '#server/db/errors.ts'
import { appErrorBody, refusalBody } from '#server/i18n/render-error.ts'
import { rateLimitRefusals } from '#server/metrics/metrics.ts'
import { AppError, type AppErrorCode, type Message, msg } from '#shared/errors.ts'
import type { ApiErrorBody } from '#shared/schemas/errors.ts'
import { issueMessage } from '#shared/schemas/issue-message.ts'

/** How long a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 2

// Fastify's own 4xx errors, said in words a client developer can act on.
const FASTIFY_MESSAGES: Record<string, { status: number; code: AppErrorCode; message: Message }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: msg('requestBodyValidJson'),
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: msg('requestBodyValidJson'),
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: msg('requestBodyJsonContent'),
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: msg('requestBodyLengthDoes'),
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'VALIDATION_FAILED',
    message: msg('requestBodyTooLarge'),
  },
}

// Data exceptions that only bad input causes (a value PostgreSQL cannot store or read as its
// type). Validation should refuse such input before any query; this is the backstop that keeps
// a gap in validation a 400, logged as a warning so that the gap gets closed.
const BAD_INPUT_STATES = new Set([
  '22P02', // invalid text representation (a uuid that is not one)
  '22007', // invalid datetime format
  '22008', // datetime field overflow
  '22003', // numeric value out of range
  '22001', // string too long for its column
  '22021', // character not in repertoire (a NUL byte)
  '22P05', // untranslatable character (an unpaired surrogate in JSON)
  '2202E', // array subscript error
  '54000', // program limit exceeded (an index row too large)
])

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
}

/**
 * What fastify-type-provider-zod puts in `error.validation`: the zod issue's message, and the
 * rest of the issue (`minimum`, `maximum`...) in `params`.
 */
type ValidationIssue = {
  instancePath: string
  message?: string | undefined
  params?: Record<string, unknown> | undefined
}

/**
 * Bad input as field errors: each zod issue's message is a key of the errors catalog (the
 * shared schemas name keys, src/shared/schemas/issue-message.ts) and its values come from the
 * issue (`minimum`, `maximum`), never from English text.
 */
function validationBody(issues: readonly ValidationIssue[], request: FastifyRequest): ApiErrorBody {
  const errors = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issueMessage({ ...issue.params, message: issue.message }),
  }))
  const first = errors[0]
  const message = !first
    ? msg('invalidRequest')
    : first.path === ''
      ? msg('requestBodyJsonObject')
      : first.message
  return refusalBody(request, 'VALIDATION_FAILED', message, { errors })
}

/**
 * Every error leaves as `{message, code, errors?}` (docs/api.md "Errors"): bad input is a 4xx with
 * the first problem in words, a typed AppError keeps its status, a database that is away is a 503
 * with Retry-After, and anything unexpected is a 500 whose details go to the log (through the
 * serializer that keeps secrets out of it), never to the client.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(validationBody(error.validation, request))
  }
  if (error instanceof AppError) {
    if (error.status === 429)
      rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' })
    return reply.status(error.status).send(appErrorBody(error, request))
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable')
    return reply
      .status(503)
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send(refusalBody(request, 'UNAVAILABLE', msg('sabiBrieflyUnavailable')))
  }
  const database = describeDatabaseError(error)
  if (database?.code && BAD_INPUT_STATES.has(database.code)) {
    request.log.warn({ database }, 'input refused by the database: validation missed it')
    return reply.status(400).send(refusalBody(request, 'VALIDATION_FAILED', msg('invalidRequest')))
  }
  if (isFastifyError(error)) {
    const known = FASTIFY_MESSAGES[error.code]
    if (known) {
      return reply.status(known.status).send(refusalBody(request, known.code, known.message))
    }
    if (error.statusCode === 429) {
      rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' })
      return reply
        .status(429)
        .send(refusalBody(request, 'RATE_LIMITED', msg('tooManyRequestsWait')))
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error')
      return reply
        .status(error.statusCode)
        .send(refusalBody(request, 'VALIDATION_FAILED', msg('invalidRequest')))
    }
  }
  // The logger's serializer (log-serializers.ts) decides what of it is written.
  request.log.error({ err: error }, 'unhandled error')
  return reply.status(500).send(refusalBody(request, 'INTERNAL', msg('somethingWentWrong')))
}

/**
 * Errors Fastify meets before a request reaches a route, which bypass the error handler: a
 * path that is not valid percent-encoding, and a path parameter over the router's length
 * limit. Both are bad input, answered in the API's own shape without echoing the path.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send(refusalBody(request, 'VALIDATION_FAILED', msg('requestPathTooLong')))
  }
  return reply
    .status(400)
    .send(refusalBody(request, 'VALIDATION_FAILED', msg('invalidRequestPath')))
}
