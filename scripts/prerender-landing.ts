import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type LogLevel } from 'vite'
import { landingPageFile } from '#shared/landing-pages.ts'
import { LANGUAGES } from '#shared/languages.ts'
import { staticImportFiles } from '#shared/vite-manifest.ts'
import { APP_ENTRY, CLIENT_OUT_DIR, ENHANCE_ENTRY, readViteManifest } from './vite-manifest.ts'

/**
 * The second half of `npm run build` (the first is `vite build`): writes
 * dist/client/landing.html and landing.<language>.html, the static landing page that visitors
 * get at `/` in each language (docs/decisions/003-prerendered-landing-page.md, docs/i18n.md).
 *
 * 1. Builds src/client/entries/landing-prerender.tsx for Node with Vite (into .tmp/ssr) and
 *    renders the React LandingPage to HTML with it, once per language: the app's own
 *    components and catalogs.
 * 2. Wraps each in index.html's <head> (with the title and description in that language), the
 *    client build's stylesheet and the one small script of the page
 *    (src/client/entries/landing-enhance.ts), found in the Vite manifest.
 *
 * The service worker does not precache these pages (docs/offline.md "The service worker"), so
 * the one `vite build` generated stays as it is.
 *
 * `npm start` calls `prerenderLanding` too when it finds a client build without the page.
 */

const SSR_OUT_DIR = '.tmp/ssr'
const SSR_ENTRY = 'src/client/entries/landing-prerender.tsx'
export const LANDING_FILE = landingPageFile('en')

type Rendered = { markup: string; title: string; description: string }

function isRendered(value: unknown): value is Rendered {
  if (typeof value !== 'object' || value === null) return false
  return ['markup', 'title', 'description'].every(
    (key) => typeof Reflect.get(value, key) === 'string',
  )
}

async function renderLandingPages(
  root: string,
  logLevel: LogLevel,
): Promise<Map<string, Rendered>> {
  await build({
    root,
    configFile: false,
    logLevel,
    plugins: [react()],
    build: {
      ssr: SSR_ENTRY,
      outDir: SSR_OUT_DIR,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'prerender-entry.js' } },
    },
  })
  // A query string makes a second render in the same process load the new build.
  const url = `${pathToFileURL(resolve(root, SSR_OUT_DIR, 'prerender-entry.js')).href}?t=${Date.now()}`
  const entry: unknown = await import(url)
  const render: unknown =
    typeof entry === 'object' && entry !== null
      ? Reflect.get(entry, 'renderLandingPage')
      : undefined
  if (typeof render !== 'function') throw new Error(`${SSR_ENTRY} exports no renderLandingPage()`)
  const pages = new Map<string, Rendered>()
  // One language at a time: the catalogs are one i18next instance.
  for (const language of LANGUAGES) {
    const page: unknown = await render(language)
    if (!isRendered(page) || !page.markup.includes('<h1')) {
      throw new Error(`the ${language} landing page rendered no <h1>: the prerender is broken`)
    }
    pages.set(language, page)
  }
  return pages
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

/** index.html's head with the page's title and description in its language. */
function localizeHead(head: string, page: Rendered): string {
  return head
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/i,
      `<meta name="description" content="${escapeHtml(page.description)}"`,
    )
}

/** index.html's <html> attributes and <head> content, without its scripts. */
async function readIndexHead(root: string): Promise<{ htmlAttributes: string; head: string }> {
  const source = await readFile(resolve(root, APP_ENTRY), 'utf8')
  const htmlAttributes = /<html([^>]*)>/i.exec(source)?.[1] ?? ' lang="en"'
  const head = /<head>([\s\S]*?)<\/head>/i.exec(source)?.[1]
  if (head === undefined) throw new Error(`${APP_ENTRY} has no <head>`)
  return { htmlAttributes, head: head.replace(/\s*<script\b[\s\S]*?<\/script>/gi, '').trimEnd() }
}

function landingDocument(options: {
  htmlAttributes: string
  head: string
  stylesheets: string[]
  script: string
  preloads: string[]
  markup: string
}): string {
  const lines = [
    '<!doctype html>',
    `<html${options.htmlAttributes}>`,
    '  <head>',
    options.head.replace(/^\n/, ''),
    ...options.stylesheets.map((href) => `    <link rel="stylesheet" href="${href}" />`),
    `    <script type="module" src="${options.script}"></script>`,
    ...options.preloads.map((href) => `    <link rel="modulepreload" href="${href}" />`),
    '  </head>',
    '  <body>',
    `    ${options.markup}`,
    '  </body>',
    '</html>',
    '',
  ]
  return lines.join('\n')
}

export async function prerenderLanding(
  options: { root?: string; logLevel?: LogLevel } = {},
): Promise<{ path: string }> {
  const root = options.root ?? process.cwd()
  const logLevel = options.logLevel ?? 'info'
  const manifest = await readViteManifest(root)
  const css = manifest[APP_ENTRY]?.css ?? []
  if (css.length === 0) throw new Error(`no stylesheet for ${APP_ENTRY} in the Vite manifest`)
  const [script, ...preloads] = staticImportFiles(manifest, ENHANCE_ENTRY)
  if (!script) throw new Error(`${ENHANCE_ENTRY} is not in the Vite manifest`)

  const pages = await renderLandingPages(root, logLevel)
  const { htmlAttributes, head } = await readIndexHead(root)
  await mkdir(resolve(root, CLIENT_OUT_DIR), { recursive: true })
  for (const [language, page] of pages) {
    const html = landingDocument({
      htmlAttributes: htmlAttributes.replace(/\slang="[^"]*"/, ` lang="${language}"`),
      head: localizeHead(head, page),
      stylesheets: css.map((file) => `/${file}`),
      script: `/${script}`,
      preloads: preloads.map((file) => `/${file}`),
      markup: page.markup,
    })
    await writeFile(resolve(root, CLIENT_OUT_DIR, landingPageFile(language)), html)
  }
  return { path: resolve(root, CLIENT_OUT_DIR, LANDING_FILE) }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { path } = await prerenderLanding()
  console.log(`prerendered the landing page into ${relative(process.cwd(), path)}`)
}
