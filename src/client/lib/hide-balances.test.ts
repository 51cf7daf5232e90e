import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage, refusingStorage } from '../../../tests/setup/browser-storage.ts'

const KEY = 'sabi.hideBalances'

// The store keeps the choice in module state, as a page does between renders: each test loads a
// fresh copy, as a new page would.
async function loadStore() {
  vi.resetModules()
  return import('./hide-balances.ts')
}

describe('hide balances', () => {
  let items: Map<string, string>

  beforeEach(() => {
    items = new Map()
    vi.stubGlobal('localStorage', memoryStorage(items))
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows balances until the user hides them', async () => {
    const store = await loadStore()
    expect(store.areBalancesHidden()).toBe(false)
  })

  it('remembers the choice on this device for the next visit', async () => {
    const first = await loadStore()
    first.setBalancesHidden(true)
    expect(items.get(KEY)).toBe('1')
    expect(first.areBalancesHidden()).toBe(true)

    const next = await loadStore()
    expect(next.areBalancesHidden()).toBe(true)
    next.setBalancesHidden(false)
    expect(items.has(KEY)).toBe(false)
    expect((await loadStore()).areBalancesHidden()).toBe(false)
  })

  it('reads only "1" as hidden', async () => {
    items.set(KEY, 'true')
    expect((await loadStore()).areBalancesHidden()).toBe(false)
  })

  it('tells every subscriber at once, and no longer after it unsubscribes', async () => {
    const store = await loadStore()
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = store.subscribeToHideBalances(first)
    store.subscribeToHideBalances(second)
    store.setBalancesHidden(true)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    stopFirst()
    store.setBalancesHidden(false)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('works for the visit when storage throws (private browsing)', async () => {
    vi.stubGlobal('localStorage', refusingStorage())
    const store = await loadStore()
    expect(store.areBalancesHidden()).toBe(false)
    store.setBalancesHidden(true)
    expect(store.areBalancesHidden()).toBe(true)
  })

  it('works when there is no storage at all', async () => {
    vi.stubGlobal('localStorage', undefined)
    const store = await loadStore()
    expect(store.areBalancesHidden()).toBe(false)
    store.setBalancesHidden(true)
    expect(store.areBalancesHidden()).toBe(true)
  })

  it('masks with the same dots whatever the amount', async () => {
    const { BALANCE_MASK } = await loadStore()
    expect(BALANCE_MASK).not.toMatch(/\d/)
    expect(BALANCE_MASK.length).toBeGreaterThan(0)
  })
})
