import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding Sabi's package.json, found by walking up from this module. It is
 * src/server/ when the server runs from source (tsx, tests) and dist/server/ when it runs
 * bundled (`npm start`): paths to package.json, db/migrations, db/functions and dist/client hold in both.
 */
function findProjectRoot(from: string): string {
  let folder = from
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder)
    if (parent === folder) throw new Error(`no package.json in ${from} or above`)
    folder = parent
  }
  return folder
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))
