import type { QueryFunction } from '@tanstack/react-query'
import { currentLanguage } from '#client/i18n/language.ts'

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
  // The server words its refusals in the language on screen (docs/i18n.md "Server messages").
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  await throwIfNotOk(response)
  if (response.status === 204) return undefined
  return response.json()
}

/** Reads join the query key's segments with a slash (docs/api.md "The client's fetch wrapper"). */
export function queryPath(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/')
}

export function getQueryFn(options: { on401: 'returnNull' | 'throw' }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    const response = await fetch(queryPath(queryKey), { credentials: 'include' })
    if (options.on401 === 'returnNull' && response.status === 401) return null
    await throwIfNotOk(response)
    return response.json()
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message)
}
