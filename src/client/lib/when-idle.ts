// Where the browser has no idle callback (Safari), a short timer stands in for it.
const IDLE_FALLBACK_MS = 1500
// The first screen's own reads and code come first: on a slow network, what loads "when idle"
// would otherwise share the line with them, since waiting on the network leaves the page idle.
const AFTER_LOAD_MS = 2000

function afterLoad(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = () => {
    timer = setTimeout(callback, AFTER_LOAD_MS)
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
  return () => {
    window.removeEventListener('load', start)
    clearTimeout(timer)
  }
}

/**
 * Runs `callback` once the page has loaded and the browser has nothing more urgent to do: for
 * code that no first paint needs (docs/performance.md "Page weight"). Returns a function that
 * cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  let cancelIdle = () => {}
  const cancelWait = afterLoad(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: IDLE_FALLBACK_MS * 2 })
      cancelIdle = () => window.cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(callback, IDLE_FALLBACK_MS)
      cancelIdle = () => clearTimeout(timer)
    }
  })
  return () => {
    cancelWait()
    cancelIdle()
  }
}
