import { useEffect, useRef, useState } from 'react'

/** The balance counts up over 1500 ms (docs/screens.md "Dashboard"). */
export const BALANCE_ANIMATION_MS = 1500

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

// A new figure at most every 50 ms: smooth to the eye, and a third of the work of one per frame
// on a cheap phone, where each figure is a render and a repaint (docs/performance.md).
const STEP_MS = 50

// Fixed-point steps for the eased progress, so every frame is computed in bigint.
const PROGRESS_STEPS = 1_000_000

function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3
}

/**
 * Animates from the previous target (0 at first) to `target`, in integer minor units, so the
 * last frame is exactly the target and no amount ever passes through a float. With reduced
 * motion requested, the target shows at once.
 */
export function useCountUp(target: bigint, durationMs: number = BALANCE_ANIMATION_MS): bigint {
  const [value, setValue] = useState<bigint>(() => (prefersReducedMotion() ? target : 0n))
  const shownRef = useRef(value)
  shownRef.current = value

  useEffect(() => {
    const from = shownRef.current
    if (from === target || prefersReducedMotion()) {
      setValue(target)
      return
    }
    const distance = target - from
    let frame = 0
    let startMs: number | undefined
    let shownAtMs = Number.NEGATIVE_INFINITY
    const tick = (nowMs: number) => {
      startMs ??= nowMs
      const progress = Math.min(1, (nowMs - startMs) / durationMs)
      if (progress >= 1) {
        setValue(target)
        return
      }
      if (nowMs - shownAtMs < STEP_MS) {
        frame = requestAnimationFrame(tick)
        return
      }
      shownAtMs = nowMs
      const step = BigInt(Math.round(easeOutCubic(progress) * PROGRESS_STEPS))
      setValue(from + (distance * step) / BigInt(PROGRESS_STEPS))
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [target, durationMs])

  return value
}
