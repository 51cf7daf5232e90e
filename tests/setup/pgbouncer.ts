import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/**
 * A PgBouncer of the caller's own (Debian's `pgbouncer`), in transaction pooling mode, in front
 * of the PostgreSQL server of `baseUrl`: every database of that server is reachable through it
 * by name. The time limits pg asks for at start-up (src/server/db/client.ts) cannot follow a
 * client from one server connection to another, so PgBouncer ignores them and enforces its own
 * equivalents (ADR 008).
 */
export type Pgbouncer = { url: string; stop(): Promise<void> }

export function pgbouncerUnavailable(): string | undefined {
  try {
    execFileSync('pgbouncer', ['--version'], { stdio: 'ignore' })
    return undefined
  } catch {
    return 'pgbouncer is not installed (apt-get install -y pgbouncer)'
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

export async function startPgbouncer(baseUrl: string, poolSize = 20): Promise<Pgbouncer> {
  const base = new URL(baseUrl)
  const user = decodeURIComponent(base.username || 'postgres')
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'sabi-pgbouncer-'))
  const config = [
    '[databases]',
    `* = host=${base.hostname} port=${base.port || '5432'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    'auth_type = trust',
    `auth_file = ${join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 500',
    `default_pool_size = ${poolSize}`,
    'ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout',
    // What those two settings do on a direct connection, done by PgBouncer itself (seconds).
    'query_timeout = 15',
    'idle_transaction_timeout = 15',
    'log_connections = 0',
    'log_disconnections = 0',
  ]
  writeFileSync(join(dir, 'pgbouncer.ini'), `${config.join('\n')}\n`)
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`)
  // PgBouncer refuses to run as root; the postgres user then runs it, as with private clusters.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    for (const file of ['', 'pgbouncer.ini', 'users.txt']) chownSync(join(dir, file), uid, gid)
  }
  const command = asRoot ? 'runuser' : 'pgbouncer'
  const args = asRoot
    ? ['-u', 'postgres', '--', 'pgbouncer', join(dir, 'pgbouncer.ini')]
    : [join(dir, 'pgbouncer.ini')]
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const url = new URL(baseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      })
    }
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
  }
  // Ready once it answers a query.
  const deadline = Date.now() + 10_000
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      break
    } catch (error) {
      await client.end().catch(() => undefined)
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop()
        throw new Error(`pgbouncer did not start: ${String(error)}\n${stderr}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return { url: url.toString(), stop }
}
