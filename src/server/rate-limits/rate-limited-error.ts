import { format } from '@lukeed/ms'
import { AppError } from '#shared/errors.ts'

/**
 * The 429 every rate limit answers, in the words of @fastify/rate-limit's wait ("30 seconds",
 * "1 minute"), whether the plugin counted the request or a transfer batch did (migration 0021).
 */
export function rateLimitedError(waitSeconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many requests. Please try again in ${format(waitSeconds * 1000, true)}.`,
  )
}
