import { z } from 'zod'
import { emailTokenSchema } from './auth.ts'
import { stepUpFields } from './step-up.ts'

/** `POST /api/account/freeze/link`: the token of an alert's "This wasn't me" link. */
export const freezeLinkRequestSchema = z.object({ token: emailTokenSchema })

/** `POST /api/account/unfreeze`: the password and the code sent to the e-mail on file. */
export const unfreezeRequestSchema = z.object({
  password: stepUpFields.password,
  code: z
    .string({ error: 'enterCodeWeSent' })
    .trim()
    .regex(/^\d{6}$/, 'enter6DigitCodeWe'),
})

export const unfreezeCodeSentSchema = z.object({
  /** Where the code went, masked ("a•••@example.com", "•••1234"). */
  sentTo: z.string(),
})
