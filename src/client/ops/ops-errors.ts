import { OfflineError } from '#client/lib/api.ts'
import { serverErrorMessage } from '#client/lib/server-errors.ts'
import { OPS_TEXT } from './messages.ts'

/**
 * What a failed console call shows: the server's own words (a 403 "Your role may not…", a 409
 * "You cannot approve your own proposal"), the network's state, or a fallback.
 */
export function errorText(error: unknown, fallback: string = OPS_TEXT.actionFailed): string {
  if (error instanceof OfflineError) return OPS_TEXT.unreachable
  return serverErrorMessage(error, fallback)
}
