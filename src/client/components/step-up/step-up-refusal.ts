import { ApiError } from '#client/lib/api.ts'
import { apiErrorBody } from '#client/lib/api-error-body.ts'

export type StepUpField = 'password' | 'code'
export type StepUpErrors = Partial<Record<StepUpField, string>>

export type StepUpRefusal = {
  /** The server asks for the authenticator code as well as the password. */
  secondFactor: boolean
  /** The server's words for each field at fault. */
  errors: StepUpErrors
}

function isStepUpField(path: string): path is StepUpField {
  return path === 'password' || path === 'code'
}

/**
 * A refusal the user answers by typing the password or the code again (docs/security.md
 * "Step-up"): the 403 REAUTH_REQUIRED, or a 400 whose per-field problems name either field (a
 * wrong code). Undefined for any other failure, which the screen shows as it shows the rest.
 */
export function stepUpRefusalOf(error: unknown): StepUpRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined
  const reauth = error.code === 'REAUTH_REQUIRED'
  if (!reauth && error.status !== 400) return undefined
  const body = apiErrorBody(error)
  const errors: StepUpErrors = {}
  for (const item of body?.errors ?? []) {
    if (isStepUpField(item.path) && errors[item.path] === undefined) {
      errors[item.path] = item.message
    }
  }
  if (errors.password === undefined && errors.code === undefined) {
    if (!reauth) return undefined
    // A REAUTH_REQUIRED that names no field is about the password, which every step-up asks.
    errors.password = error.serverMessage ?? ''
  }
  return { secondFactor: body?.secondFactor === true, errors }
}
