import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiRequest } from '#client/lib/api.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import {
  type InternationalMethod,
  type InternationalQuote,
  internationalQuoteSchema,
} from '#shared/schemas/international.ts'

/** Typing makes one quote request once the amount has stopped changing for this long. */
const QUOTE_DEBOUNCE_MS = 400
/** A new quote is asked for just after the old one lapses on the server, never just before. */
const EXPIRY_MARGIN_MS = 250
const TICK_MS = 1000

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

export type InternationalQuoteState = {
  /** The locked quote for exactly the input, while it is still valid; null otherwise. */
  quote: InternationalQuote | null
  /** Whole seconds the quote stays locked, for the countdown. */
  secondsLeft: number
  isFetching: boolean
  /** Why the last quote request failed (an amount too small to send, say). */
  error: Error | null
  /** Asks for a fresh quote now, after the server refused an expired or used one. */
  refresh: () => void
}

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

/** "9:05" for 545 seconds. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}
