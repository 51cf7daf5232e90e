import { z } from 'zod'

/**
 * The client build's Vite manifest (`build.manifest` in vite.config.ts), read by the build
 * scripts (scripts/vite-manifest.ts) and by the server, which names a page's chunks in its head
 * (src/server/http/app-page.ts).
 */
export const viteManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
export type ViteManifest = z.infer<typeof viteManifestSchema>

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
