import { spawn } from 'node:child_process'
import { runCommand } from '../../scripts/run-command.ts'

/**
 * The production build served as `npm start` serves it, on a fresh embedded database in sandbox
 * mode (tests/e2e/serve.ts), for the browser benchmarks. It builds first unless the command line
 * says `--no-build`, and answers once the server says it is healthy.
 */
export async function startBuiltApp(port: string): Promise<{ base: string; stop: () => void }> {
  if (!process.argv.includes('--no-build')) {
    const built = await runCommand('npm', ['run', 'build', '--silent'])
    if (built !== 0) process.exit(built)
  }
  const base = `http://127.0.0.1:${port}`
  const server = spawn('npx', ['tsx', 'tests/e2e/serve.ts'], {
    env: { ...process.env, E2E_PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  // npx and tsx start children of their own: the whole group goes.
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
