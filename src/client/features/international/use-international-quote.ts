import { apiRequest } from '#client/lib/api.ts'
import { type LockedQuoteState, useLockedQuote } from '#client/lib/use-locked-quote.ts'
import {
  type InternationalMethod,
  type InternationalQuote,
  internationalQuoteSchema,
} from '#shared/schemas/international.ts'

export type InternationalQuoteInput = {
  fromWalletId: string
  region: string
  countryCode: string
  method: InternationalMethod
  amount: string
}

type QuoteKey = readonly ['/api/international/quote', string, string, string, string, string]

async function fetchQuote({ queryKey }: { queryKey: QuoteKey }): Promise<InternationalQuote> {
  const [, fromWalletId, region, countryCode, method, amount] = queryKey
  return internationalQuoteSchema.parse(
    await apiRequest('POST', '/api/international/quote', {
      fromWalletId,
      region,
      countryCode,
      method,
      amount,
    }),
  )
}

export type InternationalQuoteState = LockedQuoteState<InternationalQuote>

/**
 * A locked quote for the transfer being typed (POST /api/international/quote): asked for once
 * the inputs have settled, and replaced when it lapses, so the figures on screen, and on the
 * review step, are always ones the server will honour.
 */
export function useInternationalQuote(
  input: InternationalQuoteInput | null,
): InternationalQuoteState {
  const key: QuoteKey = [
    '/api/international/quote',
    input?.fromWalletId ?? '',
    input?.region ?? '',
    input?.countryCode ?? '',
    input?.method ?? '',
    input?.amount ?? '',
  ]
  return useLockedQuote(key, input !== null, fetchQuote)
}

/** "9:05" for 545 seconds. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}
