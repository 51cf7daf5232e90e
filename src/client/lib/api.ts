import type { QueryFunction } from '@tanstack/react-query'
import { currentLanguage } from '#client/i18n/language.ts'
import { isOffline, reportReached, reportUnreachable } from './network-status.ts'

/**
 * An HTTP failure as docs/api.md "The client's fetch wrapper" describes it: the message is
 * "<status>: <body text>" (or the status text when the body is empty), and `serverMessage` is the
 * server's own `message` field when the body is our JSON error shape, for toasts to show.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly serverMessage: string | undefined

  constructor(status: number, text: string, code?: string, serverMessage?: string) {
    super(`${status}: ${text}`)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.serverMessage = serverMessage
  }
}

/**
 * No answer came: the device is offline or Sabi cannot be reached. It is never taken for "signed
 * out" (only a 401 is), and a write that meets it while offline was never sent
 * (docs/offline.md).
 */
export class OfflineError extends Error {
  /** True when the request was not even tried, because the device was known to be offline. */
  readonly notSent: boolean

  constructor(notSent: boolean) {
    super(notSent ? 'Offline: not sent' : 'Offline: no answer')
    this.name = 'OfflineError'
    this.notSent = notSent
  }
}

/** The network step of every request: a failure to get any answer becomes an OfflineError. */
async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, init)
  } catch (error) {
    // An aborted request is the caller's choice, not the network's.
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    reportUnreachable()
    throw new OfflineError(false)
  }
  reportReached()
  return response
}

function readErrorBody(text: string): { code?: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null) return {}
    const message =
      'message' in parsed && typeof parsed.message === 'string' ? parsed.message : undefined
    const code = 'code' in parsed && typeof parsed.code === 'string' ? parsed.code : undefined
    return { ...(message ? { message } : {}), ...(code ? { code } : {}) }
  } catch {
    return {}
  }
}

async function throwIfNotOk(response: Response) {
  if (response.ok) return
  const text = (await response.text()) || response.statusText
  const { code, message } = readErrorBody(text)
  throw new ApiError(response.status, text, code, message)
}

export type RequestOptions = {
  /** One key per submission, reused when it is retried (docs/api.md "Idempotency keys"). */
  idempotencyKey?: string
}

/**
 * The one fetch wrapper: cookies always, JSON bodies, errors shaped as docs/api.md says. It returns
 * `unknown`: callers validate the body with the response schema of `#shared/schemas`.
 */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<unknown> {
  // Money actions are never queued (docs/offline.md): offline, a write is refused here, before
  // anything leaves the device, and the user sends it again when the network is back.
  if (method !== 'GET' && isOffline()) throw new OfflineError(true)
  // The server words its refusals in the language on screen (docs/i18n.md "Server messages").
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  const response = await send(path, {
    method,
    headers,
    credentials: 'include',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  await throwIfNotOk(response)
  if (response.status === 204) return undefined
  return response.json()
}

/**
 * A file the server makes for the signed-in user (a statement of account): fetched through the
 * same wrapper, so a refusal is an ApiError in the language on screen, never a page of JSON.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, {
    method: 'GET',
    headers: { 'Accept-Language': currentLanguage() },
    credentials: 'include',
  })
  await throwIfNotOk(response)
  const disposition = response.headers.get('Content-Disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'sabi-download'
  return { blob: await response.blob(), fileName }
}

/** Reads join the query key's segments with a slash (docs/api.md "The client's fetch wrapper"). */
export function queryPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/')
}

export function getQueryFn(options: { on401: 'returnNull' | 'throw' }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    const response = await send(queryPath(queryKey), { credentials: 'include' })
    if (options.on401 === 'returnNull' && response.status === 401) return null
    await throwIfNotOk(response)
    return response.json()
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message)
}
