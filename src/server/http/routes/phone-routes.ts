import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireStepUp } from '#server/account-safety/step-up.ts'
import type { Sealer } from '#server/credentials/seal.ts'
import type { Database } from '#server/db/client.ts'
import { commitWithRefusals } from '#server/db/commit-with-refusals.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { requireUser, signedInUserId } from '#server/http/session-plugin.ts'
import { confirmPhoneVerification } from '#server/phone/confirm-phone-verification.ts'
import type { PhoneCodeKey } from '#server/phone/phone-codes.ts'
import { sendPhoneVerification } from '#server/phone/send-phone-verification.ts'
import type { SmsSender } from '#server/providers/message-senders.ts'
import { findUserById } from '#server/users/find-user.ts'
import { refuseIfFrozen } from '#server/users/frozen-refusal.ts'
import { toUserResponse } from '#server/users/to-user-response.ts'
import { AppError, msg } from '#shared/errors.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { apiErrorSchema } from '#shared/schemas/errors.ts'
import {
  phoneVerificationConfirmSchema,
  phoneVerificationRequestSchema,
  phoneVerificationSentSchema,
} from '#shared/schemas/phone.ts'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  423: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
}

/** Per user: a stolen session should not be able to text codes or guess them at will. */
const perUser = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => request.userId ?? clientAddress(request),
  },
})

/**
 * Verifying a phone number by SMS code (docs/phone-numbers.md "Verification"), for the
 * signed-in user only. The use cases hold the real limits (a minute between codes, five an hour
 * per account and per number, five tries a code); these route limits are a backstop.
 */
export const phoneRoutes: FastifyPluginAsyncZod<{
  db: Database
  sms: SmsSender | undefined
  codeKey: PhoneCodeKey
  sealer: Sealer
}> = async (app, { db, sms, codeKey, sealer }) => {
  app.post(
    '/api/phone/verification',
    {
      schema: {
        tags: ['account'],
        summary:
          'Text a 6-digit code to a phone number (any common format; stored E.164) to verify it; adding or changing a number needs `password` (and `code` with two-factor on), else 403 REAUTH_REQUIRED: works 10 minutes and 5 tries, one a minute, 5 an hour; 409 PHONE_TAKEN when another account verified it; with reuseRecent, a code sent less than a minute ago is answered (200, sent false) instead of a 429',
        body: phoneVerificationRequestSchema,
        response: { 200: phoneVerificationSentSchema, 202: phoneVerificationSentSchema, ...errors },
      },
      preHandler: requireUser,
      config: perUser(10),
    },
    async (request, reply) => {
      const user = await findUserById(db, signedInUserId(request))
      if (!user) throw new AppError('UNAUTHORIZED', msg('unauthorized'))
      // Adding or changing a number takes the password (and the TOTP code): with a session
      // alone a thief could put in their own number and reset the password by SMS
      // (docs/security.md "Step-up"). Proving the number typed at sign-up changes nothing.
      if (user.phoneVerified || user.phoneNumber !== request.body.phoneNumber) {
        await requireStepUp(db, sealer, user, request.body, clientAddress(request))
      } else {
        refuseIfFrozen(user)
      }
      const sent = await sendPhoneVerification(
        db,
        { sms, codeKey },
        user.id,
        request.body.phoneNumber,
        Date.now(),
        { reuseRecent: request.body.reuseRecent === true },
      )
      // 202: a code is on its way; 200: the code texted moments ago is the one to type.
      return reply.status(sent.sent ? 202 : 200).send(sent)
    },
  )

  app.post(
    '/api/phone/verification/confirm',
    {
      schema: {
        tags: ['account'],
        summary:
          'Confirm a phone number with the code texted to it: it becomes your verified number; a number added or changed alerts your old contacts and starts the 24-hour cooling-off (400 PHONE_CODE_INVALID with attemptsLeft, PHONE_CODE_EXPIRED after 10 minutes or 5 wrong tries)',
        body: phoneVerificationConfirmSchema,
        response: { 200: userSchema, ...errors },
      },
      preHandler: requireUser,
      config: perUser(30),
    },
    async (request) => {
      const userId = signedInUserId(request)
      const user = await commitWithRefusals(db, (tx) =>
        confirmPhoneVerification(tx, codeKey, userId, request.body),
      )
      return toUserResponse(user)
    },
  )
}
