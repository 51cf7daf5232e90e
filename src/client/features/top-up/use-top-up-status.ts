import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { type TopUpStatus, topUpStatusSchema } from '#shared/schemas/funding.ts'

/** How often the page asks while the provider has not confirmed the payment. */
export const TOP_UP_POLL_INTERVAL_MS = 2_000
/** How long it asks before it says it is still waiting and leaves asking to the user. */
export const TOP_UP_WAIT_MAX_MS = 120_000
/** The longest reference the page sends on (the provider's are about 30 characters). */
const REFERENCE_MAX_LENGTH = 100

async function fetchTopUp(reference: string): Promise<TopUpStatus> {
  return topUpStatusSchema.parse(
    await apiRequest('GET', `/api/add-funds/${encodeURIComponent(reference)}`),
  )
}

/**
 * The reference the provider sent the user back with (`?reference=…&trxref=…`, the same value
 * twice), or null when the link has none worth asking about.
 */
export function referenceFromSearch(search: string): string | null {
  const params = new URLSearchParams(search)
  const reference = (params.get('reference') ?? params.get('trxref') ?? '').trim()
  return reference !== '' && reference.length <= REFERENCE_MAX_LENGTH ? reference : null
}

/** An answer that asking again will not change: the top-up is unknown, or the link is wrong. */
function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/**
 * GET /api/add-funds/:reference until the top-up is no longer pending (docs/funding.md): every
 * two seconds, for two minutes at most; then `gaveUp` is set, and `askAgain` starts another two
 * minutes.
 */
export function useTopUpStatus(reference: string | null) {
  const [waitingSinceMs, setWaitingSinceMs] = useState(() => Date.now())
  const [gaveUp, setGaveUp] = useState(false)
  useEffect(() => {
    if (reference === null) return
    setGaveUp(false)
    const timer = setTimeout(
      () => setGaveUp(true),
      Math.max(0, TOP_UP_WAIT_MAX_MS - (Date.now() - waitingSinceMs)),
    )
    return () => clearTimeout(timer)
  }, [reference, waitingSinceMs])

  const query = useQuery({
    queryKey: ['/api/add-funds', reference],
    queryFn: () => fetchTopUp(reference ?? ''),
    enabled: reference !== null,
    // The one read in the app that polls (docs/api.md "Data fetching"): the provider confirms a
    // payment on its own time, and this page is only waiting for that.
    refetchInterval: (current) => {
      if (gaveUp) return false
      const status = current.state.data?.status
      if (status !== undefined && status !== 'pending') return false
      // A failed ask stops the asking: the page says so, and the user asks again.
      if (current.state.error) return false
      return TOP_UP_POLL_INTERVAL_MS
    },
    meta: { suppressGlobalError: true },
  })

  return {
    query,
    gaveUp: gaveUp && (query.data === undefined || query.data.status === 'pending'),
    notFound: isFinalError(query.error),
    askAgain: () => {
      setWaitingSinceMs(Date.now())
      void query.refetch()
    },
  }
}
