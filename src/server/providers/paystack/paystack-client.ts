import { z } from 'zod'
import {
  createProviderApiClient,
  type ProviderAnswer,
  type ProviderApiClient,
  ProviderFailure,
} from '#server/providers/provider-api-client.ts'

/** Paystack answers within seconds; one that has not after this is treated as lost. */
export const PAYSTACK_TIMEOUT_MS = 20_000

/**
 * A failed call to Paystack (docs/paystack.md "Failures"): `refused` (it answered
 * `status: false` with a 4xx), `lost` (no answer or a 5xx) or `malformed`.
 */
export const PaystackFailure = ProviderFailure

/**
 * An amount as Paystack's JSON takes it: an integer of the minor unit (kobo, cents). Sabi's
 * amounts are bigints and stay so until this, the one place they become a JSON number; one too
 * large to be an exact number is refused rather than rounded (docs/paystack.md "The client").
 */
export function paystackAmount(amountMinor: bigint): number {
  const amount = Number(amountMinor)
  if (amountMinor <= 0n || !Number.isSafeInteger(amount) || BigInt(amount) !== amountMinor)
    throw new RangeError(`${amountMinor} minor units cannot be sent to Paystack exactly`)
  return amount
}

/** Paystack's envelope around every answer: `status`, a `message`, the `data` and `meta`. */
const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().max(1000).optional(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
})
type PaystackEnvelope = z.infer<typeof envelopeSchema>

export type PaystackAnswer<T> = ProviderAnswer<T, PaystackEnvelope> & { meta: unknown }

export type PaystackClient = {
  get<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
  ): Promise<PaystackAnswer<T>>
  post<T>(
    path: string,
    body: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<PaystackAnswer<T>>
}

export type PaystackOptions = {
  secretKey: string
  baseUrl: string
  timeoutMs?: number
}

/**
 * The one way Sabi talks to Paystack (provider-api-client.ts), with Paystack's envelope: a
 * boolean `status`, and `meta` for the pages of a list.
 */
export function createPaystackClient(options: PaystackOptions): PaystackClient {
  const client: ProviderApiClient<PaystackEnvelope> = createProviderApiClient(
    'Paystack',
    { ...options, timeoutMs: options.timeoutMs ?? PAYSTACK_TIMEOUT_MS },
    {
      schema: envelopeSchema,
      accepted: (envelope) => envelope.status,
      message: (envelope) => envelope.message ?? '',
      data: (envelope) => envelope.data,
    },
  )
  return {
    get: async (path, query, schema) => {
      const answer = await client.get(path, query, schema)
      return { ...answer, meta: answer.envelope.meta }
    },
    post: async (path, body, schema) => {
      const answer = await client.post(path, body, schema)
      return { ...answer, meta: answer.envelope.meta }
    },
  }
}
