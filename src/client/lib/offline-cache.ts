import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'

/**
 * The signed-in user's last answers, kept in IndexedDB so that Sabi opens offline with their own
 * balances and history (docs/offline.md, docs/decisions/007-offline-reading-cache.md).
 *
 * - Written only once the server has said who is signed in, and only the reads listed below:
 *   never a search, a lookup of someone else, a quote, a PIN or a card number.
 * - Kept per user: one record, named by the user's id, with the time it was written.
 * - Wiped at sign-out, on a 401, when another user signs in on this device, and when older than
 *   MAX_AGE_MS.
 * - Not encrypted: a key would have to live on this same device for the app to read the data
 *   offline, so it would protect nothing the device's own lock does not (ADR 007).
 */

const DATABASE = 'sabi-offline'
const STORE = 'answers'
/** The user whose answers are stored, so the app knows whose record to open offline. */
const OWNER_KEY = 'sabi.offlineOwner'
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Answers that arrive together are written together; a page left sooner is written as it goes. */
const WRITE_DELAY_MS = 100
/** At most this many reads are kept, the newest first. */
const MAX_QUERIES = 100

/** The reads a user may see offline; the first segment of each query key. */
const KEPT_READS = new Set([
  '/api/auth/user',
  '/api/init',
  '/api/settings',
  '/api/wallets',
  '/api/transactions',
  '/api/card',
  '/api/limits',
  '/api/currencies',
  '/api/banks',
  '/api/exchange-rates',
  '/api/crypto/holdings',
  '/api/cryptocurrencies',
  '/api/recipients',
  '/api/payment-requests',
  '/api/pos',
  '/api/pin',
  '/api/users/recent',
  // The user's reports of problems with transactions, to follow offline (docs/disputes.md).
  '/api/disputes',
  // The user's own account number, to read out to a payer with no network (docs/funding.md).
  '/api/funding/bank-account',
])

type StoredRecord = { userId: string; savedAt: number; state: DehydratedState }

function isKept(query: Query): boolean {
  const [first, second] = query.queryKey
  if (typeof first !== 'string' || !KEPT_READS.has(first)) return false
  // `/api/limits` is the user's limits; `/api/limits/check` answers one amount, not kept.
  if (first === '/api/limits' && second !== undefined) return false
  return query.state.status === 'success'
}

function isStoredRecord(value: unknown): value is StoredRecord {
  if (typeof value !== 'object' || value === null) return false
  const userId: unknown = Reflect.get(value, 'userId')
  const savedAt: unknown = Reflect.get(value, 'savedAt')
  const state: unknown = Reflect.get(value, 'state')
  return (
    typeof userId === 'string' &&
    typeof savedAt === 'number' &&
    typeof state === 'object' &&
    state !== null &&
    Array.isArray(Reflect.get(state, 'queries'))
  )
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY)
  } catch {
    return null
  }
}

function writeOwner(userId: string | null) {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY)
    else localStorage.setItem(OWNER_KEY, userId)
  } catch {
    // Storage refused (private browsing): the app still works online, only not offline.
  }
}

let opened: Promise<IDBDatabase> | null = null

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function openDatabase(): Promise<IDBDatabase> {
  if (!opened) {
    const request = indexedDB.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    opened = requestResult(request).then((database) => {
      // Another tab deleting the database (a sign-out there) must not wait for this one.
      database.onversionchange = () => {
        database.close()
        opened = null
      }
      return database
    })
    opened.catch(() => {
      opened = null
    })
  }
  return opened
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  const database = await openDatabase()
  return database.transaction(STORE, mode).objectStore(STORE)
}

async function readRecord(userId: string): Promise<StoredRecord | null> {
  const value: unknown = await requestResult((await store('readonly')).get(userId))
  return isStoredRecord(value) && value.userId === userId ? value : null
}

async function writeRecord(record: StoredRecord): Promise<void> {
  await requestResult((await store('readwrite')).put(record, record.userId))
}

/**
 * Forgets every stored answer and whose they were: at sign-out, on a 401, and before another
 * user's answers are kept. Resolves once the data is gone from the device.
 */
export async function clearOfflineCache(): Promise<void> {
  stopKeeping()
  writeOwner(null)
  if (typeof indexedDB === 'undefined') return
  const database = opened ? await opened.catch(() => null) : null
  database?.close()
  opened = null
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE)
    request.onsuccess = () => resolve()
    request.onerror = () => resolve()
    // Another tab still holds it open: it closes on `versionchange`, then this completes.
    request.onblocked = () => undefined
  })
}

let stopCurrent: (() => void) | null = null
let keptFor: string | null = null

function stopKeeping() {
  stopCurrent?.()
  stopCurrent = null
  keptFor = null
}

/**
 * Starts keeping `userId`'s answers: now, and again whenever any of them changes. Another user's
 * stored answers are wiped first.
 */
export async function keepOfflineCopy(queryClient: QueryClient, userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined' || keptFor === userId) return
  const owner = readOwner()
  if (owner !== null && owner !== userId) await clearOfflineCache()
  stopKeeping()
  keptFor = userId
  writeOwner(userId)
  // Every page load starts with an empty cache: what earlier loads stored (history pages seen,
  // the card) stays in the copy, and what this one reads replaces it.
  const earlier = await readRecord(userId).catch(() => null)
  const kept = new Map(earlier?.state.queries.map((query) => [query.queryHash, query]))
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    timer = undefined
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: isKept,
      // Money actions are never queued (docs/offline.md): no mutation is ever stored.
      shouldDehydrateMutation: () => false,
    })
    for (const query of state.queries) kept.set(query.queryHash, query)
    const queries = [...kept.values()]
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, MAX_QUERIES)
    writeRecord({ userId, savedAt: Date.now(), state: { mutations: [], queries } }).catch(
      (error: unknown) => {
        console.warn('The offline copy could not be saved', error)
      },
    )
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (timer === undefined) timer = setTimeout(save, WRITE_DELAY_MS)
  })
  const saveNowIfPending = () => {
    if (timer === undefined) return
    clearTimeout(timer)
    save()
  }
  window.addEventListener('pagehide', saveNowIfPending)
  stopCurrent = () => {
    unsubscribe()
    window.removeEventListener('pagehide', saveNowIfPending)
    if (timer !== undefined) clearTimeout(timer)
  }
  save()
}

/**
 * Puts the last stored answers of the user who last signed in on this device back into the
 * cache, and answers the stored body of `/api/auth/user`, or null when there is nothing
 * (recent enough) to show.
 */
export async function restoreOfflineCopy(queryClient: QueryClient): Promise<unknown> {
  const owner = readOwner()
  if (owner === null || typeof indexedDB === 'undefined') return null
  const record = await readRecord(owner).catch(() => null)
  if (!record || Date.now() - record.savedAt > MAX_AGE_MS) return null
  const user = record.state.queries.find((query) => query.queryKey[0] === '/api/auth/user')
  if (!user) return null
  // The signed-in user is the caller's answer; every other read goes back into the cache.
  hydrate(queryClient, {
    ...record.state,
    queries: record.state.queries.filter((query) => query !== user),
  })
  return user.state.data
}
