import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * `npm start` as a process manager runs it: the real npm, in its own process group, stopped by
 * a signal sent to the npm process alone. The server must drain (GET /api/ready answers 503,
 * a request in flight is answered) and every process of the group must be gone within 10 s,
 * the port closed. On a tree without a build, `npm start` builds first, hence the long start.
 */

const START_LIMIT_MS = 180_000
const STOP_LIMIT_MS = 10_000

type Started = {
  npm: ChildProcess
  port: number
  output: () => string
  /** npm's exit code, once it exits within the limit. */
  exited: (limitMs: number) => Promise<number>
}

const started: ChildProcess[] = []
const dataDirs: string[] = []

afterEach(() => {
  // Only what this file started, by its process group, and only if a test left it running.
  for (const npm of started.splice(0)) {
    if (npm.pid !== undefined && groupProcesses(npm.pid).length > 0) {
      try {
        process.kill(-npm.pid, 'SIGKILL')
      } catch {}
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The live (not zombie) processes of a process group. */
function groupProcesses(pgid: number): string[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' })
  return lines
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      const [, group, stat] = line.split(/\s+/)
      return group === String(pgid) && !stat?.startsWith('Z')
    })
}

async function waitFor<T>(label: string, limitMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

type Answer = { status: number; body: string } | { error: string }

/** One GET on a fresh connection: its answer, or the connection's error code. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 2_000 }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }))
    })
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }))
    req.end()
  })
}

async function startNpm(env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sabi-lifecycle-'))
  dataDirs.push(dataDir)
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  // detached: its own process group, so the test can find every process `npm start` made.
  const npm = spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  started.push(npm)
  let output = ''
  npm.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  npm.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  let exitCode: number | undefined
  npm.once('exit', (code, signal) => {
    exitCode = code ?? (signal ? 128 : 1)
  })
  const exited = (limitMs: number) => waitFor('npm start to exit', limitMs, async () => exitCode)
  const port = await waitFor('npm start to print its address', START_LIMIT_MS, async () => {
    if (exitCode !== undefined) throw new Error(`npm start exited with ${exitCode}:\n${output}`)
    const match = /Sabi is running at http:\/\/localhost:(\d+)/.exec(output)
    return match?.[1] ? Number(match[1]) : undefined
  })
  await waitFor('GET /api/ready to answer 200', 10_000, async () => {
    const answer = await get(port, '/api/ready')
    return 'status' in answer && answer.status === 200 ? true : undefined
  })
  return { npm, port, output: () => output, exited }
}

describe('npm start in the foreground', () => {
  it(
    'drains on SIGTERM to npm: ready answers 503, the request in flight is answered, and the port and every process are gone within 10 s',
    async () => {
      const { npm, port, output, exited } = await startNpm({ SHUTDOWN_DELAY_MS: '1500' })
      const pgid = npm.pid ?? 0
      // The process tree: npm, and node running the server itself (no shell, no tsx).
      const tree = groupProcesses(pgid)
      expect(tree.some((line) => line.includes('node scripts/start.mjs'))).toBe(true)
      expect(tree.some((line) => /\bsh -c\b|tsx/.test(line))).toBe(false)

      // A sign-in whose body is not complete yet: the server is reading it when the signal comes.
      const body = JSON.stringify({ email: 'demo@sabi.app', password: 'not-the-password-000' })
      const socket = connect(port, '127.0.0.1')
      let reply = ''
      let socketClosed = false
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        reply += chunk
      })
      socket.on('close', () => {
        socketClosed = true
      })
      socket.on('error', () => undefined)
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      )

      const signalledAt = Date.now()
      process.kill(pgid, 'SIGTERM')

      const draining = await waitFor(
        'GET /api/ready to answer 503 while draining',
        5_000,
        async () => {
          const answer = await get(port, '/api/ready')
          return 'status' in answer && answer.status === 503 ? answer : undefined
        },
      )
      expect(JSON.parse('body' in draining ? draining.body : '')).toEqual({
        message: 'This server is shutting down. Please try again in a moment.',
        code: 'UNAVAILABLE',
        key: expect.any(String),
        params: {},
        status: 'draining',
      })

      await waitFor('the port to refuse connections', STOP_LIMIT_MS, async () => {
        const answer = await get(port, '/api/ready')
        return 'error' in answer && answer.error === 'ECONNREFUSED' ? true : undefined
      })
      // The listener is closed; the request in flight still gets its answer, and its
      // keep-alive connection is closed after it.
      socket.write(body.slice(10))
      await waitFor('the request in flight to be answered', STOP_LIMIT_MS, async () =>
        socketClosed ? true : undefined,
      )
      expect(reply).toMatch(/^HTTP\/1\.1 401 /)
      expect(reply.toLowerCase()).toContain('connection: close')

      expect(await exited(STOP_LIMIT_MS)).toBe(0)
      await waitFor('every process of npm start to be gone', STOP_LIMIT_MS, async () =>
        groupProcesses(pgid).length === 0 ? true : undefined,
      )
      expect(Date.now() - signalledAt).toBeLessThan(STOP_LIMIT_MS)
      expect(output()).toContain('SIGTERM received')
    },
    START_LIMIT_MS + 60_000,
  )

  it(
    'stops on SIGINT to npm too: the port and every process are gone within 10 s',
    async () => {
      const { npm, port, output, exited } = await startNpm({})
      const pgid = npm.pid ?? 0
      const signalledAt = Date.now()
      process.kill(pgid, 'SIGINT')
      expect(await exited(STOP_LIMIT_MS)).toBe(0)
      await waitFor('every process of npm start to be gone', STOP_LIMIT_MS, async () =>
        groupProcesses(pgid).length === 0 ? true : undefined,
      )
      const answer = await get(port, '/api/ready')
      expect('error' in answer && answer.error).toBe('ECONNREFUSED')
      expect(Date.now() - signalledAt).toBeLessThan(STOP_LIMIT_MS)
      expect(output()).toContain('SIGINT received')
    },
    START_LIMIT_MS + 60_000,
  )
})
