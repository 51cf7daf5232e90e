import { type ApiErrorBody, apiErrorSchema } from '#shared/schemas/errors.ts'
import { ApiError } from './api.ts'

/**
 * The JSON body of a refusal (docs/api.md "Errors"), for what it says beside `message` and
 * `code`: the per-field problems, the tries left, whether a second factor is asked. The body is
 * the text after the "<status>: " prefix (docs/api.md "The client's fetch wrapper"); undefined
 * when the answer was not the API's error shape.
 */
export function apiErrorBody(error: unknown): ApiErrorBody | undefined {
  if (!(error instanceof ApiError)) return undefined
  try {
    const parsed = apiErrorSchema.safeParse(
      JSON.parse(error.message.slice(`${error.status}: `.length)),
    )
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
