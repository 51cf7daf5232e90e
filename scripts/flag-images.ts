import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Flags are images, not emoji (docs/screens.md "Flags"): a phone without an emoji font shows a
 * box for an emoji flag, and Windows shows two letters. The images are country-flag-icons' 3:2
 * SVGs, a few hundred bytes each, served as files under /assets/ rather than bundled: a screen
 * fetches only the flags it shows, and the service worker keeps them once seen.
 *
 * The folder is named with the package's version, so the year-long cache of /assets/ (see
 * src/server/http/static-plugin.ts) is never wrong about a file that did not change its name.
 */
const require = createRequire(import.meta.url)
const packageJson = require.resolve('country-flag-icons/package.json')
const { version } = versionOf(JSON.parse(readFileSync(packageJson, 'utf8')))
const SOURCE = join(dirname(packageJson), '3x2')
const FILE_NAME = /^[A-Z]{2}\.svg$/

/** Where the app finds the flags: `${FLAGS_BASE}NG.svg`. */
export const FLAGS_BASE = `/assets/flags-${version}/`

function versionOf(json: unknown): { version: string } {
  if (typeof json === 'object' && json !== null && 'version' in json) {
    const value = json.version
    if (typeof value === 'string' && /^[\w.-]+$/.test(value)) return { version: value }
  }
  throw new Error('country-flag-icons/package.json has no version')
}

export function flagImages(): Plugin {
  return {
    name: 'sabi-flag-images',
    config: () => ({ define: { 'import.meta.env.VITE_FLAGS_BASE': JSON.stringify(FLAGS_BASE) } }),
    configureServer(server) {
      server.middlewares.use(FLAGS_BASE, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        if (!FILE_NAME.test(name) || !existsSync(join(SOURCE, name))) return next()
        response.setHeader('Content-Type', 'image/svg+xml')
        response.end(readFileSync(join(SOURCE, name)))
      })
    },
    generateBundle() {
      for (const name of readdirSync(SOURCE)) {
        if (!FILE_NAME.test(name)) continue
        this.emitFile({
          type: 'asset',
          fileName: `${FLAGS_BASE.slice(1)}${name}`,
          source: readFileSync(join(SOURCE, name)),
        })
      }
    },
  }
}
