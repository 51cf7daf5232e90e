import { z } from 'zod'
import type { HttpSmsOptions } from '#server/config.ts'
import type { SmsSender } from './message-senders.ts'

/** An SMS gateway that does not answer in time fails the attempt, to be tried again later. */
const SMS_TIMEOUT_MS = 10_000

// The gateway's statuses for a message it took: processed, sent, queued. Anything else (an
// invalid number, no credit, a blacklisted number, a routing failure) is a failed attempt.
const ACCEPTED_STATUS_CODES = new Set([100, 101, 102])

const gatewayAnswerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().max(500).optional(),
    Recipients: z
      .array(z.object({ statusCode: z.number().int(), status: z.string().max(100) }))
      .max(10),
  }),
})

/**
 * SMS through an HTTP gateway in the bulk-SMS format of the common African aggregators
 * (Africa's Talking's `version1/messaging`): a form with `username`, `to`, `message` and
 * `from`, the key in an `apiKey` header, and a JSON answer with one status per recipient
 * (docs/operations.md "SMS"). A refusal or a timeout throws, so the dispatcher tries again.
 * SMS has no message id a phone could drop a copy by: a duplicate is possible only when an
 * instance stops between the gateway's answer and recording it (docs/notifications.md).
 */
export function createHttpSmsSender(options: HttpSmsOptions): SmsSender {
  return {
    async send(message) {
      const form = new URLSearchParams({
        username: options.username,
        to: message.to,
        message: message.text,
      })
      if (options.senderId) form.set('from', options.senderId)
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          apiKey: options.apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`the SMS gateway answered ${response.status}`)
      const answer = gatewayAnswerSchema.safeParse(await response.json().catch(() => undefined))
      if (!answer.success) throw new Error('the SMS gateway answered in an unknown format')
      const [recipient] = answer.data.SMSMessageData.Recipients
      if (!recipient || !ACCEPTED_STATUS_CODES.has(recipient.statusCode)) {
        throw new Error(
          `the SMS gateway refused the message: ${recipient?.status ?? answer.data.SMSMessageData.Message ?? 'no recipient'}`,
        )
      }
    },
  }
}
