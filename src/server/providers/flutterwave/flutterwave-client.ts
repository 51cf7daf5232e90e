import { z } from 'zod'
import {
  createProviderApiClient,
  type ProviderApiClient,
  ProviderFailure,
} from '#server/providers/provider-api-client.ts'
import { exponentOf, formatMinor, parseMoney } from '#shared/money.ts'

/** Flutterwave answers within seconds; one that has not after this is treated as lost. */
export const FLUTTERWAVE_TIMEOUT_MS = 20_000

/**
 * A failed call to Flutterwave (docs/flutterwave.md "Failures"): `refused` (it answered
 * `status: "error"` with a 4xx), `lost` (no answer or a 5xx) or `malformed`.
 */
export const FlutterwaveFailure = ProviderFailure

/**
 * An amount as Flutterwave's bill payment takes it: a JSON number of naira, kobo as decimals.
 * Sabi's amounts are bigints of kobo until here; one a number cannot carry exactly is refused
 * rather than rounded (docs/flutterwave.md "The client").
 */
export function flutterwaveAmount(amountMinor: bigint): number {
  const amount = Number(formatMinor(amountMinor, exponentOf('NGN')))
  // Exact only if the number reads back, as Sabi reads any amount, to the same kobo.
  const back = parseMoney(amount, 'NGN')
  if (amountMinor <= 0n || !back.ok || back.value.amountMinor !== amountMinor)
    throw new RangeError(`${amountMinor} kobo cannot be sent to Flutterwave exactly`)
  return amount
}

/** Flutterwave's envelope around every answer: `status` ("success" or "error"), `message`, `data`. */
const envelopeSchema = z.object({
  status: z.string().max(20),
  message: z.string().max(1000).nullish(),
  data: z.unknown().optional(),
})

export type FlutterwaveClient = ProviderApiClient<z.infer<typeof envelopeSchema>>

export type FlutterwaveOptions = {
  secretKey: string
  /** Up to and including the version: `https://api.flutterwave.com/v3`. */
  baseUrl: string
  timeoutMs?: number
}

/** The one way Sabi talks to Flutterwave (provider-api-client.ts), with its envelope. */
export function createFlutterwaveClient(options: FlutterwaveOptions): FlutterwaveClient {
  return createProviderApiClient(
    'Flutterwave',
    { ...options, timeoutMs: options.timeoutMs ?? FLUTTERWAVE_TIMEOUT_MS },
    {
      schema: envelopeSchema,
      accepted: (envelope) => envelope.status === 'success',
      message: (envelope) => envelope.message ?? '',
      data: (envelope) => envelope.data,
    },
  )
}
