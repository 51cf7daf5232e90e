import { ApiError, apiRequest } from '#client/lib/api.ts'
import { type Health, healthSchema } from '#shared/schemas/reference.ts'

export const HEALTH_PATH = '/api/health'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Reads GET /api/health. A server without its database answers 200 with `status: degraded`;
 * a 503 that carries a health report (as servers before readiness had answered) is shown as a
 * status too, rather than as a failure; anything else that is not a health report is.
 */
export async function fetchHealth(): Promise<Health> {
  try {
    return healthSchema.parse(await apiRequest('GET', HEALTH_PATH))
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) {
      const parsed = healthSchema.safeParse(
        parseJson(error.message.slice(`${error.status}: `.length)),
      )
      if (parsed.success) return parsed.data
    }
    throw error
  }
}
