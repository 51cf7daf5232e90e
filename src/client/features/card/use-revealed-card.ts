import { useCallback, useEffect, useState } from 'react'
import { CARD_REVEAL_MS } from '#shared/schemas/card.ts'
import type { RevealedCard } from './reveal-dialog.tsx'

const TICK_MS = 250

type Shown = { number: string; cvv: string; hideAtMs: number }

/**
 * When to hide, on this device's clock: the server's `hideAt`, unless the two clocks disagree
 * so much that it is already past or further than the 30 seconds away, in which case the 30
 * seconds are counted from now.
 */
function localHideAt(hideAt: string, nowMs: number): number {
  const leftMs = Date.parse(hideAt) - nowMs
  return nowMs + (leftMs > 0 && leftMs <= CARD_REVEAL_MS ? leftMs : CARD_REVEAL_MS)
}

/**
 * The revealed number and CVV, held in component state only and dropped at `hideAt`, when the
 * page is hidden (another app, another tab), when the caller hides them, and on unmount.
 */
export function useRevealedCard() {
  const [shown, setShown] = useState<Shown | null>(null)
  const [nowMs, setNowMs] = useState(() => Date.now())

  const show = useCallback((card: RevealedCard) => {
    const now = Date.now()
    setNowMs(now)
    setShown({ number: card.number, cvv: card.cvv, hideAtMs: localHideAt(card.hideAt, now) })
  }, [])
  const hide = useCallback(() => setShown(null), [])

  useEffect(() => {
    if (!shown) return
    const timeout = setTimeout(() => setShown(null), Math.max(0, shown.hideAtMs - Date.now()))
    const interval = setInterval(() => {
      const now = Date.now()
      if (now >= shown.hideAtMs) setShown(null)
      else setNowMs(now)
    }, TICK_MS)
    function hideWhenAway() {
      if (document.visibilityState === 'hidden') setShown(null)
    }
    document.addEventListener('visibilitychange', hideWhenAway)
    return () => {
      clearTimeout(timeout)
      clearInterval(interval)
      document.removeEventListener('visibilitychange', hideWhenAway)
    }
  }, [shown])

  const secondsLeft = shown ? Math.max(0, Math.ceil((shown.hideAtMs - nowMs) / 1000)) : 0
  return { shown, secondsLeft, show, hide }
}
