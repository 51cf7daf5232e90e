import { z } from 'zod'

/** Paystack answers within seconds; one that has not after this is treated as lost. */
export const PAYSTACK_TIMEOUT_MS = 20_000

/**
 * Why a call to Paystack did not give an answer to act on (docs/paystack.md "Failures"):
 * - `refused`: Paystack answered `status: false` with a 4xx; nothing was done there;
 * - `lost`: a timeout, a dropped connection or a 5xx; Paystack may or may not have done it,
 *   so whoever retries must ask first (a transfer is verified by its reference);
 * - `malformed`: an answer that is not Paystack's documented shape.
 */
export type PaystackFailureKind = 'refused' | 'lost' | 'malformed'

export class PaystackFailure extends Error {
  override name = 'PaystackFailure'
  constructor(
    readonly kind: PaystackFailureKind,
    /** The HTTP status, or 0 when no answer came. */
    readonly httpStatus: number,
    message: string,
  ) {
    super(message)
  }
}

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

/** Paystack's envelope around every answer: `status`, a `message`, and the `data`. */
const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().max(1000).optional(),
  data: z.unknown().optional(),
  meta: z.unknown().optional(),
})

export type PaystackAnswer<T> = { message: string; data: T; meta: unknown }

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
 * The one way Sabi talks to Paystack: the secret key as a bearer token, JSON both ways, a
 * timeout on every call, and the documented envelope checked, so every caller gets either the
 * `data` it asked for (parsed by its schema) or a PaystackFailure that says whether Paystack
 * might have acted. The key never appears in an error or a log line.
 */
export function createPaystackClient(options: PaystackOptions): PaystackClient {
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string | number | undefined>,
    body: Record<string, unknown> | undefined,
    schema: z.ZodType<T>,
  ): Promise<PaystackAnswer<T>> {
    const url = new URL(`${options.baseUrl}${path}`)
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'unknown'
      throw new PaystackFailure('lost', 0, `Paystack ${method} ${path} got no answer (${reason})`)
    }
    let parsed: unknown
    try {
      parsed = await response.json()
    } catch {
      parsed = undefined
    }
    const envelope = envelopeSchema.safeParse(parsed)
    const message = envelope.success ? (envelope.data.message ?? '') : ''
    if (response.status >= 500) {
      throw new PaystackFailure(
        'lost',
        response.status,
        `Paystack ${method} ${path} answered ${response.status}${message ? `: ${message}` : ''}`,
      )
    }
    if (!envelope.success) {
      throw new PaystackFailure(
        'malformed',
        response.status,
        `Paystack ${method} ${path} answered ${response.status} in an unknown format`,
      )
    }
    if (!response.ok || !envelope.data.status) {
      throw new PaystackFailure(
        'refused',
        response.status,
        `Paystack ${method} ${path} refused (${response.status}): ${message}`,
      )
    }
    const data = schema.safeParse(envelope.data.data)
    if (!data.success) {
      throw new PaystackFailure(
        'malformed',
        response.status,
        `Paystack ${method} ${path} answered data in an unknown format: ${data.error.issues[0]?.path.join('.') ?? ''}`,
      )
    }
    return { message, data: data.data, meta: envelope.data.meta }
  }

  return {
    get: (path, query, schema) => call('GET', path, query, undefined, schema),
    post: (path, body, schema) => call('POST', path, {}, body, schema),
  }
}
