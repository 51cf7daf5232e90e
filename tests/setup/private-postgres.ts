import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temp dir, on a free port), so a
 * test may stop, crash and restart it without touching the shared server of the other suites.
 */
export type PrivatePostgres = {
  /** The app's database in the cluster (`sabi`), for servers and for checking the result. */
  url: string
  port: number
  /**
   * Stops the cluster (`pg_ctl stop -m <mode>`: fast ends every session cleanly, immediate is a
   * crash followed by recovery), keeps it down for `downMs` so requests meet the outage, and
   * starts it again, resolving once it accepts connections. Returns when it went down and up.
   */
  restart(mode: 'fast' | 'immediate', downMs?: number): Promise<{ downAt: number; upAt: number }>
  /** Stops the cluster (immediately) and removes its directory; safe to call twice. */
  stop(): Promise<void>
  /** The cluster's own log, for a failure's evidence. */
  log(): Promise<string>
}

/** The machine's PostgreSQL binaries (`initdb`, `pg_ctl`), the newest version, if any. */
export function findPostgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(root, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return undefined
}

/** Why a private cluster cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!findPostgresBinaries()) return 'no PostgreSQL binaries in /usr/lib/postgresql/*/bin'
  if (process.getuid?.() === 0) {
    // initdb refuses root: the cluster then belongs to the postgres user.
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
    } catch {
      return 'running as root and there is no postgres user to own the cluster'
    }
    if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
      return 'running as root and runuser is missing'
    }
  }
  return undefined
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

async function idOf(flag: '-u' | '-g', user: string): Promise<number> {
  const { stdout } = await run('id', [flag, user])
  return Number(stdout.trim())
}

/** Starts a fresh cluster with an empty `sabi` database; the caller must `stop()` it. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBinaries()
  if (!bin) throw new Error('no PostgreSQL binaries found')
  const asRoot = process.getuid?.() === 0
  const dir = await mkdtemp(join(tmpdir(), 'sabi-pg-'))
  if (asRoot) await chown(dir, await idOf('-u', 'postgres'), await idOf('-g', 'postgres'))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'postgres.log')

  // As the postgres user when we are root, since initdb and postgres refuse to run as root.
  const tool = (name: string, args: string[], timeout = 90_000) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { timeout })
      : run(join(bin, name), args, { timeout })

  let running = false
  let removed = false
  const stopNow = async () => {
    if (!running) return
    try {
      await tool('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30'])
    } catch (error) {
      // pg_ctl could not stop it: end the postmaster by its pid (its backends follow it), if
      // there is one at all.
      const pidFile = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')
      const pid = Number(pidFile.split('\n')[0])
      if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGKILL')
      else if (pidFile) throw error
    }
    running = false
  }
  // Should the test process end without its afterAll (a crash), the cluster goes with it.
  const onExit = () => {
    if (!running) return
    const args = ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '30']
    try {
      if (asRoot) {
        execFileSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), ...args], {
          stdio: 'ignore',
        })
      } else {
        execFileSync(join(bin, 'pg_ctl'), args, { stdio: 'ignore' })
      }
    } catch {
      // Nothing more can be done while exiting.
    }
  }
  process.once('exit', onExit)
  const start = async () => {
    // Counted as running from the attempt on: a start that times out may still leave one.
    running = true
    await tool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60'])
  }
  const stop = async () => {
    try {
      await stopNow()
    } finally {
      process.removeListener('exit', onExit)
      if (!removed) {
        removed = true
        await rm(dir, { recursive: true, force: true })
      }
    }
  }

  try {
    const port = await freePort()
    await tool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ])
    // In the configuration rather than on pg_ctl's command line, so every start uses them.
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 100',
      'shared_buffers = 32MB',
      // Durability against a power cut is not what this cluster is for: speed is. A crash of
      // PostgreSQL alone (`-m immediate`) loses nothing even so, since the operating system
      // keeps what was written. (synchronous_commit stays on: off would lose acknowledged
      // commits in an immediate stop, which is a setting's doing, not the app's.)
      'fsync = off',
      "log_min_messages = 'warning'",
    ]
    await appendFile(join(dataDir, 'postgresql.conf'), `\n${settings.join('\n')}\n`)
    await start()
    const url = `postgres://postgres@127.0.0.1:${port}/sabi`
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    })
    await admin.connect()
    try {
      await admin.query('create database sabi')
    } finally {
      await admin.end()
    }

    return {
      url,
      port,
      async restart(mode, downMs = 1_500) {
        const downAt = Date.now()
        await tool('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60'])
        running = false
        // Down for a moment on purpose, so that requests arrive while nothing listens.
        await new Promise((resolve) => setTimeout(resolve, downMs))
        await start()
        return { downAt, upAt: Date.now() }
      },
      stop,
      log: () => readFile(logFile, 'utf8').catch(() => ''),
    }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
}
