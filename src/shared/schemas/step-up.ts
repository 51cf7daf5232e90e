import { z } from 'zod'

/** A TOTP code (6 digits) or a backup code (xxxx-xxxx), as typed: spaces are ignored. */
export const secondFactorCodeSchema = z
  .string({ error: 'enterCodeFromAuthenticator' })
  .trim()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().min(6, 'enter6DigitCode').max(20, 'codeTooLong'))

/**
 * What a credential change carries beside its own fields (docs/security.md "Step-up"): the
 * account password, and the TOTP or a backup code when two-factor is on. Both are optional in
 * the schema so that leaving them out is the typed 403 REAUTH_REQUIRED, which the screens answer
 * by asking for them, rather than a validation error.
 */
export const stepUpFields = {
  password: z
    .string()
    .max(200, 'passwordIncorrect')
    .optional()
    .describe('Your account password (403 REAUTH_REQUIRED without it)'),
  code: secondFactorCodeSchema
    .optional()
    .describe('With two-factor on: a code from your authenticator app, or a backup code'),
}

export const stepUpRequestSchema = z.object(stepUpFields)
export type StepUpProof = z.infer<typeof stepUpRequestSchema>
