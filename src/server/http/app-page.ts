import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * The app's page (index.html) with what that page will ask for named in its <head>
 * (docs/performance.md "First load"): the app's chunk, the translation engine, the page's own
 * chunk and, for a signed-in user, the first reads. The browser fetches them all while the
 * small entry loads, instead of one after another as each piece of code discovers the next. A
 * preloaded read is used by a fetch of the same URL, mode and credentials, as the app's are.
 */

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional() }),
)
type Manifest = z.infer<typeof manifestSchema>

const APP_CHUNK = 'src/client/app.tsx'
const ENGINE_CHUNK = 'src/client/i18n/engine.ts'
/** `/` for a signed-in user is the dashboard; every other page is named after its path. */
const SIGNED_IN_HOME = 'src/client/pages/dashboard-page.tsx'
/** Pages whose file is not named after their path. */
const PAGE_FILES: Record<string, string> = { '/dashboard': 'demo-dashboard-page' }
/** The first reads of every signed-in page: who is signed in, the start-up call, settings, wallets. */
const SIGNED_IN_READS = ['/api/auth/user', '/api/init', '/api/settings', '/api/wallets']

function pageModule(path: string, signedIn: boolean): string | undefined {
  if (path === '/') return signedIn ? SIGNED_IN_HOME : undefined
  const name = PAGE_FILES[path] ?? `${path.slice(1).replaceAll('/', '-')}-page`
  return /^[a-z-]+$/.test(name) ? `src/client/pages/${name}.tsx` : undefined
}

/** The files a chunk loads before it runs: its own, then its static imports', each once. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into)
}

export type AppPage = (path: string, signedIn: boolean) => string

/** Reads the built page and manifest once; answers the page for a path. */
export function loadAppPage(root: string, pageFile: string): AppPage {
  const html = readFileSync(`${root}/${pageFile}`, 'utf8')
  const manifestPath = `${root}/.vite/manifest.json`
  if (!existsSync(manifestPath)) return () => html
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
  // What index.html already names needs no second mention.
  const named = new Set([...html.matchAll(/\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]))
  const cache = new Map<string, string>()
  return (path, signedIn) => {
    const key = `${signedIn}|${path}`
    const cached = cache.get(key)
    if (cached) return cached
    const files = new Set<string>()
    for (const chunk of [APP_CHUNK, ENGINE_CHUNK, pageModule(path, signedIn)]) {
      if (chunk) chunkFiles(manifest, chunk, files)
    }
    const links = [...files]
      .filter((file) => !named.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    if (signedIn) {
      for (const read of SIGNED_IN_READS) {
        links.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${read}">`)
      }
    }
    const page = html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`)
    // Only known pages are kept: an unknown path gets the page without a page chunk.
    if (cache.size < 100) cache.set(key, page)
    return page
  }
}
