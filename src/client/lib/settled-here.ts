/**
 * Transactions this tab has just settled and already told the user about in the screen's own
 * toast. The live stream (docs/notifications.md "Live") skips its toast for them: one toast is
 * shown at a time, and the notification of a card sale the merchant rang up a moment ago would
 * replace "Sale Processed" with the same news. The bell still lists it, and other devices still
 * get their toast.
 */
const SETTLED_MAX = 50
const settled = new Set<string>()

export function markSettledHere(transactionId: string) {
  settled.add(transactionId)
  if (settled.size > SETTLED_MAX) {
    const oldest = settled.values().next().value
    if (oldest !== undefined) settled.delete(oldest)
  }
}

export function settledHere(transactionId: string): boolean {
  return settled.has(transactionId)
}
