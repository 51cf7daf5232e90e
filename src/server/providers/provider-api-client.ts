import type { z } from 'zod'

/**
 * Why a call to a provider's API did not give an answer to act on (docs/paystack.md "Failures",
 * docs/flutterwave.md "Failures"):
 * - `refused`: the provider answered with a 4xx or its own refusal; nothing was done there;
 * - `lost`: a timeout, a dropped connection or a 5xx; the provider may or may not have done it,
 *   so whoever retries must ask first (a payment is looked up by its reference);
 * - `malformed`: an answer that is not the provider's documented shape.
 */
export type ProviderFailureKind = 'refused' | 'lost' | 'malformed'

export class ProviderFailure extends Error {
  override name = 'ProviderFailure'
  constructor(
    readonly kind: ProviderFailureKind,
    /** The HTTP status, or 0 when no answer came. */
    readonly httpStatus: number,
    message: string,
  ) {
    super(message)
  }
}

/** How one provider wraps its answers: whether it says it acted, its message, its data. */
export type ProviderEnvelope<E> = {
  schema: z.ZodType<E>
  accepted(envelope: E): boolean
  message(envelope: E): string
  data(envelope: E): unknown
}

export type ProviderAnswer<T, E> = { message: string; data: T; envelope: E }

export type ProviderApiClient<E> = {
  get<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    schema: z.ZodType<T>,
  ): Promise<ProviderAnswer<T, E>>
  post<T>(
    path: string,
    body: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<ProviderAnswer<T, E>>
}

export type ProviderApiOptions = {
  secretKey: string
  baseUrl: string
  timeoutMs: number
}

/**
 * The one way Sabi talks to a money provider's JSON API (Paystack, Flutterwave): the secret key
 * as a bearer token, JSON both ways, a timeout on every call, and the provider's envelope
 * checked, so every caller gets either the `data` it asked for (parsed by its schema) or a
 * ProviderFailure that says whether the provider might have acted. The key never appears in an
 * error or a log line.
 */
export function createProviderApiClient<E>(
  provider: string,
  options: ProviderApiOptions,
  envelope: ProviderEnvelope<E>,
): ProviderApiClient<E> {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    query: Record<string, string | number | undefined>,
    body: Record<string, unknown> | undefined,
    schema: z.ZodType<T>,
  ): Promise<ProviderAnswer<T, E>> {
    const url = new URL(`${options.baseUrl}${path}`)
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    const what = `${provider} ${method} ${path}`
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
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'unknown'
      throw new ProviderFailure('lost', 0, `${what} got no answer (${reason})`)
    }
    let parsed: unknown
    try {
      parsed = await response.json()
    } catch {
      parsed = undefined
    }
    const wrapped = envelope.schema.safeParse(parsed)
    const message = wrapped.success ? envelope.message(wrapped.data) : ''
    if (response.status >= 500) {
      throw new ProviderFailure(
        'lost',
        response.status,
        `${what} answered ${response.status}${message ? `: ${message}` : ''}`,
      )
    }
    if (!wrapped.success) {
      throw new ProviderFailure(
        'malformed',
        response.status,
        `${what} answered ${response.status} in an unknown format`,
      )
    }
    if (!response.ok || !envelope.accepted(wrapped.data)) {
      throw new ProviderFailure(
        'refused',
        response.status,
        `${what} refused (${response.status}): ${message}`,
      )
    }
    const data = schema.safeParse(envelope.data(wrapped.data))
    if (!data.success) {
      throw new ProviderFailure(
        'malformed',
        response.status,
        `${what} answered data in an unknown format: ${data.error.issues[0]?.path.join('.') ?? ''}`,
      )
    }
    return { message, data: data.data, envelope: wrapped.data }
  }

  return {
    get: (path, query, schema) => call('GET', path, query, undefined, schema),
    post: (path, body, schema) => call('POST', path, {}, body, schema),
  }
}
