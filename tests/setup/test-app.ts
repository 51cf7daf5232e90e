import type { FastifyInstance, InjectOptions } from 'fastify'
import { loadConfig } from '#server/config.ts'
import { buildApp } from '#server/http/app.ts'
import type { Messaging } from '#server/providers/messaging.ts'
import { type Providers, sandboxProviders } from '#server/providers/providers.ts'
import { createSandboxMessageOutbox } from '#server/providers/sandbox-message-outbox.ts'
import type { Readiness } from '#server/readiness.ts'
import type { TestDatabase } from './test-database.ts'

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-000'

/**
 * The API on a test database, without a network socket (Fastify inject). With `clientRoot`
 * (a folder holding a stand-in index.html and landing.html) it serves the client's pages too.
 */
export async function createTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  options: {
    clientRoot?: string
    logStream?: { write(line: string): void }
    /** The outside parties; the sandbox's unless a test hands in others (or none). */
    providers?: Providers
    /** What start-up hands a real server: a test sets `draining` to see GET /api/ready's 503. */
    readiness?: Readiness
    /** E-mail and SMS; the sandbox outbox's unless a test hands in others. */
    messaging?: Messaging
  } = {},
): Promise<FastifyInstance> {
  // Production mode with the sandbox's providers passed in, as start-up passes a real server
  // its own: the routes work with whatever they are handed and pick none themselves.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SANDBOX: '0', ...env })
  const app = await buildApp({
    config,
    database,
    providers: options.providers ?? sandboxProviders(),
    messaging: options.messaging ?? createSandboxMessageOutbox(database.db),
    sessionSecret: TEST_SESSION_SECRET,
    version: 'test',
    // Silent unless a test captures the log to read it.
    logger: options.logStream !== undefined,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.clientRoot ? { clientRoot: options.clientRoot } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  })
  await app.ready()
  return app
}

export type TestResponse = {
  status: number
  body: unknown
  headers: Record<string, unknown>
  text: string
  /** The body's bytes, for a download (a statement's PDF). */
  raw: Buffer
}

let nextAddress = 0

/** A distinct address per client, as each user has their own device, unless a test names one. */
function newAddress(): string {
  nextAddress += 1
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`
}

/**
 * A browser-like client: keeps the cookies the server sets and sends them back, so a test
 * reads as a user's session would run.
 */
export function createTestClient(app: FastifyInstance, ipAddress = newAddress()) {
  const cookies = new Map<string, string>()

  function remember(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name)
      else cookies.set(name, value)
    }
  }

  async function request(options: InjectOptions): Promise<TestResponse> {
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await app.inject({
      remoteAddress: ipAddress,
      ...options,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...options.headers },
    })
    remember(response.headers['set-cookie'])
    let body: unknown
    try {
      body = response.json()
    } catch {
      body = undefined
    }
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      text: response.body,
      raw: response.rawPayload,
    }
  }

  return {
    cookies,
    request,
    get: (url: string, headers?: Record<string, string>) =>
      request({ method: 'GET', url, ...(headers ? { headers } : {}) }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      request({
        method: 'POST',
        url,
        ...(payload === undefined
          ? { headers: { ...headers } }
          : {
              payload: JSON.stringify(payload),
              headers: { 'content-type': 'application/json', ...headers },
            }),
      }),
    delete: (url: string) => request({ method: 'DELETE', url }),
  }
}

export type TestClient = ReturnType<typeof createTestClient>
