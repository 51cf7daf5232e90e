import { z } from 'zod'

/**
 * A value of a message's placeholder: a number, a text (a name, a date, a currency code), or an
 * amount as decimal text with its asset's symbol, written by each language its own way.
 */
export const messageParamsSchema = z.record(
  z.string(),
  z.union([
    z.string(),
    z.number(),
    z.object({ decimal: z.string(), symbol: z.string().nullable() }),
  ]),
)

/**
 * Every error response of the API (docs/api.md "Errors"): `message` is the text of `key` in the
 * errors catalog (src/client/locales/<language>/errors.json) in the request's language, with
 * `params` filled in; each field error likewise.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  /**
   * The errors catalog's key of `message`, and the values of its placeholders: Sabi's server
   * always sends both; optional for the client, which reads whatever answered.
   */
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        key: z.string().optional(),
        params: messageParamsSchema.optional(),
      }),
    )
    .optional(),
  /** With PIN_INVALID: wrong PINs still allowed before the PIN locks. */
  attemptsLeft: z.number().int().optional(),
  /** With PIN_LOCKED: when the PIN opens again (ISO 8601). */
  lockedUntil: z.string().optional(),
  /** With LIMIT_EXCEEDED: which KYC limit refused the payment (docs/limits.md). */
  limit: z.enum(['single', 'daily', 'balance']).optional(),
  /** With LIMIT_EXCEEDED: what that limit still allows, in naira, as a decimal string. */
  remaining: z.string().optional(),
  /** With REAUTH_REQUIRED: whether the TOTP code is asked as well as the password. */
  secondFactor: z.boolean().optional(),
  /** With COOLING_OFF: when the cooling-off allowance ends (ISO 8601). */
  until: z.string().optional(),
  /**
   * With UNAVAILABLE from GET /api/ready: why the server is not ready, as probes written for its
   * earlier `{status}` answer read it.
   */
  status: z.enum(['draining', 'unavailable']).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
