import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { staticImportFiles, type ViteManifest } from '#shared/vite-manifest.ts'
import { LANDING_FILE, prerenderLanding } from './prerender-landing.ts'
import { runCommand } from './run-command.ts'
import { APP_ENTRY, CLIENT_OUT_DIR, readViteManifest } from './vite-manifest.ts'

/**
 * `npm run size`: what a visitor's first load of `/` downloads, gzipped, against the 90 KB
 * budget (docs/performance.md "Page weight"). Since ADR 003 that is the prerendered landing.html,
 * the stylesheet it links and its one small script with that script's imports. For information it
 * also prints the React app's entry (index.html, the entry chunk and its static imports, the CSS):
 * what a signed-in user loads, and what the landing page cost before it was prerendered.
 */
const BUDGET_BYTES = 90 * 1024
/** The React app's entry: React and the first paint (docs/performance.md "Page weight"). */
const APP_ENTRY_BUDGET_BYTES = 100 * 1024

type Row = { file: string; bytes: number }

function gzippedSize(file: string): Row {
  return { file, bytes: gzipSync(readFileSync(`${CLIENT_OUT_DIR}/${file}`), { level: 9 }).length }
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).padStart(7)} KB`
}

function printRows(title: string, rows: Row[]): number {
  const total = rows.reduce((sum, row) => sum + row.bytes, 0)
  console.log(title)
  for (const row of [...rows].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${kilobytes(row.bytes)}  ${row.file}`)
  }
  return total
}

/** The stylesheets and scripts a built page names, as paths inside dist/client. */
function linkedFiles(html: string): { stylesheets: string[]; scripts: string[] } {
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}="/?([^"]+)"`).exec(tag)?.[1]
  const stylesheets: string[] = []
  const scripts: string[] = []
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    if (/\brel="stylesheet"/.test(tag)) {
      const href = attribute(tag, 'href')
      if (href) stylesheets.push(href)
    } else if (tag.startsWith('<script') || /\brel="modulepreload"/.test(tag)) {
      const src = attribute(tag, tag.startsWith('<script') ? 'src' : 'href')
      if (src) scripts.push(src)
    }
  }
  return { stylesheets, scripts }
}

/** Every script file a page loads before it runs: those it names and their static imports. */
function withStaticImports(manifest: ViteManifest, scripts: string[]): string[] {
  const files = new Set<string>()
  for (const script of scripts) {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === script)
    if (!key) throw new Error(`${script} is not in the Vite manifest`)
    for (const file of staticImportFiles(manifest, key)) files.add(file)
  }
  return [...files]
}

const code = await runCommand('npx', ['vite', 'build', '--logLevel', 'warn'])
if (code !== 0) process.exit(code)
await prerenderLanding({ logLevel: 'warn' })
const manifest = await readViteManifest()

const landing = linkedFiles(readFileSync(`${CLIENT_OUT_DIR}/${LANDING_FILE}`, 'utf8'))
const landingTotal = printRows(
  `First load of / for a visitor (${LANDING_FILE}), gzipped:`,
  [LANDING_FILE, ...landing.stylesheets, ...withStaticImports(manifest, landing.scripts)].map(
    gzippedSize,
  ),
)
console.log(
  `${kilobytes(landingTotal)}  total landing page (budget ${BUDGET_BYTES / 1024} KB)${
    landingTotal > BUDGET_BYTES ? '  OVER BUDGET' : ''
  }`,
)

const entry = manifest[APP_ENTRY]
if (!entry) throw new Error(`${APP_ENTRY} is not in the Vite manifest`)
console.log('')
const appTotal = printRows('The React app entry (index.html), gzipped:', [
  gzippedSize(APP_ENTRY),
  ...staticImportFiles(manifest, APP_ENTRY).map(gzippedSize),
  ...(entry.css ?? []).map(gzippedSize),
])
console.log(
  `${kilobytes(appTotal)}  total app entry (budget ${APP_ENTRY_BUDGET_BYTES / 1024} KB)${
    appTotal > APP_ENTRY_BUDGET_BYTES ? '  OVER BUDGET' : ''
  }`,
)

if (landingTotal > BUDGET_BYTES || appTotal > APP_ENTRY_BUDGET_BYTES) process.exitCode = 1
