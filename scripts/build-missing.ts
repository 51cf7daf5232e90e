import { resolve } from 'node:path'
import { build } from 'vite'
import { buildServer } from './build-server.ts'
import { prerenderLanding } from './prerender-landing.ts'

/**
 * The parts of `npm run build` that scripts/start.mjs found missing (or, for the server,
 * older than its sources), named as arguments: `client` (the app, with Vite), `landing` (the
 * prerendered landing page, ADR 003; it needs the app's build) and `server` (the bundle).
 * One process does them all, so a signal that stops `npm start` stops the build with it.
 */
const parts = new Set(process.argv.slice(2))
const root = process.cwd()

if (parts.has('client')) {
  console.log('Building the client (this takes a while, once)...')
  await build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' })
}
if (parts.has('client') || parts.has('landing')) {
  await prerenderLanding({ root, logLevel: 'warn' })
}
if (parts.has('server')) {
  await buildServer(root)
}
