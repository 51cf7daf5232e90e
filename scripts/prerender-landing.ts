import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type LogLevel, resolveConfig } from 'vite'
import {
  APP_ENTRY,
  CLIENT_OUT_DIR,
  ENHANCE_ENTRY,
  readViteManifest,
  staticImportFiles,
} from './vite-manifest.ts'

/**
 * The second half of `npm run build` (the first is `vite build`): writes
 * dist/client/landing.html, the static landing page that visitors get at `/`
 * (docs/decisions/003-prerendered-landing-page.md).
 *
 * 1. Builds src/client/landing/prerender-entry.tsx for Node with Vite (into .tmp/ssr) and
 *    renders the React LandingPage to HTML with it: the app's own components and catalogs.
 * 2. Wraps it in index.html's <head>, the client build's stylesheet and the one small script
 *    of the page (src/client/landing/enhance.ts), found in the Vite manifest.
 * 3. Generates the service worker again, so its precache list includes landing.html, which
 *    did not exist yet when `vite build` generated it.
 *
 * `npm start` calls `prerenderLanding` too when it finds a client build without the page.
 */

const SSR_OUT_DIR = '.tmp/ssr'
const SSR_ENTRY = 'src/client/landing/prerender-entry.tsx'
export const LANDING_FILE = 'landing.html'

function hasFunction(value: unknown, name: string): (() => unknown) | undefined {
  if (typeof value !== 'object' || value === null || !(name in value)) return undefined
  const member: unknown = Reflect.get(value, name)
  return typeof member === 'function' ? () => member.call(value) : undefined
}

async function renderLandingMarkup(root: string, logLevel: LogLevel): Promise<string> {
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
  const render = hasFunction(entry, 'renderLandingPage')
  if (!render) throw new Error(`${SSR_ENTRY} exports no renderLandingPage()`)
  const markup: unknown = render()
  if (typeof markup !== 'string' || !markup.includes('<h1')) {
    throw new Error('the landing page rendered no <h1>: the prerender is broken')
  }
  return markup
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

/** Generates the service worker again through vite-plugin-pwa, with the app's own settings. */
async function regenerateServiceWorker(root: string, logLevel: LogLevel) {
  const config = await resolveConfig(
    { root, configFile: resolve(root, 'vite.config.ts'), logLevel },
    'build',
    'production',
  )
  const api: unknown = config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa')?.api
  const generateSW = hasFunction(api, 'generateSW')
  if (!generateSW) throw new Error('vite-plugin-pwa is missing from vite.config.ts')
  await generateSW()
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

  const markup = await renderLandingMarkup(root, logLevel)
  const html = landingDocument({
    ...(await readIndexHead(root)),
    stylesheets: css.map((file) => `/${file}`),
    script: `/${script}`,
    preloads: preloads.map((file) => `/${file}`),
    markup,
  })
  const path = resolve(root, CLIENT_OUT_DIR, LANDING_FILE)
  await mkdir(resolve(root, CLIENT_OUT_DIR), { recursive: true })
  await writeFile(path, html)
  await regenerateServiceWorker(root, logLevel)
  return { path }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { path } = await prerenderLanding()
  console.log(`prerendered the landing page into ${relative(process.cwd(), path)}`)
}
