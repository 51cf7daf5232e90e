import { type ComponentType, Suspense, useEffect, useState } from 'react'
import { markToastRegionShown, useToasts } from '#client/lib/toast.ts'
import { whenIdle } from '#client/lib/when-idle.ts'

// The Radix toast code is about an eighth of the landing page's budget (docs/performance.md
// "Page weight"), and no first paint needs it, so it loads once the browser is idle, or at once
// for an early toast.
/**
 * Mounted once at the root of the app. The toast region (one toast at a time, 5000 ms, swipe
 * right to dismiss, F8 to focus) is ready shortly after start-up; a toast raised before then
 * waits in the store and shows as soon as the region has loaded. If its code cannot be fetched
 * (offline, on a device that never loaded it), the app goes on without toasts, and the next
 * toast tries again, rather than the failure taking every screen down.
 */
export function Toaster() {
  const toasts = useToasts()
  const [idle, setIdle] = useState(false)
  const [Region, setRegion] = useState<ComponentType | null>(null)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  useEffect(() => {
    if (Region || (!idle && toasts.length === 0)) return
    let current = true
    import('./toast-region.tsx').then(
      ({ ToastRegion }) => {
        if (current) setRegion(() => ToastRegion)
      },
      (error: unknown) => console.warn('The toast region could not be loaded', error),
    )
    return () => {
      current = false
    }
  }, [Region, idle, toasts])
  // After the region's first render has been committed, so a toast in the store is on screen.
  useEffect(() => {
    if (Region) markToastRegionShown()
  }, [Region])
  if (!Region) return null
  return (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  )
}
