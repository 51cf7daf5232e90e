import { useSyncExternalStore } from 'react'

/** One toast at a time, shown for 5000 ms (docs/screens.md "Toasts"). */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
/** How long a dismissed toast stays mounted so its closing animation can play. */
const TOAST_REMOVE_DELAY_MS = 300

export type ToastVariant = 'default' | 'destructive'

export type ToastInput = {
  title: string
  description?: string
  variant?: ToastVariant
}

export type ToastItem = {
  id: number
  title: string
  description: string | undefined
  variant: ToastVariant
  open: boolean
}

let toasts: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function setToasts(next: readonly ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: number) {
  setTimeout(() => {
    setToasts(toasts.filter((item) => item.id !== id))
  }, TOAST_REMOVE_DELAY_MS)
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: number) {
  setToasts(
    toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)),
  )
  for (const item of toasts) {
    if (id === undefined || item.id === id) scheduleRemoval(item.id)
  }
}

/**
 * Shows a toast. A new toast replaces the one on screen, because only one toast is visible at a
 * time; the latest message is the one the user needs.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): { id: number } {
  const id = nextId++
  setToasts([{ id, title, description, variant, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id }
}

let regionShown = false
const regionWaiters = new Set<() => void>()

/** Called by the Toaster once the toast region is mounted and can show what is in the store. */
export function markToastRegionShown() {
  regionShown = true
  for (const waiter of regionWaiters) waiter()
  regionWaiters.clear()
}

/**
 * Calls `then` once the toast region is on screen, or after `atMostMs` if its code is slow to
 * load or cannot be fetched: a toast raised before the region has loaded waits in the store,
 * and a caller about to leave the page lets it be read first. Returns a function that cancels.
 */
export function whenToastRegionShown(then: () => void, atMostMs: number): () => void {
  if (regionShown) {
    then()
    return () => {}
  }
  const run = () => {
    clearTimeout(timer)
    regionWaiters.delete(run)
    then()
  }
  const timer = setTimeout(run, atMostMs)
  regionWaiters.add(run)
  return () => {
    clearTimeout(timer)
    regionWaiters.delete(run)
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function snapshot(): readonly ToastItem[] {
  return toasts
}

/** The toasts to render; only the Toaster needs this. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
