import { mkdir, writeFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/**
 * The last step of `npm run build`: bundles the server (src/server/main.ts and everything it
 * imports from src/) into one ES module, dist/server/main.js, that plain `node` runs. Packages
 * in node_modules stay imports, resolved at run time. esbuild follows package.json `imports`
 * (`#server/*`, `#shared/*`) and the `.ts` specifiers. Paths the server reads (package.json,
 * db/migrations, db/functions, dist/client) come from src/server/project-root.ts, true for
 * source and bundle.
 *
 * Next to the bundle, meta.json lists its source files: scripts/start.mjs rebuilds the bundle
 * when one of them is newer.
 */

export const SERVER_ENTRY = 'src/server/main.ts'
export const SERVER_BUNDLE = 'dist/server/main.js'
export const SERVER_META = 'dist/server/meta.json'

export async function buildServer(root = process.cwd()): Promise<{ path: string }> {
  const outfile = resolve(root, SERVER_BUNDLE)
  const result = await build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    // Readable stack traces in logs: names stay, and the file is not minified.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
  })
  await mkdir(resolve(root, 'dist/server'), { recursive: true })
  await writeFile(
    resolve(root, SERVER_META),
    `${JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }, null, 2)}\n`,
  )
  return { path: outfile }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { path } = await buildServer()
  console.log(`bundled the server into ${relative(process.cwd(), path)}`)
}
