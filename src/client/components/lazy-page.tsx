import { type ComponentType, lazy } from 'react'
import { checkReachable, isOffline, onBackOnline, useOffline } from '#client/lib/network-status.ts'
import { OfflineScreen } from './offline-screen.tsx'

/**
 * A route's page as its own chunk (docs/performance.md "Page weight"). When the chunk cannot be
 * fetched (offline on a page never opened on this device), the in-app offline screen shows
 * instead of an error, and the page is fetched again when the network returns (docs/offline.md).
 * A load that fails while the app thinks it is online (the network came back a moment after the
 * fetch began, or the browser says online on a dead connection) asks the server whether it can be
 * reached: if so the page is fetched once more, and only a second failure shows "This page
 * couldn't load"; if not, the app is offline and the page loads when the network returns.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let failed = false
  const attempt = async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await load() }
    } catch {
      if (!isOffline() && (await checkReachable())) {
        try {
          return { default: await load() }
        } catch {
          // The server answers but the file is gone (a deploy removed it, say): a reload is the cure.
        }
      }
      failed = true
      return { default: OfflineScreen }
    }
  }
  let Page = lazy(attempt)
  // A failed load is kept (a retry on every render would loop) until the network comes back.
  onBackOnline(() => {
    if (!failed) return
    failed = false
    Page = lazy(attempt)
  })
  // Called once per route when app.tsx loads, never during a render, so each page keeps one
  // component identity, as React.lazy's own result does.
  // biome-ignore lint/correctness/noComponentHookFactories: module-level factory, see above.
  return function LazyPage(props: P) {
    // Read so that the page renders again, with the new attempt, when the network comes back.
    useOffline()
    return <Page {...props} />
  }
}
