import { type QueryFunction, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useDebouncedValue } from './use-debounced-value.ts'

/** Typing makes one quote request once the inputs have stopped changing for this long. */
export const QUOTE_DEBOUNCE_MS = 400
/** A new quote is asked for just after the old one lapses on the server, never just before. */
const EXPIRY_MARGIN_MS = 250
const TICK_MS = 1000

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

export type LockedQuoteState<Q> = {
  /** The locked quote for exactly the input, while it is still valid; null otherwise. */
  quote: Q | null
  /** Whole seconds the quote stays locked, for the countdown. */
  secondsLeft: number
  /** A quote is being asked for (the first, or the one that replaces an expired one). */
  isFetching: boolean
  /** Why the last quote request failed, such as an amount too small. */
  error: Error | null
  /** Asks for a fresh quote now, for instance after the server refused an expired one. */
  refresh: () => void
}

/**
 * A price the server locks for a while (an exchange, a transfer abroad): asked for once the
 * inputs (`key`) have settled, replaced automatically when it lapses, and shown only while it
 * is still valid, so the figures on screen are always ones the server will honour.
 */
export function useLockedQuote<Q extends { expiresAt: string }, K extends readonly unknown[]>(
  key: K,
  active: boolean,
  fetchQuote: QueryFunction<Q, K>,
): LockedQuoteState<Q> {
  // The key's text is compared, not the array, which is new on every render.
  const keyText = key.join('|')
  const settledKeyText = useDebouncedValue(keyText, QUOTE_DEBOUNCE_MS)
  const query = useQuery({
    queryKey: key,
    queryFn: fetchQuote,
    enabled: active && settledKeyText === keyText,
    // A quote is worth nothing once it lapses: never keep one for a later visit.
    gcTime: 0,
    // Data saver (src/client/lib/data-saver.ts) does not stop this: a lapsed quote cannot be
    // paid, and it is one request per lock period, only while the form is open.
    refetchInterval: (current) => {
      const data = current.state.data
      if (!data || current.state.status !== 'success') return false
      return Math.max(msUntil(data.expiresAt, Date.now()), 0) + EXPIRY_MARGIN_MS
    },
  })
  const data = active ? query.data : undefined
  const nowMs = useNow(data !== undefined)
  const live = data !== undefined && msUntil(data.expiresAt, nowMs) > 0
  return {
    quote: live ? data : null,
    secondsLeft: live ? Math.ceil(msUntil(data.expiresAt, nowMs) / TICK_MS) : 0,
    isFetching: query.isFetching,
    error: active && !query.isFetching ? query.error : null,
    refresh: () => {
      void query.refetch()
    },
  }
}
