import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage, refusingStorage } from '../../../tests/setup/browser-storage.ts'

const KEY = 'sabi.dataSaver'

// The store keeps the choice in module state, as a page does between renders: each test loads a
// fresh copy, as a new page would.
async function loadStore() {
  vi.resetModules()
  return import('./data-saver.ts')
}

describe('data saver', () => {
  let items: Map<string, string>

  beforeEach(() => {
    items = new Map()
    vi.stubGlobal('localStorage', memoryStorage(items))
    vi.stubGlobal('navigator', {})
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is off by default when the browser gives no Save-Data hint', async () => {
    expect((await loadStore()).isDataSaverOn()).toBe(false)
  })

  it('follows the Save-Data hint until the user chooses', async () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } })
    const store = await loadStore()
    expect(store.isDataSaverOn()).toBe(true)
    store.setDataSaver(false)
    expect(store.isDataSaverOn()).toBe(false)
    expect(items.get(KEY)).toBe('0')
    // The choice outlives the visit, hint or no hint.
    expect((await loadStore()).isDataSaverOn()).toBe(false)
  })

  it.each([
    ['no connection object', {}],
    ['a null connection', { connection: null }],
    ['saveData off', { connection: { saveData: false } }],
    ['saveData that is not a boolean', { connection: { saveData: 'on' } }],
    ['a connection that is not an object', { connection: 'wifi' }],
  ])('reads %s as no hint', async (_, navigatorLike) => {
    vi.stubGlobal('navigator', navigatorLike)
    expect((await loadStore()).isDataSaverOn()).toBe(false)
  })

  it('is off without a navigator (outside a browser)', async () => {
    vi.stubGlobal('navigator', undefined)
    expect((await loadStore()).isDataSaverOn()).toBe(false)
  })

  it('remembers being turned on for the next visit', async () => {
    const first = await loadStore()
    first.setDataSaver(true)
    expect(items.get(KEY)).toBe('1')
    expect(first.isDataSaverOn()).toBe(true)
    expect((await loadStore()).isDataSaverOn()).toBe(true)
  })

  it('ignores a stored value it does not know and falls back to the hint', async () => {
    items.set(KEY, 'yes')
    expect((await loadStore()).isDataSaverOn()).toBe(false)
    vi.stubGlobal('navigator', { connection: { saveData: true } })
    expect((await loadStore()).isDataSaverOn()).toBe(true)
  })

  it('tells every subscriber at once, and no longer after it unsubscribes', async () => {
    const store = await loadStore()
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = store.subscribeToDataSaver(first)
    store.subscribeToDataSaver(second)
    store.setDataSaver(true)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    stopFirst()
    store.setDataSaver(false)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('works for the visit when storage throws (private browsing)', async () => {
    vi.stubGlobal('localStorage', refusingStorage())
    vi.stubGlobal('navigator', { connection: { saveData: true } })
    const store = await loadStore()
    expect(store.isDataSaverOn()).toBe(true)
    store.setDataSaver(false)
    expect(store.isDataSaverOn()).toBe(false)
  })

  it('works when there is no storage at all', async () => {
    vi.stubGlobal('localStorage', undefined)
    const store = await loadStore()
    expect(store.isDataSaverOn()).toBe(false)
    store.setDataSaver(true)
    expect(store.isDataSaverOn()).toBe(true)
  })
})
