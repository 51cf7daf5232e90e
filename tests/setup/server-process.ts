import { type ChildProcess, spawn } from 'node:child_process'
import webpush from 'web-push'
import type { SignUpRequest } from '#shared/schemas/auth.ts'
import { TEST_PIN, TIER_THREE_BODY } from '../factories/money.ts'
import { buildVerification, newDocumentNumber } from '../factories/users.ts'
import { TEST_SESSION_SECRET } from './test-app.ts'

export type ServerProcess = { url: string; process: ChildProcess; stop(): Promise<void> }

/**
 * One Web Push key pair for every server a test file starts, given as configuration: without it
 * each server would keep a generated pair in DATA_DIR, the developer's own `./data`, and servers
 * sharing a database must share a pair anyway (src/server/vapid-keys.ts).
 */
const TEST_VAPID_KEYS = webpush.generateVAPIDKeys()

/**
 * Starts a real server process (tests/setup/serve-api.ts) on a PostgreSQL database and waits
 * until it listens. Extra environment variables are added to the test's own. A database with a
 * `listenUrl` (a test database through a pooler, `serverDatabaseOf`) gives the server it as
 * DATABASE_LISTEN_URL.
 */
export function startServerProcess(
  database: string | { url: string; listenUrl?: string },
  env: Record<string, string> = {},
  options: {
    /** A bundled copy of serve-api.ts (plain JavaScript, run without tsx), for benchmarks. */
    bundle?: string
  } = {},
): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    // Node itself (with tsx as a loader), so the child's pid is the server's, for RSS readings.
    // SERVER_NODE_ARGS passes flags such as --cpu-prof to the server for profiling a benchmark.
    const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
    const child = spawn(
      process.execPath,
      options.bundle
        ? [...nodeArgs, options.bundle]
        : [...nodeArgs, '--import', 'tsx', 'tests/setup/serve-api.ts'],
      {
        env: {
          ...process.env,
          DATABASE_URL: typeof database === 'string' ? database : database.url,
          ...(typeof database !== 'string' && database.listenUrl
            ? { DATABASE_LISTEN_URL: database.listenUrl }
            : {}),
          SESSION_SECRET: TEST_SESSION_SECRET,
          SANDBOX: '1',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
          VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    let listening = false
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within 60 s:\n${output}`))
    }, 60_000)
    // One listener per stream for the process's life: until it listens its output is kept for
    // the error message; from then on it reaches the test output instead of vanishing.
    child.stderr?.on('data', (chunk: Buffer) => {
      if (listening) process.stderr.write(chunk)
      else output += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      if (listening) {
        process.stderr.write(chunk)
        return
      }
      output += chunk.toString()
      const match = /listening (http:\/\/\S+)/.exec(output)
      if (!match?.[1]) return
      listening = true
      clearTimeout(timer)
      const url = match[1]
      resolve({
        url,
        process: child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${output}`))
    })
  })
}

/** A minimal cookie-keeping HTTP client for talking to a real server over the network. */
export function createHttpClient(baseUrl: string) {
  let cookie = ''
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0] ?? ''
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, body: json, text }
  }
  return {
    request,
    useCookieOf: (other: { cookie: () => string }) => {
      cookie = other.cookie()
    },
    cookie: () => cookie,
  }
}

type HttpClient = ReturnType<typeof createHttpClient>

/**
 * Signs a new user up through a real server and gives them the test transaction PIN, as
 * signUpClient does in-process; answers the sign-up's response.
 */
export async function signUpWithPin(
  client: HttpClient,
  body: SignUpRequest,
  options: { tier?: 1 | 3 } = {},
) {
  const signUp = await client.request('POST', '/api/auth/signup', body)
  if (signUp.status === 201) {
    const pin = await client.request('POST', '/api/pin', { pin: TEST_PIN, password: body.password })
    if (pin.status !== 200) throw new Error(`setting the PIN answered ${pin.status}: ${pin.text}`)
    // Tier 3 unless asked, so load and fault tests are not refused by the KYC limits
    // (docs/limits.md).
    if (options.tier === 1) return signUp
    // A new BVN and document for each user: a number backs one account only (docs/security.md).
    const verified = await client.request('POST', '/api/profile/verification', buildVerification())
    const upgraded = await client.request('POST', '/api/kyc/tier-3', {
      ...TIER_THREE_BODY,
      documentNumber: newDocumentNumber(),
    })
    if (verified.status !== 200 || upgraded.status !== 200)
      throw new Error(`raising the tier answered ${verified.status} and ${upgraded.status}`)
  }
  return signUp
}
