import { apiRequest } from '#client/lib/api.ts'
import { type LockedQuoteState, useLockedQuote } from '#client/lib/use-locked-quote.ts'
import { type Quote, type QuoteRequest, quoteSchema } from '#shared/schemas/exchange.ts'

export type QuoteInput = { fromCurrencyId: number; toCurrencyId: number; amount: string }

type QuoteKey = readonly ['/api/quotes', number, number, string]

const IDLE_KEY: QuoteKey = ['/api/quotes', 0, 0, '']

async function fetchQuote({ queryKey }: { queryKey: QuoteKey }): Promise<Quote> {
  const [, fromCurrencyId, toCurrencyId, amount] = queryKey
  const body: QuoteRequest = { fromCurrencyId, toCurrencyId, amount }
  return quoteSchema.parse(await apiRequest('POST', '/api/quotes', body))
}

export type ExchangeQuoteState = LockedQuoteState<Quote>

/**
 * A locked rate for the exchange being typed (POST /api/quotes): asked for once the inputs
 * have settled, and replaced automatically when it expires, so the figures on screen are
 * always ones the server will honour.
 */
export function useExchangeQuote(input: QuoteInput | null): ExchangeQuoteState {
  const key: QuoteKey = input
    ? ['/api/quotes', input.fromCurrencyId, input.toCurrencyId, input.amount]
    : IDLE_KEY
  return useLockedQuote(key, input !== null, fetchQuote)
}
