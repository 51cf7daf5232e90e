import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { describeDatabaseError, isDatabaseUnavailable } from '#server/db/errors.ts'
import { rateLimitRefusals } from '#server/metrics/metrics.ts'
import { AppError, type AppErrorCode } from '#shared/errors.ts'
import type { ApiErrorBody } from '#shared/schemas/errors.ts'

/** How long a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 2

// Fastify's own 4xx errors, said in words a client developer can act on.
const FASTIFY_MESSAGES: Record<string, { status: number; code: AppErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Request body must be valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Request body must be valid JSON',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Request body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Request body length does not match Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'VALIDATION_FAILED',
    message: 'Request body is too large',
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

function validationBody(
  issues: { instancePath: string; message?: string | undefined }[],
): ApiErrorBody {
  const errors = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }))
  const first = errors[0]
  const message = !first
    ? 'Invalid request'
    : first.path === ''
      ? 'Request body must be a JSON object'
      : first.message
  return { message, code: 'VALIDATION_FAILED', errors }
}

/**
 * Every error leaves as `{message, code, errors?}` (docs/api.md "Errors"): bad input is a 4xx with
 * the first problem in words, a typed AppError keeps its status, a database that is away is a 503
 * with Retry-After, and anything unexpected is a 500 whose details go to the log (through the
 * serializer that keeps secrets out of it), never to the client.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(validationBody(error.validation))
  }
  if (error instanceof AppError) {
    if (error.status === 429)
      rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' })
    return reply.status(error.status).send({
      message: error.message,
      code: error.code,
      ...(error.errors ? { errors: error.errors } : {}),
      ...error.details,
    })
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable')
    return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({
      message: 'Sabi is briefly unavailable. Please try again in a moment.',
      code: 'UNAVAILABLE',
    })
  }
  const database = describeDatabaseError(error)
  if (database?.code && BAD_INPUT_STATES.has(database.code)) {
    request.log.warn({ database }, 'input refused by the database: validation missed it')
    return reply.status(400).send({ message: 'Invalid request', code: 'VALIDATION_FAILED' })
  }
  if (isFastifyError(error)) {
    const known = FASTIFY_MESSAGES[error.code]
    if (known) return reply.status(known.status).send({ message: known.message, code: known.code })
    if (error.statusCode === 429) {
      rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' })
      return reply.status(429).send({
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      })
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error')
      return reply
        .status(error.statusCode)
        .send({ message: 'Invalid request', code: 'VALIDATION_FAILED' })
    }
  }
  // The logger's serializer (log-serializers.ts) decides what of it is written.
  request.log.error({ err: error }, 'unhandled error')
  return reply
    .status(500)
    .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' })
}

/**
 * Errors Fastify meets before a request reaches a route, which bypass the error handler: a
 * path that is not valid percent-encoding, and a path parameter over the router's length
 * limit. Both are bad input, answered in the API's own shape without echoing the path.
 */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ message: 'Request path is too long', code: 'VALIDATION_FAILED' })
  }
  return reply.status(400).send({ message: 'Invalid request path', code: 'VALIDATION_FAILED' })
}
