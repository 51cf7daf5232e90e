import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiRequest } from '#client/lib/api.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import { type Quote, type QuoteRequest, quoteSchema } from '#shared/schemas/exchange.ts'

/** Typing makes one quote request once the amount has stopped changing for this long. */
export const QUOTE_DEBOUNCE_MS = 400
/** A new quote is asked for just after the old one lapses on the server, never just before. */
const EXPIRY_MARGIN_MS = 250
const TICK_MS = 1000

export type QuoteInput = { fromCurrencyId: number; toCurrencyId: number; amount: string }

type QuoteKey = readonly ['/api/quotes', number, number, string]

const IDLE_KEY: QuoteKey = ['/api/quotes', 0, 0, '']

async function fetchQuote({ queryKey }: { queryKey: QuoteKey }): Promise<Quote> {
  const [, fromCurrencyId, toCurrencyId, amount] = queryKey
  const body: QuoteRequest = { fromCurrencyId, toCurrencyId, amount }
  return quoteSchema.parse(await apiRequest('POST', '/api/quotes', body))
}

function msUntil(isoTime: string, nowMs: number): number {
  return Date.parse(isoTime) - nowMs
}

/** The current time, once a second while `active`, for a countdown. */
function useNow(active: boolean): number {
  const [nowMs, setNowMs] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNowMs(Date.now())
    const timer = setInterval(() => setNowMs(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [active])
  return nowMs
}

export type ExchangeQuoteState = {
  /** The locked quote for exactly `input`, while it is still valid; null otherwise. */
  quote: Quote | null
  /** Whole seconds the quote's rate stays locked, for "Rate locked for 23s". */
  secondsLeft: number
  /** A quote is being asked for (the first, or the one that replaces an expired one). */
  isFetching: boolean
  /** Why the last quote request failed, such as an amount too small to exchange. */
  error: Error | null
  /** Asks for a fresh quote now, for instance after the server refused an expired one. */
  refresh: () => void
}

/**
 * A locked rate for the exchange being typed (POST /api/quotes): asked for once the inputs
 * have settled, and replaced automatically when it expires, so the figures on screen are
 * always ones the server will honour.
 */
export function useExchangeQuote(input: QuoteInput | null): ExchangeQuoteState {
  const key: QuoteKey = input
    ? ['/api/quotes', input.fromCurrencyId, input.toCurrencyId, input.amount]
    : IDLE_KEY
  // The key's text is compared, not the object, which is new on every render.
  const keyText = key.join('|')
  const settledKeyText = useDebouncedValue(keyText, QUOTE_DEBOUNCE_MS)
  const query = useQuery({
    queryKey: key,
    queryFn: fetchQuote,
    enabled: input !== null && settledKeyText === keyText,
    // A quote is worth nothing once it lapses: never keep one for a later visit.
    gcTime: 0,
    refetchInterval: (current) => {
      const data = current.state.data
      if (!data || current.state.status !== 'success') return false
      return Math.max(msUntil(data.expiresAt, Date.now()), 0) + EXPIRY_MARGIN_MS
    },
  })
  const data = input ? query.data : undefined
  const nowMs = useNow(data !== undefined)
  const live = data !== undefined && msUntil(data.expiresAt, nowMs) > 0
  return {
    quote: live ? data : null,
    secondsLeft: live ? Math.ceil(msUntil(data.expiresAt, nowMs) / TICK_MS) : 0,
    isFetching: query.isFetching,
    error: input && !query.isFetching ? query.error : null,
    refresh: () => {
      void query.refetch()
    },
  }
}
