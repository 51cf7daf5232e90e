import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import { runCommand } from './run-command.ts'

/**
 * `npm run size`: what a first visit to the landing page downloads before it can render,
 * gzipped: index.html, the entry chunk with everything it imports statically, their CSS, and
 * the landing page's lazily loaded chunk with its imports. Budget: 90 KB (DESIGN §8).
 */
const BUDGET_BYTES = 90 * 1024
const DIST = 'dist/client'

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)

const code = await runCommand('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'])
if (code !== 0) process.exit(code)
const manifest = manifestSchema.parse(
  JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')),
)

const files = new Set<string>()
function collect(key: string) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) collect(imported)
}
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) throw new Error('no entry chunk in the Vite manifest')
collect(entryKey)
const landingKey = Object.keys(manifest).find((key) => key.endsWith('pages/landing-page.tsx'))
if (landingKey) collect(landingKey)

const rows: [string, number][] = [
  ['index.html', gzipSync(readFileSync(`${DIST}/index.html`)).length],
]
for (const file of files) {
  const path = `${DIST}/${file}`
  if (existsSync(path)) rows.push([file, gzipSync(readFileSync(path), { level: 9 }).length])
}
const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0)
for (const [file, bytes] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`)
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  total landing page, gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
)
if (total > BUDGET_BYTES) {
  console.log('OVER BUDGET')
  process.exitCode = 1
}
