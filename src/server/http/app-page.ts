import { existsSync, readFileSync } from 'node:fs'
import { OPS_BASE } from '#shared/client-routes.ts'
import { staticImportFiles, viteManifestSchema } from '#shared/vite-manifest.ts'

/**
 * The app's page (index.html) with what that page will ask for named in its <head>
 * (docs/performance.md "First load"): the app's chunk, the translation engine, the page's own
 * chunk and, for a signed-in user, the first reads. The browser fetches them all while the
 * small entry loads, instead of one after another as each piece of code discovers the next. A
 * preloaded read is used by a fetch of the same URL, mode and credentials, as the app's are.
 */

const APP_CHUNK = 'src/client/app.tsx'
/**
 * Under /ops the entry loads the operations console instead of the app (src/client/main.tsx,
 * docs/operations-console.md "The console"): its chunks, and none of the customer's reads.
 */
const CONSOLE_CHUNKS = ['src/client/ops/load-ops-app.ts', 'src/client/ops/ops-app.tsx']
const ENGINE_CHUNK = 'src/client/i18n/engine.ts'
/** `/` for a signed-in user is the dashboard; every other page is named after its path. */
const SIGNED_IN_HOME = 'src/client/pages/dashboard-page.tsx'
/** Pages whose file is not named after their path. */
const PAGE_FILES: Record<string, string> = { '/dashboard': 'demo-dashboard-page' }
/** The first reads of every signed-in page: who is signed in, the start-up call, settings. */
const SIGNED_IN_READS = ['/api/auth/user', '/api/init', '/api/settings']
/**
 * What a page reads as soon as it draws, URL for URL as its hooks ask (tests/e2e/first-load.spec.ts
 * checks each is used): the dashboard's wallets, the history's first 50. The sales count is left
 * out, since its URL carries the device's time zone.
 */
const PAGE_READS: Record<string, readonly string[]> = {
  '/': ['/api/wallets'],
  '/transactions': ['/api/transactions?limit=50'],
}
/**
 * What a page shows below its first screen: named too, but behind what the first screen needs
 * (`fetchpriority="low"`), so on a slow network it does not hold back the balance.
 */
const LATER_READS: Record<string, readonly string[]> = {
  '/': ['/api/transactions', '/api/crypto/holdings', '/api/payment-requests'],
}

function preloadRead(url: string, priority: 'high' | 'low'): string {
  const low = priority === 'low' ? ' fetchpriority="low"' : ''
  return `<link rel="preload" as="fetch" crossorigin="use-credentials"${low} href="${url}">`
}

function pageModule(path: string, signedIn: boolean): string | undefined {
  if (path === '/') return signedIn ? SIGNED_IN_HOME : undefined
  const name = PAGE_FILES[path] ?? `${path.slice(1).replaceAll('/', '-')}-page`
  return /^[a-z-]+$/.test(name) ? `src/client/pages/${name}.tsx` : undefined
}

export type AppPage = (path: string, signedIn: boolean) => string

/** Reads the built page and manifest once; answers the page for a path. */
export function loadAppPage(root: string, pageFile: string): AppPage {
  const html = readFileSync(`${root}/${pageFile}`, 'utf8')
  const manifestPath = `${root}/.vite/manifest.json`
  if (!existsSync(manifestPath)) return () => html
  const manifest = viteManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
  // What index.html already names needs no second mention.
  const named = new Set([...html.matchAll(/\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]))
  const cache = new Map<string, string>()
  return (path, signedIn) => {
    const key = `${signedIn}|${path}`
    const cached = cache.get(key)
    if (cached) return cached
    const files = new Set<string>()
    const consolePage = path === OPS_BASE || path.startsWith(`${OPS_BASE}/`)
    const chunks = consolePage
      ? CONSOLE_CHUNKS
      : [APP_CHUNK, ENGINE_CHUNK, pageModule(path, signedIn)]
    for (const chunk of chunks) {
      // A path that is no page names a module the build does not have.
      if (chunk && manifest[chunk])
        for (const file of staticImportFiles(manifest, chunk)) files.add(file)
    }
    const links = [...files]
      .filter((file) => !named.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    if (signedIn && !consolePage) {
      for (const read of [...SIGNED_IN_READS, ...(PAGE_READS[path] ?? [])]) {
        links.push(preloadRead(read, 'high'))
      }
      for (const read of LATER_READS[path] ?? []) links.push(preloadRead(read, 'low'))
    }
    const page = html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`)
    // Only known pages are kept: an unknown path gets the page without a page chunk.
    if (cache.size < 100) cache.set(key, page)
    return page
  }
}
