import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type ViteManifest, viteManifestSchema } from '#shared/vite-manifest.ts'

/**
 * The client build's Vite manifest (`build.manifest` in vite.config.ts): how the prerender, the
 * size script and the end-to-end tests find the hashed files of a build.
 */
export const CLIENT_OUT_DIR = 'dist/client'
/** The React app's entry. */
export const APP_ENTRY = 'index.html'
/** The one script of the prerendered landing page. */
export const ENHANCE_ENTRY = 'src/client/entries/landing-enhance.ts'

export async function readViteManifest(root = process.cwd()): Promise<ViteManifest> {
  const path = resolve(root, CLIENT_OUT_DIR, '.vite/manifest.json')
  return viteManifestSchema.parse(JSON.parse(await readFile(path, 'utf8')))
}
