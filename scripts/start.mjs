// `npm start`: the compiled server, dist/server/main.js, run in this one Node process, in the
// foreground. Plain JavaScript, so no loader and no child process stands between the signals a
// process manager sends and the server that handles them (src/server/main.ts drains, then exits).
//
// Signals, as tested (tests/api/server-lifecycle.test.ts): npm 11 runs the script with
// `sh -c` and forwards SIGTERM and SIGINT to that shell only. Debian's dash does not replace
// itself with the command it runs, and dies of SIGTERM without passing it on, which left the
// server orphaned and still serving. So the script in package.json is `exec node scripts/start.mjs`:
// the shell becomes this process, and npm's forwarded signal reaches it.
//
// What is missing is built first (a fresh clone has no dist/), and the server bundle again when
// one of its sources is newer than it: by scripts/build-missing.ts in one child process, which
// a signal stops too.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const rootUrl = new URL('..', import.meta.url)
const root = fileURLToPath(rootUrl)
const inRoot = (path) => fileURLToPath(new URL(path, rootUrl))
const SERVER_BUNDLE = 'dist/server/main.js'

function mtimeOf(path) {
  return existsSync(inRoot(path)) ? statSync(inRoot(path)).mtimeMs : undefined
}

/**
 * Whether there is no bundle, or a source it lists (dist/server/meta.json, written by
 * scripts/build-server.ts) is newer. A deployment that ships dist/ without src/ has no newer source.
 */
function serverBundleIsStale() {
  const built = mtimeOf(SERVER_BUNDLE)
  if (built === undefined) return true
  if (!existsSync(inRoot('dist/server/meta.json'))) return false
  const { inputs } = JSON.parse(readFileSync(inRoot('dist/server/meta.json'), 'utf8'))
  return inputs.some((input) => (mtimeOf(input) ?? 0) > built)
}

const missing = []
if (!existsSync(inRoot('dist/client/index.html'))) missing.push('client')
else if (!existsSync(inRoot('dist/client/landing.html'))) missing.push('landing')
if (serverBundleIsStale()) missing.push('server')

if (missing.length > 0) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-missing.ts', ...missing],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  let stopped = false
  const stop = (signal) => {
    stopped = true
    child.kill(signal)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('exit', (exitCode) => resolve(exitCode ?? 1))
  })
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
  if (stopped || code !== 0) {
    if (!stopped) console.error(`Building ${missing.join(', ')} failed: not starting.`)
    process.exit(stopped ? 0 : code)
  }
}

// The server installs its own SIGTERM and SIGINT handlers, in this process.
await import('../dist/server/main.js')
