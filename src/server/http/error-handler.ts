import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '#shared/errors.ts'
import type { ApiErrorBody } from '#shared/schemas/errors.ts'

// Fastify's own 4xx errors, said in words a client developer can act on.
const FASTIFY_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body must be valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body must be valid JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    message: 'Request body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Request body length does not match Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
}

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
 * Every error leaves as `{message, code, errors?}` (DESIGN §5): bad input is a 400 with the
 * first problem in words, a typed AppError keeps its status, and anything unexpected is a
 * 500 whose details go to the log, never to the client.
 */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.status(400).send(validationBody(error.validation))
  }
  if (error instanceof AppError) {
    return reply.status(error.status).send({
      message: error.message,
      code: error.code,
      ...(error.errors ? { errors: error.errors } : {}),
    })
  }
  if (isFastifyError(error)) {
    const known = FASTIFY_MESSAGES[error.code]
    if (known)
      return reply.status(known.status).send({ message: known.message, code: 'VALIDATION_FAILED' })
    if (error.statusCode === 429) {
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
  request.log.error({ err: error }, 'unhandled error')
  return reply
    .status(500)
    .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' })
}
