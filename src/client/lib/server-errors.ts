import { ApiError } from '#client/lib/api.ts'
import { apiErrorBody } from '#client/lib/api-error-body.ts'

/** The message the form-level alert shows: the server's own words when it sent any. */
export function serverErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback
}

/**
 * The per-field problems of a 400 response, so a rule the server checks and the form did not
 * still lands beside its field.
 */
export function serverFieldErrors(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return []
  return apiErrorBody(error)?.errors ?? []
}

/**
 * The sign-in form's alert: a deactivated account is told so in full, anything else in the
 * server's own words (wrong password, wrong code, too many attempts).
 */
export function signInErrorMessage(
  error: unknown,
  t: (key: 'accountDeactivated' | 'genericError') => string,
): string {
  if (error instanceof ApiError && error.code === 'ACCOUNT_DEACTIVATED') {
    return t('accountDeactivated')
  }
  return serverErrorMessage(error, t('genericError'))
}
