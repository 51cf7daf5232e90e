import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { z } from 'zod'

/**
 * The client build's Vite manifest (`build.manifest` in vite.config.ts): how the prerender, the
 * size script and the end-to-end tests find the hashed files of a build.
 */
export const CLIENT_OUT_DIR = 'dist/client'
/** The React app's entry. */
export const APP_ENTRY = 'index.html'
/** The one script of the prerendered landing page. */
export const ENHANCE_ENTRY = 'src/client/landing/enhance.ts'

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
export type ViteManifest = z.infer<typeof manifestSchema>

export async function readViteManifest(root = process.cwd()): Promise<ViteManifest> {
  const path = resolve(root, CLIENT_OUT_DIR, '.vite/manifest.json')
  return manifestSchema.parse(JSON.parse(await readFile(path, 'utf8')))
}

/** The files `key` loads before it runs, its own first, then its static imports', each once. */
export function staticImportFiles(manifest: ViteManifest, key: string): string[] {
  const files: string[] = []
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey]
    if (!chunk) throw new Error(`${chunkKey} is not in the Vite manifest`)
    if (files.includes(chunk.file)) return
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  return files
}
