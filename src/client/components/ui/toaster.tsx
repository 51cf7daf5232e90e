import { lazy, Suspense, useEffect, useState } from 'react'
import { useToasts } from '#client/lib/toast.ts'

// The Radix toast code is about an eighth of the landing page's budget (docs/performance.md
// "Page weight"), and no first paint needs it, so it loads once the browser is idle, or at once
// for an early toast.
const ToastRegion = lazy(() =>
  import('./toast-region.tsx').then((module) => ({ default: module.ToastRegion })),
)

const IDLE_FALLBACK_MS = 1500

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_FALLBACK_MS * 2 })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = setTimeout(callback, IDLE_FALLBACK_MS)
  return () => clearTimeout(timer)
}

/**
 * Mounted once at the root of the app. The toast region (one toast at a time, 5000 ms, swipe
 * right to dismiss, F8 to focus) is ready shortly after start-up; a toast raised before then
 * waits in the store and shows as soon as the region has loaded.
 */
export function Toaster() {
  const toasts = useToasts()
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  if (!idle && toasts.length === 0) return null
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  )
}
