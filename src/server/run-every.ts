/**
 * Runs `pass` now and every `intervalMs`, never two at once: a pass still running when the next
 * is due lets that one go. A pass that throws is logged and the next runs as usual. `stop` ends
 * the timer and waits for a pass already running, so the database is not closed under it.
 */
export function runEvery(
  pass: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined
  const tick = () => {
    if (running) return
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined
      })
  }
  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
